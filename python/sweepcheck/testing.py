"""Convergence checks for a user's own tests (pytest), as the C++ testing API
(sweepcheck/testing.hpp, sweepcheck/gtest.hpp) runs and words them:

    import sweepcheck.testing as st

    def test_my_pbd_converges_with_order_one_on_the_sliding_case():
        st.assert_converges(MyPbd(), "sliding")        # runs check_convergence, fails with the C++ message

    r = st.check_convergence(MyPbd(), "sliding", claim=st.OrderClaim.at_least(1).within(0.05))
    r.verdict, r.reason, r.summary(), r.describe(), r.rows, r.uniform.errors, r.local_orders

A scheme is a Python object or class (sweepcheck/__init__.py says what it
needs), or the name of an in-tree C++ scheme ("pbd"), run through the same
plugin path, so the two can be compared number for number.  Every run gets a
fresh instance of the scheme.  The claim is the scheme's own
(``claimed_order``) unless one is passed: a number p means "order >= p", or an
``OrderClaim``.  Refinement goes as deep as that claim asks, within the same
deterministic work budget as the C++ API (``budget_work``, 6e7 work units).
"""
import math
import numbers

from . import _sweepcheck
from ._schemes import resolve
from ._sweepcheck import ConvergenceResult, OrderClaim, ReferenceFreeResult, Steps, WorkPrecisionSet, WorkWeights

AUDIT_REFINE_WORK = _sweepcheck.AUDIT_REFINE_WORK

__all__ = ["check_convergence", "reference_free", "work_precision", "assert_converges", "assert_fails_its_claim",
           "assert_at_least_as_accurate_at_matched_work", "assert_less_accurate_at_matched_work", "OrderClaim", "Steps",
           "WorkWeights", "AUDIT_REFINE_WORK"]


# Called with (kind, result) after every check this module makes: the pytest plugin's session report
# (sweepcheck/pytest_plugin.py, --sweepcheck-report) collects them so.
_observers = []


def _observed(kind, result):
    for observer in list(_observers):
        observer(kind, result)
    return result


def _problem(problem):
    if isinstance(problem, _sweepcheck.Problem):
        return problem
    from . import problem as make
    return make(problem)  # a name, or a problem written in Python (validated)


def _claim(claim):
    if claim is None:
        return OrderClaim.schemes_own()
    if isinstance(claim, OrderClaim):
        return claim
    if isinstance(claim, numbers.Real) and not isinstance(claim, bool):
        return OrderClaim.at_least(float(claim))
    raise TypeError(f"claim must be None, a number (order >= p) or an OrderClaim, got {claim!r}")


def _steps(steps):
    if steps is None:
        return Steps.standard()
    if isinstance(steps, Steps):
        return steps
    values = list(steps)
    if values and all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in values):
        return Steps.counts([int(v) for v in values])
    raise TypeError("steps must be a Steps, or a list of step counts (ints); for step sizes use Steps.sizes([...])")


def _options(claim, steps, refine_for, points_per_step, budget_work, max_new_rungs, samples=16, phases=4,
             phases_at="at-events"):
    o = _sweepcheck.CheckOptions()
    if not isinstance(phases, int) or isinstance(phases, bool) or not 1 <= phases <= 64:
        raise ValueError(f"phases must be a whole number in [1, 64], got {phases!r}")
    if phases_at not in ("at-events", "always", "never"):
        raise ValueError(f"phases_at must be 'at-events', 'always' or 'never', got {phases_at!r}")
    o.phases, o.phases_at = phases, phases_at
    o.claim = _claim(claim)
    o.steps = _steps(steps)
    o.refine_for = refine_for
    o.points_per_step = points_per_step
    if not (isinstance(budget_work, numbers.Real) and math.isfinite(budget_work) and budget_work >= 0):
        raise ValueError(f"budget_work must be a finite number of work units >= 0, got {budget_work!r}")
    o.budget_work = float(budget_work)
    o.max_new_rungs = max_new_rungs
    o.samples = samples
    return o


def check_convergence(scheme, problem="sliding", claim=None, *, steps=None, refine_for="uniform", points_per_step=8,
                      budget_work=AUDIT_REFINE_WORK, max_new_rungs=12, phases=4, phases_at="at-events"):
    """Runs `scheme` on `problem` over `steps` (default: 8 rungs, n = 10 ... 1000), refines for the
    claim and returns the ConvergenceResult of the C++ API (verdict, reason, summary(), describe(),
    rows, uniform, final_time, local_orders).  An exception raised in the scheme's step() reaches the
    caller as it was raised.  Each rung's error is the worst over `phases` grids of step h whose first
    step is (i / phases) h, on the rungs whose plain grid changes its active set (`phases_at`:
    "at-events", "always" or "never"), as a convergence theorem bounds it."""
    p = _problem(problem)
    s = resolve(scheme)
    o = _options(claim, steps, refine_for, points_per_step, budget_work, max_new_rungs, phases=phases,
                 phases_at=phases_at)
    if isinstance(s, str):
        return _observed("check_convergence", _sweepcheck.check_convergence_cpp(p, s, o))
    return _observed("check_convergence", _sweepcheck.check_convergence_python(p, s.make, s.name, s.claimed_order, o))


def reference_free(scheme, problem="sliding", claim=None, *, steps=None, samples=16, budget_work=AUDIT_REFINE_WORK,
                   max_new_rungs=12, phases=4, phases_at="at-events"):
    """The reference-free check (sweepcheck/reference_free_check.hpp): successive runs compared with
    each other at `samples` times, never with the exact solution; a ReferenceFreeResult.  Over grid
    phases as check_convergence: on rungs whose plain grid has an event, `phases` grids, and two
    successive rungs compared phase by phase (the largest distance counts)."""
    p = _problem(problem)
    s = resolve(scheme)
    o = _options(claim, steps, "uniform", 8, budget_work, max_new_rungs, samples, phases=phases,
                 phases_at=phases_at)
    if isinstance(s, str):
        return _observed("reference_free", _sweepcheck.reference_free_cpp(p, s, o))
    return _observed("reference_free", _sweepcheck.reference_free_python(p, s.make, s.name, s.claimed_order, o))


def verdict_message(expr, result, wanted):
    """The C++ assertion's message (sweepcheck/gtest.hpp, verdict_assertion), word for word."""
    return (f"{expr}: expected verdict {wanted}, got {result.verdict}: {result.scheme} on {result.problem}\n"
            f"{result.headline()}\n{result.describe()}")


def _result(scheme_or_result, problem, claim, kwargs, runner):
    if isinstance(scheme_or_result, (ConvergenceResult, ReferenceFreeResult)):
        if problem is not None or claim is not None or kwargs:
            raise TypeError("a result is judged as it is: pass the problem, claim and options to the check that made it")
        return "result", scheme_or_result
    r = runner(scheme_or_result, "sliding" if problem is None else problem, claim, **kwargs)
    return runner.__name__, r


def assert_converges(scheme_or_result, problem=None, claim=None, **kwargs):
    """Passes when the verdict against the claim is pass; else AssertionError with the C++ API's message
    (the claim, the observed order, the reason, every norm's fit, the error table, the local orders).
    Takes a result, or runs check_convergence(scheme, problem, claim, **kwargs) and returns its result."""
    __tracebackhide__ = True
    expr, r = _result(scheme_or_result, problem, claim, kwargs, check_convergence)
    if r.verdict != "pass":
        raise AssertionError(verdict_message(expr, r, "pass"))
    return r


def assert_fails_its_claim(scheme_or_result, problem=None, claim=None, **kwargs):
    """What a test of a scheme known to be wrong asserts: the claim fails on settled evidence."""
    __tracebackhide__ = True
    expr, r = _result(scheme_or_result, problem, claim, kwargs, check_convergence)
    if r.verdict != "fail":
        raise AssertionError(verdict_message(expr, r, "fail"))
    return r


def work_precision(schemes, problem="sliding", *, steps=None, weights=None, figure=""):
    """Several schemes on one problem, error against work (sweepcheck/work_precision.hpp): the first is
    the baseline, every other is compared with it at matched work.  Work is counted, never timed
    (``weights``: a WorkWeights, default 1 f + 1 constraint evaluation + 1 inner iteration;
    ``WorkWeights.paper()``: constraint evaluations alone).  ``figure``: a path stem for stem.dat,
    stem.gp (and .png/.svg with gnuplot).  Returns the WorkPrecisionSet of the C++ API."""
    p = _problem(problem)
    given = []
    for scheme in schemes:
        s = resolve(scheme)
        given.append(("cpp", s) if isinstance(s, str) else ("python", s.make, s.name, s.claimed_order))
    return _observed("work_precision", _sweepcheck.work_precision(p, given, _steps(steps),
                                                                  WorkWeights() if weights is None else weights, figure))


def _scheme_name(scheme):
    if isinstance(scheme, str):
        return scheme
    return resolve(scheme).name


def matched_work_message(w, scheme, wanted):
    """The C++ assertion's message (sweepcheck/gtest.hpp, matched_work_assertion)."""
    m = w.against_baseline(_scheme_name(scheme))
    return (f"work_precision: expected {m.scheme}{' at least as accurate as ' if wanted else ' less accurate than '}"
            f"{m.baseline} at matched work at every compared run\n  got: {m.summary()}\n"
            f"  work = {w.weights.describe()}\n\n{w.describe()}")


def assert_at_least_as_accurate_at_matched_work(w, scheme):
    """At every compared run, `scheme`'s error is at most the baseline's at the same work (and one run compared)."""
    __tracebackhide__ = True
    m = w.against_baseline(_scheme_name(scheme))
    if not (m.compared > 0 and m.as_accurate == m.compared):
        raise AssertionError(matched_work_message(w, scheme, True))
    return m


def assert_less_accurate_at_matched_work(w, scheme):
    """At every compared run, `scheme`'s error is above the baseline's at the same work."""
    __tracebackhide__ = True
    m = w.against_baseline(_scheme_name(scheme))
    if not (m.compared > 0 and m.as_accurate == 0):
        raise AssertionError(matched_work_message(w, scheme, False))
    return m
