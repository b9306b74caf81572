"""The consistency probe of a problem written in Python (issue 59): does its exact solution solve it?

The validation every problem passes (solvers/plugin/problem_validation.hpp, run by sweepcheck.problem()
and by the audit's loading child) checks the sets' calls -- projections land in S_j, are idempotent and
nearest, distances and gradients agree with g -- and exact(t0) = x0; it never asks whether x(t) = exact(t)
is the solution of the problem it comes with.  A wrong exact solution (one that leaves S(t), or solves
the problem with the other sign of f or of the normal cone) would then be blamed on every scheme that
converges to the true one.  This probe asks it, at SAMPLES fixed times t in (t0, t_end):

  - x(t) lies in S(t): distance(j, t, x(t)) <= IN_SET (1 + |x(t)|) for every j;
  - x solves x' in f(t, x) - N(S(t), x): with v the central difference (x(t + d) - x(t - d)) / 2d,
    f(t, x) - v must be a non-negative combination of the -grad g_j of the constraints active at x(t)
    (g_j <= ACTIVE (1 + |x|) |grad g_j|), N(S, x) = {-sum l_j grad g_j : l_j >= 0} (sweepcheck's sign,
    analytic/manufactured/manufactured.md, "The sign").  The misfit (non-negative least squares) must be
    at most RESIDUAL (1 + |f| + |v|) plus ten times the difference's own error, estimated as
    |v_d - v_2d| (the central difference's error is d^2 |x'''| / 6, a quarter of v_2d's: their difference
    is three of v_d's errors).

An exact solution with events is not differentiable at them: a time whose one-sided differences
disagree by more than KINK (1 + |v+| + |v-|) has an event within d and is not judged (a smooth x changes
them by about d |x''|, 1e-5 (t_end - t0) |x''|).  The sample times are irrational fractions of the span,
so that they do not fall on the round times events are usually put at.
"""
import math

import numpy as np

SAMPLES = 16
STEP = 1e-5       # d, relative to t_end - t0
IN_SET = 1e-8     # a closed form lies in S to round-off; 100x the validation's round-off (1e-10)
ACTIVE = 1e-6
RESIDUAL = 1e-6
KINK = 1e-3
SHOWN = 3         # sentences per property; the rest are counted


def nnls_residual(A, b, iterations=200):
    """min over l >= 0 of |A l - b| (Lawson and Hanson's active-set method, for the few columns of the
    constraints active at one point)."""
    m = A.shape[1]
    if m == 0:
        return float(np.linalg.norm(b))
    passive = np.zeros(m, dtype=bool)
    x = np.zeros(m)
    tol = 1e-12 * max(1.0, float(np.abs(A).max()) * float(np.abs(b).max(initial=0.0)))
    for _ in range(iterations):
        w = A.T @ (b - A @ x)
        if passive.all() or (w[~passive] <= tol).all():
            break
        j = int(np.argmax(np.where(passive, -np.inf, w)))
        passive[j] = True
        while True:
            z = np.zeros(m)
            z[passive] = np.linalg.lstsq(A[:, passive], b, rcond=None)[0]
            if (z[passive] > 0).all():
                x = z
                break
            bad = passive & (z <= 0)
            alpha = np.min(x[bad] / np.maximum(x[bad] - z[bad], 1e-300))  # 0 for an index just added at z = 0
            x = x + alpha * (z - x)
            passive &= x > tol
            x[~passive] = 0.0
    return float(np.linalg.norm(A @ x - b))


def sample_times(t0, t_end, n=SAMPLES):
    golden = (math.sqrt(5.0) - 1.0) / 2.0
    return [t0 + (t_end - t0) * (i + golden) / (n + 1) for i in range(n)]


def exact_solution_violations(name, m, t0, t_end, f, g, grad, distance, exact):
    """The sentences naming how exact(t) disagrees with the problem (empty: it is consistent)."""
    def state(t):
        return np.asarray(exact(t), dtype=float).reshape(-1)

    def vec(a):
        return "[" + ", ".join(f"{v:.6g}" for v in np.asarray(a).reshape(-1)[:6]) + \
            (", ..." if np.asarray(a).size > 6 else "") + "]"

    outside, unsolved = [], []
    d = STEP * (t_end - t0)
    for t in sample_times(t0, t_end):
        x = state(t)
        if not np.all(np.isfinite(x)):
            continue  # the validation and the runs name a non-finite exact solution
        scale = 1.0 + float(np.linalg.norm(x))
        for j in range(m):
            dist = float(distance(j, t, x))
            if dist > IN_SET * scale:
                outside.append(f"exact(t) must lie in S(t): at t = {t:.6g}, distance(j = {j}, t, exact(t)) = "
                               f"{dist:.3g} (> {IN_SET:g} (1 + |x|) = {IN_SET * scale:.3g}); exact(t) = {vec(x)}")
        xp, xm, xp2, xm2 = state(t + d), state(t - d), state(t + 2 * d), state(t - 2 * d)
        v_plus, v_minus = (xp - x) / d, (x - xm) / d
        if np.linalg.norm(v_plus - v_minus) > KINK * (1 + np.linalg.norm(v_plus) + np.linalg.norm(v_minus)):
            continue  # an event within d of t: x' is not defined there
        v = (xp - xm) / (2 * d)
        error = float(np.linalg.norm(v - (xp2 - xm2) / (4 * d)))
        fx = np.asarray(f(t, x), dtype=float).reshape(-1)
        active, columns = [], []
        for j in range(m):
            gj = np.asarray(grad(j, t, x), dtype=float).reshape(-1)
            if float(g(j, t, x)) <= ACTIVE * scale * max(1.0, float(np.linalg.norm(gj))):
                active.append(j)
                columns.append(-gj)
        A = np.array(columns).T if columns else np.zeros((x.size, 0))
        misfit = nnls_residual(A, fx - v)
        tol = RESIDUAL * (1 + np.linalg.norm(fx) + np.linalg.norm(v)) + 10 * error
        if misfit > tol:
            unsolved.append(
                f"exact(t) must solve x' in f(t, x) - N(S(t), x): at t = {t:.6g}, f(t, x) - x'(t) is "
                f"{misfit:.3g} away from the cone of -grad g_j over the active constraints {active} (tolerance "
                f"{tol:.3g}; x' = {vec(v)} by central differences, f(t, x) = {vec(fx)}): the exact solution of "
                f"another problem, or the other sign of f or of a gradient (grad g_j points into S_j)")
    out = []
    for found in (outside, unsolved):
        out += found[:SHOWN]
        if len(found) > SHOWN:
            out.append(f"... and {len(found) - SHOWN} more sample times like the last")
    return out


def check_exact_solution(parts):
    """Raises BadInput naming every property a problem's exact solution breaks (parts: what
    sweepcheck._problem_parts returns); nothing when it has none."""
    from ._schemes import BadInput
    name, _, m, t0, t_end, _, f, g, grad, distance, _, exact, _ = parts
    if exact is None:
        return
    broken = exact_solution_violations(name, m, t0, t_end, f, g, grad, distance, exact)
    if broken:
        raise BadInput(f"problem '{name}' is not what it says it is ({len(broken)} "
                       f"{'property' if len(broken) == 1 else 'properties'} of its exact solution broken; "
                       f"validate=False to run it anyway):\n  - " + "\n  - ".join(broken))
