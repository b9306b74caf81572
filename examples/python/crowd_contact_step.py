"""A contact step as crowd codes write it, wrapped as a sweepcheck scheme (issue 59, item 7).

A crowd code's step (Maury and Venel, seed 001, in the form most codes ship): every person wants
the velocity U = f(t, q); the contact list holds the pairs and walls closer than `reach` at the
predicted positions p = q + h U, with their distances D and unit normals G; the step moves with
the admissible velocity nearest to U,

    u = argmin |u - U|^2   subject to   D + h G (u - U) >= 0   (the contacts, linearised at p),

a QP solved as crowd codes solve it: Uzawa's iteration on the contacts' multipliers, stopped when
no contact overlaps by more than `tol` (1 % of a diameter by default).  Everything above the class
is the third-party code; sweepcheck needs only `step(t, x, h, view)` and `claimed_order`, and the
iterations reported to `view.count` so that its diagnosis can read them.
"""
import numpy as np


def uzawa_velocity_projection(U, D, G, h, tol, relax=0.5, max_iterations=100000):
    """The admissible velocity nearest to U, and the iterations it took."""
    rho = relax / max(1e-300, np.linalg.norm(G, 2) ** 2)
    lam = np.zeros(len(D))
    for iteration in range(1, max_iterations + 1):
        u = U + (G.T @ lam) / h
        overlap = D + h * (G @ (u - U))        # the contacts at the step's end, linearised
        if overlap.min() >= -tol:              # no overlap deeper than tol: stop
            return u, iteration
        lam = np.maximum(0.0, lam - rho * overlap)
    return u, max_iterations


class CrowdContactStep:
    """The step above as a sweepcheck scheme: x holds the positions, the view's constraints the contacts."""
    claimed_order = 1.0                        # a catching-up step: order 1

    def __init__(self, tol=0.01 * 0.4, reach=0.05):   # the audit's crowd: radius 0.2, a diameter 0.4
        self.tol, self.reach = tol, reach
        self.name = f"crowd-contact-step(tol={tol:g})"

    def step(self, t, x, h, view):
        U = view.f(t, x)                                    # desired velocities
        p = x + h * U                                       # predicted positions
        D, G = view.values(t + h, p), view.grads(t + h, p)  # distances and normals of every contact
        near = D < self.reach                               # the contact list
        if not near.any():
            return p
        u, iterations = uzawa_velocity_projection(U, D[near], G[near], h, self.tol)
        view.count(inner_iterations=iterations)            # the work sweepcheck cannot see
        return x + h * u
