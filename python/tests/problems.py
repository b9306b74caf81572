"""Problems written in Python for the package's tests: the audit's oscillating wall, and wrong
variants the validation must reject (negative controls)."""
import numpy as np


class PythonWall:
    """x' in f(t, x) - N(S(t), x), S(t) = {x_2 >= 0.5 sin 2 pi t}, f = (1 - x_1, -4), x(0) = 0: the
    in-tree moving-half-plane with A = 0.5, g = 4, kappa = 1 (analytic/moving_sets.md, 1), written
    again in Python. g = 4 > A omega = pi: the wall carries the point, x_2 = 0.5 sin 2 pi t."""
    name = "python-wall"
    parameters = "A=0.5 g=4 kappa=1"
    t_end = 2.5
    num_constraints = 1

    def __init__(self):
        self.x0 = np.zeros(2)

    @staticmethod
    def wall(t):
        return 0.5 * np.sin(2 * np.pi * t)

    def f(self, t, x):
        return np.array([1.0 - x[0], -4.0])

    def g(self, j, t, x):
        return x[1] - self.wall(t)

    def grad(self, j, t, x):
        return np.array([0.0, 1.0])

    def distance(self, j, t, x):
        return max(0.0, self.wall(t) - x[1])

    def project(self, j, t, y):
        z = np.array(y, dtype=float)
        z[1] = max(z[1], self.wall(t))
        return z

    def exact(self, t):
        return np.array([1.0 - np.exp(-t), self.wall(t)])


class StaticProjection(PythonWall):
    """Wrong: projects onto the wall's position at t = 0 whatever t."""
    name = "static-projection"

    def project(self, j, t, y):
        z = np.array(y, dtype=float)
        z[1] = max(z[1], 0.0)
        return z


class WrongStart(PythonWall):
    """Wrong: its exact solution does not start at x0."""
    name = "wrong-start"

    def exact(self, t):
        return super().exact(t) + 0.1


class NoExact(PythonWall):
    name = "no-exact"
    exact = None


class WrongFieldSign(PythonWall):
    """Wrong, and every set call right: the field pulls up (f_2 = +4) while the exact solution still
    rides the wall, which only a pull down (a non-negative multiplier) keeps it on: x' = f + lambda
    grad g needs lambda = -(4 - pi cos 2 pi t) < 0.  The validation of the sets' calls cannot see it;
    the consistency probe of the exact solution must (python/sweepcheck/_consistency.py)."""
    name = "wrong-field-sign"

    def f(self, t, x):
        return np.array([1.0 - x[0], 4.0])


class LeavesTheSet(PythonWall):
    """Wrong: its exact solution starts at x0 but sinks below the wall, 0.2 t under it."""
    name = "leaves-the-set"

    def exact(self, t):
        return super().exact(t) - np.array([0.0, 0.2 * t])
