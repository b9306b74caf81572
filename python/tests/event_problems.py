"""Problems with contact events and exact solutions, written in Python as a user writes them (issue 55):
a point falling onto a moving wave S(t) = {x_2 >= 0.5 sin 2t}, f = (1, -v), x(0) = (0, 0.6), t in [0, 6]
(the C++ problem plugins examples/event_problems/wave.hpp, derived there). v = 1.2: one landing at an
irrational time, then carried by the wave. v = 0.6: rides the wave, lifts off where cos 2t = -0.6 (the
wave falls away faster than the point falls), lands again; two lift-offs, three landings."""
import math

import numpy as np


def _wave(t):
    return 0.5 * math.sin(2 * t)


def _first_root(fn, a, b, dt=1e-3):
    """The first sign change of fn in (a, b], to round-off by bisection; None if there is none."""
    lo, flo = a, fn(a)
    while lo < b:
        hi = lo + dt
        fhi = fn(hi)
        if (flo > 0) != (fhi > 0):
            left, right = lo, hi
            for _ in range(200):
                mid = 0.5 * (left + right)
                if mid in (left, right):
                    break
                if (fn(mid) > 0) == (flo > 0):
                    left = mid
                else:
                    right = mid
            return right
        lo, flo = hi, fhi
    return None


class WaveProblem:
    num_constraints = 1
    t_end = 6.0
    time_scale = 0.5

    def __init__(self, v, name):
        self.v, self.name = v, name
        self.parameters = f"s=0.5sin2t v={v} x0=(0,0.6) T=6"
        self.x0 = np.array([0.0, 0.6])
        # Segments (start, in contact, x_2 at start): free flight until the line meets the wave, contact
        # while the multiplier v + s'(t) stays >= 0 (x_2' = s' = -v + lambda), then free again.
        self.segments, t, y = [], 0.0, 0.6
        while t < self.t_end:
            self.segments.append((t, False, y))
            start = t + 1e-3 if t > 0 else t  # after a lift-off the gap opens quadratically
            land = _first_root(lambda q, t=t, y=y: y - v * (q - t) - _wave(q), start, self.t_end)
            if land is None:
                break
            self.segments.append((land, True, _wave(land)))
            lift = _first_root(lambda q: v + math.cos(2 * q), land, self.t_end)
            if lift is None:
                break
            t, y = lift, _wave(lift)
        self.events = [s[0] for s in self.segments[1:]]

    def f(self, t, x):
        return np.array([1.0, -self.v])

    def g(self, j, t, x):
        return x[1] - _wave(t)

    def grad(self, j, t, x):
        return np.array([0.0, 1.0])

    def distance(self, j, t, x):
        return max(0.0, _wave(t) - x[1])

    def project(self, j, t, y):
        z = np.array(y, dtype=float)
        z[1] = max(z[1], _wave(t))
        return z

    def exact(self, t):
        start, contact, y = self.segments[0]
        for seg in self.segments:
            if seg[0] <= t:
                start, contact, y = seg
        return np.array([t, _wave(t) if contact else y - self.v * (t - start)])


class WaveLanding(WaveProblem):
    def __init__(self):
        super().__init__(1.2, "python-wave-landing")


class WaveLiftoff(WaveProblem):
    def __init__(self):
        super().__init__(0.6, "python-wave-liftoff")
