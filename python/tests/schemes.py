"""Schemes written in Python for the package's tests: correct ones that must
pass and wrong ones that must fail (each a negative control of a test)."""
import numpy as np


class NumpyPbd:
    """Position-based dynamics, seed 000 (4): an Euler predictor, then one sweep of exact projections
    onto S(t + h) in the constraints' order. The same arithmetic as the C++ Pbd (solvers/schemes/pbd.hpp)."""
    name = "numpy-pbd"
    claimed_order = 1

    def step(self, t, x, h, view):
        y = x + h * view.f(t, x)
        for j in range(view.num_constraints):
            y = view.project(j, t + h, y)
        return y


class SweepPbd(NumpyPbd):
    """PBD through the vectorised sweep: one call a step."""
    name = "sweep-pbd"

    def step(self, t, x, h, view):
        return view.sweep(t + h, x + h * view.f(t, x))


class InPlacePbd(NumpyPbd):
    """PBD projecting in place."""
    name = "inplace-pbd"

    def step(self, t, x, h, view):
        y = x + h * view.f(t, x)
        for j in range(view.num_constraints):
            view.project_inplace(j, t + h, y)
        return y


class DroppedConstraint:
    """Wrong: explicit Euler, the constraint dropped; claims PBD's order 1."""
    name = "dropped-constraint"
    claimed_order = 1.0

    def step(self, t, x, h, view):
        return x + h * view.f(t, x)


class UnderRelaxedEuler:
    """Wrong (examples/consumer/oscillating_wall.hpp): the projection goes only sqrt(h) of the way back,
    so the runs converge, to the right solution, with order 1/2; claims 1."""
    name = "under-relaxed-euler"
    claimed_order = 1.0

    def step(self, t, x, h, view):
        y = x + h * view.f(t, x)
        return y + np.sqrt(h) * (view.sweep(t + h, y) - y)


class PolyhedronPbd(NumpyPbd):
    """PBD on a polyhedral set through view.polyhedron(t): one sweep of projections onto the half-spaces
    M_j z + b_j >= 0 of S(t + h), computed here with NumPy (no per-constraint view call)."""
    name = "polyhedron-pbd"

    def step(self, t, x, h, view):
        y = x + h * view.f(t, x)
        M, b = view.polyhedron(t + h)
        for j in range(M.shape[0]):
            gap = M[j] @ y + b[j]
            if gap < 0:
                y = y - gap / (M[j] @ M[j]) * M[j]
        return y


class FrozenTimePbd(NumpyPbd):
    """Wrong (issue 57): PBD that asks f and S at t = 0 on every step. Right on the problems without a moving
    set or a time-dependent field (the battery's first three), wrong everywhere else."""
    name = "frozen-time-pbd"

    def step(self, t, x, h, view):
        return view.sweep(0.0, x + h * view.f(0.0, x))
