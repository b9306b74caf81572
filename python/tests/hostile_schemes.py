"""Hostile Python schemes for the audit's isolation tests: each misbehaves in step() at t >= 0.5 on
every run, in one way; the audit must record it against the scheme and survive (python/isolation.md)."""
import ctypes
import sys

from schemes import NumpyPbd


class Raises(NumpyPbd):
    name = "raises"

    def step(self, t, x, h, view):
        if t >= 0.5:
            return self.helper(t)
        return super().step(t, x, h, view)

    def helper(self, t):
        raise ZeroDivisionError(f"hostile division at t = {t:.3g}")


class Exits(NumpyPbd):
    name = "exits"

    def step(self, t, x, h, view):
        if t >= 0.5:
            sys.exit(3)
        return super().step(t, x, h, view)


class Loops(NumpyPbd):
    name = "loops"

    def step(self, t, x, h, view):
        while t >= 0.5:
            pass
        return super().step(t, x, h, view)


class Segfaults(NumpyPbd):
    name = "segfaults"

    def step(self, t, x, h, view):
        if t >= 0.5:
            ctypes.string_at(0)  # reads address 0: SIGSEGV in a C function
        return super().step(t, x, h, view)
