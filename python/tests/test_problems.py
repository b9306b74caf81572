"""A problem written in Python: validated as problem plugins are, and run by Python and C++ schemes
alike (issue 49, item 3)."""
import math
import re

import numpy as np
import pytest

import sweepcheck
import sweepcheck.testing as st
from sweepcheck._consistency import exact_solution_violations
from event_problems import WaveLanding, WaveLiftoff
from problems import LeavesTheSet, NoExact, PythonWall, StaticProjection, WrongFieldSign, WrongStart
from schemes import NumpyPbd

WALL = dict(A=0.5, omega=2 * math.pi, g=4, a=0, u=1, b=0, t_end=2.5, kappa=1)


def test_the_cpp_pbd_on_the_python_wall_gets_the_numbers_of_the_in_tree_wall_to_round_off():
    mine = st.check_convergence("pbd", PythonWall())
    tree = st.check_convergence("pbd", sweepcheck.problem("moving-half-plane", **WALL))
    assert mine.verdict == tree.verdict == "pass", mine.describe()
    assert len(mine.rows) == len(tree.rows)
    for a, b in zip(mine.rows, tree.rows):
        # The same scheme on the same problem written twice: the exact solutions differ in the last
        # bits (x_2 = z + phi there, 0.5 sin 2 pi t here); measured largest relative difference 1.2e-13.
        assert a["error_uniform"] == pytest.approx(b["error_uniform"], rel=1e-10, abs=1e-15)
        assert a["work"]["constraint_evaluations"] == b["work"]["constraint_evaluations"]


def test_a_numpy_pbd_on_the_python_wall_gets_the_cpp_pbds_numbers_bit_for_bit():
    problem = sweepcheck.problem(PythonWall())
    py, cpp = st.check_convergence(NumpyPbd(), problem), st.check_convergence("pbd", problem)
    assert [r["error_uniform"] for r in py.rows] == [r["error_uniform"] for r in cpp.rows]
    assert py.verdict == cpp.verdict == "pass"


@pytest.mark.parametrize("problem, words", [
    (StaticProjection, "project(j = 0, t, x) must land in S_j"),
    (WrongStart, "exact(t0) must equal x0() to round-off: at t0 = 0 they differ by 0.1"),
], ids=["static-projection", "wrong-start"])
def test_a_wrong_python_problem_is_rejected_naming_what_it_breaks(problem, words):
    with pytest.raises(ValueError, match="is not what it says it is") as e:
        sweepcheck.problem(problem())
    assert words in str(e.value)
    # Negative control: the right problem passes the same validation.
    assert sweepcheck.problem(PythonWall()).name == "python-wall"
    # validate=False lets the user look at it anyway.
    assert sweepcheck.problem(problem(), validate=False).dim == 2


def test_a_python_problem_without_an_exact_solution_is_checked_reference_free():
    with pytest.raises(ValueError, match="has no exact solution.*reference_free"):
        st.check_convergence(NumpyPbd(), NoExact())
    assert st.reference_free(NumpyPbd(), NoExact()).verdict == "pass"


def test_a_python_problem_that_returns_a_bad_value_is_named():
    class BadField(PythonWall):
        def f(self, t, x):
            return np.zeros(3)

    with pytest.raises(ValueError, match="problem 'python-wall': f\\(t, x\\) returned a value that must have shape \\(2,\\)"):
        sweepcheck.problem(BadField())
    with pytest.raises(TypeError, match="a problem needs a method f\\(...\\); object has none"):
        sweepcheck.problem(object())


@pytest.mark.parametrize("problem, words", [
    (WrongFieldSign, r"exact\(t\) must solve x' in f\(t, x\) - N\(S\(t\), x\): at t = [0-9.]+, f\(t, x\) - x'\(t\) is "
                     r"[0-9.]+ away from the cone of -grad g_j over the active constraints \[0\]"),
    (LeavesTheSet, r"exact\(t\) must lie in S\(t\): at t = [0-9.]+, distance\(j = 0, t, exact\(t\)\) = 0\.0[0-9]+"),
], ids=["wrong-field-sign", "leaves-the-set"])
def test_a_python_problem_whose_exact_solution_does_not_solve_it_is_rejected_naming_the_defect(problem, words):
    # Both pass the validation of the sets' calls (the C++ half alone) ...
    parts = sweepcheck._problem_parts(problem())
    assert sweepcheck._sweepcheck.python_problem(*parts, True).dim == 2
    # ... and the consistency probe of the exact solution names what is wrong (every sample time fails).
    with pytest.raises(ValueError, match="is not what it says it is") as e:
        sweepcheck.problem(problem())
    assert isinstance(e.value, sweepcheck.BadInput)
    assert re.search(words, str(e.value)), str(e.value)
    assert "and 13 more sample times" in str(e.value)
    assert sweepcheck.problem(problem(), validate=False).dim == 2
    # The audit refuses it before running anything (bad input, as the program's exit code 2).
    with pytest.raises(ValueError, match="is not what it says it is"):
        sweepcheck.audit("pbd", out="unused", problem=problem, quiet=True)


@pytest.mark.parametrize("problem", [PythonWall, WaveLanding, WaveLiftoff], ids=["wall", "landing", "lift-offs"])
def test_consistent_python_problems_pass_the_consistency_probe_of_their_exact_solution(problem):
    # The negative controls' twins: in contact throughout, one landing, lift-offs and re-landings (the
    # events' kinks are not judged: each is within d of no sample time, or skipped by its one-sided differences).
    p = problem()
    parts = sweepcheck._problem_parts(p)
    assert exact_solution_violations(parts[0], *parts[2:5], *parts[6:10], parts[11]) == []
    assert sweepcheck.problem(p).name == parts[0]


def test_the_audits_python_problem_plugin_probes_the_exact_solution_unless_no_validate_is_given(monkeypatch):
    # What python_scheme_plugin.cpp calls when `sweepcheck audit --python-problem` makes the problem;
    # the program sets SWEEPCHECK_PYTHON_NO_VALIDATE=1 for --no-validate.
    monkeypatch.delenv("SWEEPCHECK_PYTHON_NO_VALIDATE", raising=False)
    with pytest.raises(sweepcheck.BadInput, match="exact\\(t\\) must solve"):
        sweepcheck._plugin_problem_parts(WrongFieldSign())
    assert sweepcheck._plugin_problem_parts(PythonWall())[0] == "python-wall"
    monkeypatch.setenv("SWEEPCHECK_PYTHON_NO_VALIDATE", "1")
    assert sweepcheck._plugin_problem_parts(WrongFieldSign())[0] == "wrong-field-sign"


def test_the_probes_non_negative_least_squares_is_the_best_feasible_subset_fit():
    # Known answer by brute force: least squares on every subset of columns, kept when its weights are >= 0.
    import itertools
    from sweepcheck._consistency import nnls_residual
    rng = np.random.default_rng(1)
    for trial in range(100):
        n, m = int(rng.integers(1, 5)), int(rng.integers(0, 5))
        A, b = rng.normal(size=(n, m)), rng.normal(size=n)
        if trial % 7 == 0 and m:
            A[:, 0] = 0  # a zero gradient
        best = np.linalg.norm(b)
        for k in range(1, m + 1):
            for cols in itertools.combinations(range(m), k):
                z = np.linalg.lstsq(A[:, cols], b, rcond=None)[0]
                if (z >= -1e-12).all():
                    best = min(best, np.linalg.norm(A[:, cols] @ np.maximum(z, 0) - b))
        assert nnls_residual(A, b) == pytest.approx(best, abs=1e-12)
    # The cone of -grad g for a floor {x_2 >= 0}: f - x' pressing into the floor is in it; pulling away is not.
    assert nnls_residual(np.array([[0.0], [-1.0]]), np.array([0.0, -3.0])) == pytest.approx(0.0, abs=1e-15)
    assert nnls_residual(np.array([[0.0], [-1.0]]), np.array([0.0, 1.0])) == pytest.approx(1.0)
