"""sweepcheck for Python: audit and test a sweeping-process scheme written in Python.

A scheme is a class with ``step(t, x, h, view) -> x_next`` (NumPy arrays) and,
optionally, ``claimed_order`` (a number, or None: none claimed) and ``name``.
``view`` is the problem as the step sees it (valid during that step only):

    view.dim, view.num_constraints
    view.f(t, x)                      f(t, x)
    view.g(j, t, x)                   g_j(t, x) >= 0 on S_j
    view.grad(j, t, x)                its gradient, pointing into S_j
    view.distance(j, t, x)            d_{S_j}(x)
    view.project(j, t, y)             P_{S_j(t)}(y), a new array
    view.project_inplace(j, t, y)     y <- P_{S_j(t)}(y); True when y moved
    view.values / grads / distances(t, x)   all constraints at once
    view.sweep(t, y)                  one Gauss-Seidel sweep of the projections, in order
    view.count(sweeps=, inner_iterations=)  work the view cannot see

The view counts constraint calls as the C++ host's views do.  The checks, with
the C++ testing API's verdicts and messages: ``sweepcheck.testing``.

    import sweepcheck.testing as st
    r = st.check_convergence(MyScheme(), "sliding")
    st.assert_converges(r)

The audit of `sweepcheck audit`, on a Python scheme (its class at a module's top level):

    import sweepcheck
    result = sweepcheck.audit(MyScheme(), out="audit")     # audit.json, audit.md; result.verdicts
"""
from . import _sweepcheck
from ._sweepcheck import (CheckOptions, ConvergenceResult, NormFit, OrderClaim, OrderFit, Problem,
                          ReferenceFreeResult, Steps, View)

PROBLEMS = ("sliding", "moving-half-plane", "dragged-in-ball", "pushed-by-obstacle")


def problem(name, **options):
    """An in-tree problem with an exact solution, by name, its options as keywords.

    ``problem("sliding", d=3, C=1, alpha=0.19634954084936207)`` is seed 000's
    sliding case; ``problem("moving-half-plane", A=0.5, g=4, kappa=1)`` an
    oscillating wall (analytic/moving_sets.md).  Known names: ``PROBLEMS``.
    A bad name or option raises ValueError naming it.
    """
    if not isinstance(name, str):
        raise TypeError(f"problem name must be a str, got {type(name).__name__}")
    return _sweepcheck.make_problem(name, options)


from . import testing  # noqa: E402  (after problem(): testing uses it)
from ._audit import AuditResult, audit  # noqa: E402

__all__ = ["problem", "PROBLEMS", "testing", "audit", "AuditResult", "OrderClaim", "Steps", "Problem", "View", "ConvergenceResult",
           "ReferenceFreeResult", "NormFit", "OrderFit", "CheckOptions"]
