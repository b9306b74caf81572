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

A result's figures (matplotlib): ``r.plot()``, ``r.plot(path="r.svg")``; in a notebook a result shows its
verdict, reason and figure.  The program itself: ``python3 -m sweepcheck --help``.  The pytest plugin
(fixtures, ``--sweepcheck-report DIR``): ``sweepcheck.pytest_plugin``.
"""
import os

from . import _sweepcheck
from ._consistency import check_exact_solution
from ._schemes import BadInput
from .manufactured import manufactured  # issue 56: manufactured problems (and a Hypothesis strategy)
from ._sweepcheck import (CheckOptions, ConvergenceResult, NormFit, OrderClaim, OrderFit, Problem,
                          ReferenceFreeResult, Steps, View)

PROBLEMS = ("sliding", "moving-half-plane", "dragged-in-ball", "pushed-by-obstacle", "crowd")


def problem(name, **options):
    """A problem, by name (an in-tree problem with an exact solution) or as a Python object.

    ``problem("sliding", d=3, C=1, alpha=0.19634954084936207)`` is seed 000's
    sliding case; ``problem("moving-half-plane", A=0.5, g=4, kappa=1)`` an
    oscillating wall (analytic/moving_sets.md); ``problem("crowd", people=10)`` seed 001's
    evacuation in a small room, every pair and disk-wall constraint on the view, without an
    exact solution (``reference_free`` checks it).  Known names: ``PROBLEMS``.
    A bad name or option raises ValueError naming it.

    ``problem(MyProblem())``: a problem written in Python, an object with
    ``t_end``, ``x0`` (an array), ``f(t, x)``, ``num_constraints`` and, per
    constraint j, ``g(j, t, x)`` (>= 0 on S_j), ``grad(j, t, x)``,
    ``distance(j, t, x)`` and ``project(j, t, y)`` (a new array), and
    optionally ``t0`` (0), ``exact(t)``, ``name``, ``parameters``,
    ``time_scale`` (1).  It is validated as problem plugins are
    (solvers/plugin/problem_validation.hpp: exact(t0) = x0, projections land in
    S_j and are idempotent and nearest, distances and gradients agree with
    g), and its exact solution is probed against it (python/sweepcheck/_consistency.py:
    exact(t) lies in S(t) and solves x' in f - N(S, x) at sixteen times); a
    ValueError lists what it breaks (``validate=False`` skips both).
    C++ schemes (``"pbd"``) and Python schemes run on it alike.
    """
    if isinstance(name, str):
        return _sweepcheck.make_problem(name, options)
    return _python_problem(name, **options)


def _problem_parts(obj):
    """A problem written in Python read and checked: (name, parameters, num_constraints, t0, t_end, x0,
    f, g, grad, distance, project, exact or None, time_scale).  problem() takes it so, and so does the
    audit's Python problem plugin (``sweepcheck audit --python-problem module:Class``)."""
    def value(attr, default=None, required=True):
        v = getattr(obj, attr, default)
        if callable(v) and attr not in ("f", "g", "grad", "distance", "project", "exact"):
            v = v()
        if v is None and required:
            raise BadInput(f"a problem needs {attr}; {type(obj).__name__} has none")
        return v

    def number(attr, default=None):
        v = value(attr, default)
        try:
            return float(v)
        except (TypeError, ValueError):
            raise BadInput(f"{attr} must be a number, got {v!r}") from None

    for method in ("f", "g", "grad", "distance", "project"):
        if not callable(getattr(obj, method, None)):
            raise BadInput(f"a problem needs a method {method}(...); {type(obj).__name__} has none")
    name = value("name", type(obj).__name__)
    m = value("num_constraints")
    if isinstance(m, bool) or not isinstance(m, int):
        raise BadInput(f"num_constraints must be an int, got {m!r}")
    exact = getattr(obj, "exact", None)
    return (str(name), str(value("parameters", "", required=False) or ""), m, number("t0", 0.0),
            number("t_end"), value("x0"), obj.f, obj.g, obj.grad, obj.distance, obj.project,
            exact if callable(exact) else None, number("time_scale", 1.0))


def _python_problem(obj, validate=True):
    parts = _problem_parts(obj)
    made = _sweepcheck.python_problem(*parts, bool(validate))  # the sets' calls validated first
    if validate:
        check_exact_solution(parts)  # then whether exact(t) solves the problem (python/sweepcheck/_consistency.py)
    return made


def _plugin_problem_parts(obj):
    """_problem_parts for the audit's Python problem plugin (python_scheme_plugin.cpp), with the exact
    solution's consistency probe, so that `--python-problem` refuses what sweepcheck.problem() refuses
    (BadInput: exit 2); `sweepcheck audit --no-validate` sets SWEEPCHECK_PYTHON_NO_VALIDATE=1, which skips it."""
    parts = _problem_parts(obj)
    if os.environ.get("SWEEPCHECK_PYTHON_NO_VALIDATE") != "1":
        check_exact_solution(parts)
    return parts


from . import testing  # noqa: E402  (after problem(): testing uses it)
from ._audit import AuditResult, audit  # noqa: E402
from . import _plot  # noqa: E402

# result.plot(path=None, figure=None) and the notebook's view of a result (python/sweepcheck/_plot.py).
_plot.attach(ConvergenceResult, ReferenceFreeResult, _sweepcheck.WorkPrecisionSet)

__all__ = ["BadInput", "problem", "PROBLEMS", "testing", "audit", "AuditResult", "OrderClaim", "Steps", "Problem", "View", "ConvergenceResult",
           "ReferenceFreeResult", "NormFit", "OrderFit", "CheckOptions"]
