"""A problem written in Python: validated as problem plugins are, and run by Python and C++ schemes
alike (issue 49, item 3)."""
import math

import numpy as np
import pytest

import sweepcheck
import sweepcheck.testing as st
from problems import NoExact, PythonWall, StaticProjection, WrongStart
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
