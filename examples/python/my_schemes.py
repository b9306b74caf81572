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


class VectorisedCrowdPbd(Pbd):
    """For problems with many constraints, the crowd of seed 001 among them (every pair of disks and every
    disk against every wall: N(N-1)/2 + 5N constraints): the Euler predictor, then rounds of exact
    projections onto the constraints violated at the round's start, found all at once with NumPy (one
    view.values call a round), in the constraints' order, until none is violated.  A constraint that holds
    is left alone, so a step costs one look at all the constraints and the projections where disks touch.
    Claimed order 1/2: Venel's proven bound for the crowd (seed 001, Theorem 3.4), one-sided."""
    name = "my-vectorised-crowd-pbd"
    claimed_order = 0.5
    max_rounds = 100

    def step(self, t, x, h, view):
        y = x + h * view.f(t, x)
        for _ in range(self.max_rounds):
            violated = np.flatnonzero(view.values(t + h, y) < 0)  # every g_j at once
            if violated.size == 0:
                break
            for j in violated:
                view.project_inplace(int(j), t + h, y)  # exact, in place, counted by the view
            view.count(sweeps=1)
        return y


class ForgetsTheProjection(Pbd):
    """Wrong on purpose: explicit Euler, the constraints never looked at.  Its audit fails, and the
    diagnosis names the cause (the constraints never evaluated)."""
    name = "forgets-the-projection"

    def step(self, t, x, h, view):
        return x + h * view.f(t, x)
