"""How a scheme given from Python becomes the engine's scheme: a fresh instance per run."""
import copy
import inspect
import math
import numbers


def _attribute(obj, name):
    """obj.name, called when it is a method; None when absent."""
    value = getattr(obj, name, None)
    if callable(value):
        value = value()
    return value


def claimed_order_of(obj):
    """The scheme's claimed order as a float (NaN: none claimed); ValueError for a bad one."""
    p = _attribute(obj, "claimed_order")
    if p is None:
        return math.nan
    if isinstance(p, bool) or not isinstance(p, numbers.Real) or not math.isfinite(p) or p <= 0:
        raise ValueError(f"claimed_order must be None or a finite number > 0, got {p!r}")
    return float(p)


def name_of(obj):
    n = _attribute(obj, "name")
    if n is None:
        return type(obj).__name__
    if not isinstance(n, str) or not n:
        raise ValueError(f"a scheme's name must be a non-empty str, got {n!r}")
    return n


class PythonScheme:
    """A scheme written in Python: its name, claim and a factory of fresh instances.

    ``source`` is a class (called with no arguments for every run) or an
    object (deep-copied for every run, so state it keeps between steps starts
    afresh; the object given is never stepped), as in the C++ API
    (sweepcheck/scheme_instance.hpp).
    """

    def __init__(self, source):
        if inspect.isclass(source):
            self.make = source
            probe = source()
        else:
            probe = source
            self.make = lambda: copy.deepcopy(source)
        if not callable(getattr(probe, "step", None)):
            raise TypeError(f"a scheme needs a method step(t, x, h, view) -> x_next; {type(probe).__name__} has none")
        self.name = name_of(probe)
        self.claimed_order = claimed_order_of(probe)


def resolve(scheme):
    """A str names an in-tree C++ scheme; anything else is a Python scheme."""
    if isinstance(scheme, str):
        return scheme
    return PythonScheme(scheme)
