"""Schemes and a problem that cannot be made because of what their author wrote: the program refuses each
before anything runs, exit code 2 (bad input), naming what is wrong (python/check_bad_input.cmake).
ThrowsInInit is the negative control: its own code fails while it is made, a run-time failure (exit 1)."""
import math

from problems import PythonWall
from schemes import NumpyPbd


class StringClaim(NumpyPbd):
    claimed_order = "one"


class NanClaim(NumpyPbd):
    claimed_order = math.nan


class NoStep:
    claimed_order = 1


class WrongSignature(NumpyPbd):
    def step(self, t, x):
        return x


class EmptyName(NumpyPbd):
    name = ""


class ThrowsInInit(NumpyPbd):
    def __init__(self):
        raise RuntimeError("cannot open my data file")


class NoProjection(PythonWall):
    project = None
