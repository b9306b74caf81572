"""sweepcheck.testing as a user's pytest calls it: a NumPy PBD gets the C++ pbd's verdict and its numbers
bit for bit (the same arithmetic through the same plugin path), wrong schemes fail with the C++ API's
message, and bad input is a clear Python exception."""
import math

import numpy as np
import pytest

import sweepcheck
import sweepcheck.testing as st
from schemes import DroppedConstraint, InPlacePbd, NumpyPbd, PolyhedronPbd, SweepPbd, UnderRelaxedEuler

# The audit's oscillating wall (studies/audit/audit_problems.cpp, moving_audit_problems): x_2 >= 0.5 sin 2 pi t.
WALL = dict(A=0.5, omega=2 * math.pi, g=4, a=0, u=1, b=0, t_end=2.5, kappa=1)


def same_numbers(py, cpp):
    """Every row's errors, violation and counted constraint work equal, and the same fit."""
    assert len(py.rows) == len(cpp.rows)
    for a, b in zip(py.rows, cpp.rows):
        for key in ("h", "steps", "error_uniform", "error_grid", "error_final", "violation", "noise_floor"):
            assert a[key] == b[key], (key, a, b)
        for key in ("constraint_evaluations", "projections", "field_evaluations"):
            assert a["work"][key] == b["work"][key], (key, a, b)
    assert py.fit.order == cpp.fit.order
    assert [o.order for o in py.local_orders] == [o.order for o in cpp.local_orders]
    assert py.verdict == cpp.verdict
    assert py.reason == cpp.reason
    assert py.summary() == cpp.summary().replace(cpp.scheme, py.scheme, 1)


@pytest.mark.parametrize("problem", [sweepcheck.problem("sliding"), sweepcheck.problem("moving-half-plane", **WALL)],
                         ids=["sliding", "oscillating-wall"])
def test_a_numpy_pbd_gets_the_cpp_pbds_verdict_and_its_numbers_bit_for_bit(problem):
    py = st.check_convergence(NumpyPbd(), problem)
    cpp = st.check_convergence("pbd", problem)
    assert cpp.verdict == "pass", cpp.describe()
    same_numbers(py, cpp)
    st.assert_converges(py)


def test_the_vectorised_and_in_place_forms_give_the_same_numbers_and_count_the_same_work():
    cpp = st.check_convergence("pbd", "sliding")
    for scheme in (SweepPbd, InPlacePbd):
        same_numbers(st.check_convergence(scheme(), "sliding"), cpp)
    # The sweep counts a sweep a step, as the C++ ViewConstraintSet::sweep does.
    assert [r["work"]["sweeps"] for r in st.check_convergence(SweepPbd(), "sliding").rows] == \
           [r["work"]["sweeps"] for r in cpp.rows]


def test_the_view_counts_every_constraint_call_a_scheme_makes():
    class LooksTwice(NumpyPbd):
        def step(self, t, x, h, view):
            view.values(t, x)  # m more evaluations a step, nothing else changes
            return super().step(t, x, h, view)

    plain = st.check_convergence(NumpyPbd(), "sliding", max_new_rungs=0)
    twice = st.check_convergence(LooksTwice(), "sliding", max_new_rungs=0)
    for a, b in zip(plain.rows, twice.rows):
        assert b["work"]["constraint_evaluations"] == a["work"]["constraint_evaluations"] + 2 * a["steps"]
        assert b["error_uniform"] == a["error_uniform"]


def test_the_polyhedron_of_a_polyhedral_problem_is_on_the_view_as_arrays_and_counted_per_row():
    wall = sweepcheck.problem("moving-half-plane", **WALL)
    poly = st.check_convergence(PolyhedronPbd(), wall, max_new_rungs=0)
    pbd = st.check_convergence(NumpyPbd(), wall, max_new_rungs=0)
    assert poly.verdict == "pass", poly.describe()
    for a, b in zip(poly.rows, pbd.rows):
        # One row read a step, as one projection is: the same count; the same half-space, to round-off.
        assert a["work"]["constraint_evaluations"] == b["work"]["constraint_evaluations"] == a["steps"]
        assert a["error_uniform"] == pytest.approx(b["error_uniform"], rel=1e-9)
    seen = []

    class Looks(NumpyPbd):
        def step(self, t, x, h, view):
            seen.append(view.has_polyhedron)
            if view.has_polyhedron:
                M, b = view.polyhedron(t)
                seen.append((M.shape, b.shape, M[0, 1], abs(b[0] + 0.5 * math.sin(2 * math.pi * t)) < 1e-15))
            return super().step(t, x, h, view)

    st.check_convergence(Looks(), wall, steps=st.Steps.counts([10, 20, 40]), max_new_rungs=0)
    assert seen[0] is True and seen[1] == ((1, 2), (1,), 1.0, True)
    # A set that is not a polyhedron: has_polyhedron is False, and asking for it is a named ValueError.
    seen.clear()
    with pytest.raises(ValueError, match="not given as a polyhedron"):
        st.check_convergence(PolyhedronPbd(), "sliding", max_new_rungs=0)
    st.check_convergence(Looks(), "sliding", steps=st.Steps.counts([10, 20, 40]), max_new_rungs=0)
    assert seen and not any(seen)


def test_a_scheme_that_drops_the_constraint_fails_its_order_one_claim_with_the_cpp_message():
    r = st.check_convergence(DroppedConstraint(), "sliding")
    assert r.verdict == "fail", r.describe()
    st.assert_fails_its_claim(r)
    with pytest.raises(AssertionError) as e:
        st.assert_converges(DroppedConstraint(), "sliding")
    message = str(e.value)
    assert message.startswith("check_convergence: expected verdict pass, got fail: dropped-constraint on sliding\n")
    assert r.headline() in message and r.describe() in message
    # Negative control of assert_fails_its_claim: a correct scheme does not fail.
    with pytest.raises(AssertionError, match="expected verdict fail, got pass: numpy-pbd on sliding"):
        st.assert_fails_its_claim(NumpyPbd(), "sliding")


def test_the_claim_in_the_call_replaces_the_schemes_own():
    r = st.check_convergence(NumpyPbd(), "sliding", claim=2)
    assert str(r.claim) == "order >= 2 (to within 0.05)"
    assert r.verdict == "fail", r.describe()
    sharp = st.check_convergence(NumpyPbd(), "sliding", claim=st.OrderClaim.exactly(1).within(0.1))
    assert sharp.claim_is_sharp and sharp.verdict == "pass", sharp.describe()


def test_reference_free_passes_pbd_as_for_the_cpp_pbd_and_fails_an_order_half_scheme():
    wall = sweepcheck.problem("moving-half-plane", **WALL)
    py = st.reference_free(NumpyPbd(), wall)
    cpp = st.reference_free("pbd", wall)
    assert py.verdict == cpp.verdict == "pass", py.describe()
    assert [r["error_uniform"] for r in py.rows][:-1] == [r["error_uniform"] for r in cpp.rows][:-1]
    wrong = st.reference_free(UnderRelaxedEuler(), wall)
    assert wrong.verdict == "fail", wrong.describe()
    assert abs(wrong.order - 0.5) < 0.1, wrong.describe()


def test_every_run_gets_a_fresh_instance_and_the_object_given_is_never_stepped():
    class Counting(NumpyPbd):
        def __init__(self):
            self.steps = 0

        def step(self, t, x, h, view):
            # A fresh instance's first step is a run's first (at t0 = 0), on the plain grid and on
            # a phased one (grid phases: a first step of phi h, then h).
            assert (self.steps == 0) == (t == 0.0), "state carried over from another run"
            self.steps += 1
            return super().step(t, x, h, view)

    given = Counting()
    r = st.check_convergence(given, "sliding", max_new_rungs=0)
    assert given.steps == 0
    assert r.verdict == "pass"
    assert st.check_convergence(Counting, "sliding", max_new_rungs=0).verdict == "pass"  # a class: called per run


def test_an_exception_in_step_reaches_the_caller_as_raised_with_its_traceback():
    class Raises(NumpyPbd):
        def step(self, t, x, h, view):
            if t > 0.5:
                raise ZeroDivisionError("boom at t > 0.5")
            return super().step(t, x, h, view)

    with pytest.raises(ZeroDivisionError, match="boom") as e:
        st.check_convergence(Raises(), "sliding")
    assert any(frame.name == "step" for frame in e.traceback)


@pytest.mark.parametrize("returned, error, words", [
    (lambda x: None, TypeError, "numpy-pbd.step() returned a value that must be an array of shape (3,), got None"),
    (lambda x: x[:2], ValueError, "numpy-pbd.step() returned a value that must have shape (3,), got shape (2,)"),
    (lambda x: "abc", TypeError, "must be an array of shape (3,) of floats, got str"),
    (lambda x: np.zeros((3, 1)), ValueError, "got shape (3, 1)"),
])
def test_a_step_that_returns_a_bad_value_is_named(returned, error, words):
    class Bad(NumpyPbd):
        def step(self, t, x, h, view):
            return returned(x)

    with pytest.raises(error) as e:
        st.check_convergence(Bad(), "sliding")
    assert words in str(e.value)


def test_bad_view_calls_are_python_exceptions_never_a_crash():
    kept = []

    class Misuses(NumpyPbd):
        def __init__(self, call):
            self.call = call

        def step(self, t, x, h, view):
            kept.append(view)
            self.call(view, t, x)
            return super().step(t, x, h, view)

    for call, error, words in [
        (lambda v, t, x: v.project(7, t, x), IndexError, "constraint index 7 out of range [0, 2)"),
        (lambda v, t, x: v.g(-1, t, x), IndexError, "constraint index -1 out of range"),
        (lambda v, t, x: v.f(t, x[:1]), ValueError, "view.f: x must have shape (3,), got shape (1,)"),
        (lambda v, t, x: v.project_inplace(0, t, [1.0, 2.0, 3.0]), TypeError, "numpy float64 array"),
        (lambda v, t, x: v.count(sweeps=-1), ValueError, "counts must be >= 0"),
    ]:
        with pytest.raises(error, match=None) as e:
            st.check_convergence(Misuses(call), "sliding", max_new_rungs=0)
        assert words in str(e.value)
    with pytest.raises(RuntimeError, match="valid only inside step"):
        kept[0].f(0.0, np.zeros(3))


def test_the_crowd_is_checked_reference_free_as_the_cpp_pbd_and_its_bad_options_are_named():
    crowd = sweepcheck.problem("crowd")  # 10 people in the audit's 3 x 3 room, T = 1
    assert (crowd.dim, crowd.num_constraints, crowd.has_exact) == (20, 10 * 9 // 2 + 5 * 10, False)
    py = st.reference_free(SweepPbd(), crowd)
    cpp = st.reference_free("pbd", crowd)
    assert py.verdict == cpp.verdict == "pass", py.describe()
    # The same sweep, so the same distances between successive runs (the finest has none: NaN).
    np.testing.assert_array_equal([r["error_uniform"] for r in py.rows], [r["error_uniform"] for r in cpp.rows])
    with pytest.raises(ValueError, match="no exact solution"):
        st.check_convergence(SweepPbd(), crowd)
    for options, words in [({"people": 2.5}, "people must be a whole number"), ({"doors": 2}, "no option 'doors'"),
                           ({"radius": -1}, "radius must be > 0")]:
        with pytest.raises(ValueError, match=words):
            sweepcheck.problem("crowd", **options)


def test_bad_schemes_problems_and_options_are_named():
    class NoStep:
        pass

    class BadClaim(NumpyPbd):
        claimed_order = "one"

    with pytest.raises(TypeError, match="step\\(t, x, h, view\\)"):
        st.check_convergence(NoStep(), "sliding")
    with pytest.raises(ValueError, match="claimed_order must be None or a finite number > 0, got 'one'"):
        st.check_convergence(BadClaim(), "sliding")
    with pytest.raises(ValueError, match="unknown problem 'slidng'"):
        st.check_convergence(NumpyPbd(), "slidng")
    with pytest.raises(ValueError, match="has no option 'D'"):
        sweepcheck.problem("sliding", D=3)
    with pytest.raises(ValueError, match="alpha must lie in"):
        sweepcheck.problem("sliding", alpha=-1)
    with pytest.raises(ValueError, match="unknown in-tree scheme 'pbdd'"):
        st.check_convergence("pbdd", "sliding")
    with pytest.raises(ValueError, match="steps"):
        st.check_convergence(NumpyPbd(), "sliding", steps=[10])
    with pytest.raises(ValueError, match="budget_work"):
        st.check_convergence(NumpyPbd(), "sliding", budget_work=math.nan)
    with pytest.raises(ValueError, match="order"):
        st.OrderClaim.at_least(-1)


def test_work_precision_compares_python_and_cpp_schemes_at_matched_work_with_the_cpp_messages():
    wall = sweepcheck.problem("moving-half-plane", **WALL)
    w = st.work_precision(["pbd", NumpyPbd(), UnderRelaxedEuler()], wall)
    assert list(w.series) == ["pbd", "numpy-pbd", "under-relaxed-euler"]
    for a, b in zip(w.series["numpy-pbd"], w.series["pbd"]):  # the same runs, the same counted work
        assert (a["error_uniform"], a["error_final"], a["work_units"]) == (b["error_uniform"], b["error_final"], b["work_units"])
    same = w.against_baseline("numpy-pbd")
    assert same.compared == 8 and same.min_ratio == pytest.approx(1, rel=1e-12) and same.max_ratio == pytest.approx(1, rel=1e-12)
    st.assert_less_accurate_at_matched_work(w, UnderRelaxedEuler())
    with pytest.raises(AssertionError) as e:  # negative control: the order-1/2 scheme is not as accurate
        st.assert_at_least_as_accurate_at_matched_work(w, UnderRelaxedEuler())
    assert str(e.value).startswith("work_precision: expected under-relaxed-euler at least as accurate as pbd at "
                                   "matched work at every compared run\n  got: under-relaxed-euler against pbd")
    # With the wrong scheme as the baseline, PBD is at least as accurate at every compared run.
    st.assert_at_least_as_accurate_at_matched_work(st.work_precision([UnderRelaxedEuler(), NumpyPbd()], wall), NumpyPbd())
    with pytest.raises(ValueError, match="at least two schemes"):
        st.work_precision(["pbd"], wall)


def test_a_scheme_against_itself_at_matched_work_is_at_least_as_accurate_ties_at_round_off():
    # Issue 60: pbd against pbd, and a NumPy PBD whose errors equal pbd's bit for bit: every compared
    # run is a tie to round-off (kMatchedWorkRoundOff, sweepcheck/work_precision.hpp), never a loss.
    w = st.work_precision(["pbd", "pbd"], "sliding")
    m = st.assert_at_least_as_accurate_at_matched_work(w, "pbd")
    assert m.compared > 0 and m.tied == m.compared, m.summary()
    with pytest.raises(AssertionError):  # and so never "less accurate"
        st.assert_less_accurate_at_matched_work(w, "pbd")
    wall = sweepcheck.problem("moving-half-plane", **WALL)
    same = st.assert_at_least_as_accurate_at_matched_work(st.work_precision(["pbd", NumpyPbd()], wall), NumpyPbd())
    assert same.tied == same.compared == 8, same.summary()


def test_ctrl_c_stops_a_long_check_at_the_next_step():
    import os
    import signal

    class Interrupted(NumpyPbd):
        def step(self, t, x, h, view):
            if t > 0.5:
                os.kill(os.getpid(), signal.SIGINT)  # as a user's Ctrl-C
            return super().step(t, x, h, view)

    with pytest.raises(KeyboardInterrupt):
        st.check_convergence(Interrupted(), "sliding")
