"""Schemes for x' in f(t, x) - N(S(t), x) written in Python with NumPy, as a user writes them
(README, "A scheme written in Python").  Each is a class with step(t, x, h, view) -> x_next and a
claimed order; `view` is the problem as the step sees it (sweepcheck/__init__.py lists its calls)."""
import numpy as np


class Pbd:
    """Position-based dynamics (seed 000, (4)): an explicit Euler predictor, then one sweep of exact
    projections onto the constraints of S(t + h), in their order.  Order 1 (seed 000, Theorem 3.8)."""
    name = "my-pbd"
    claimed_order = 1

    def step(self, t, x, h, view):
        y = x + h * view.f(t, x)
        for j in range(view.num_constraints):
            y = view.project(j, t + h, y)
        return y


class VectorisedPbd(Pbd):
    """The same scheme with the sweep done by the host in one call: fast with many constraints."""
    name = "my-vectorised-pbd"

    def step(self, t, x, h, view):
        return view.sweep(t + h, x + h * view.f(t, x))


class ForgetsTheProjection(Pbd):
    """Wrong on purpose: explicit Euler, the constraints never looked at.  Its audit fails, and the
    diagnosis names the cause (the constraints never evaluated)."""
    name = "forgets-the-projection"

    def step(self, t, x, h, view):
        return x + h * view.f(t, x)
