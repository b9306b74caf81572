"""How a scheme given from Python becomes the engine's scheme: a fresh instance per run."""
import copy
import importlib
import importlib.util
import inspect
import math
import numbers


class BadInput(TypeError, ValueError):
    """A scheme or problem that cannot be made because of what its author wrote (a bad claim or name, a
    missing method, a step() of the wrong signature, a module:Class that names nothing), found before it
    runs.  A TypeError or a ValueError for the caller; the program's plugin makes it exit code 2 (bad
    input) where any other exception while making the object is exit code 1 (python_scheme_plugin.cpp)."""


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
        raise BadInput(f"claimed_order must be None or a finite number > 0, got {p!r}")
    return float(p)


def name_of(obj):
    n = _attribute(obj, "name")
    if n is None:
        return type(obj).__name__
    if not isinstance(n, str) or not n:
        raise BadInput(f"a scheme's name must be a non-empty str, got {n!r}")
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
        self.name, self.claimed_order = checked(probe)


def checked(scheme):
    """(name, claimed order) of a scheme object, after checking what can be checked before it runs: a
    step method taking (t, x, h, view), a name, a claim.  BadInput names what is wrong."""
    step = getattr(scheme, "step", None)
    if not callable(step):
        raise BadInput(f"a scheme needs a method step(t, x, h, view) -> x_next; {type(scheme).__name__} has none")
    try:
        signature = inspect.signature(step)
    except (TypeError, ValueError):  # a builtin or extension callable: nothing to read
        signature = None
    if signature is not None:
        try:
            signature.bind(0.0, None, 0.1, None)
        except TypeError:
            raise BadInput(f"{type(scheme).__name__}.step must take (t, x, h, view), it takes {signature}") from None
    return name_of(scheme), claimed_order_of(scheme)


def load(spec):
    """The object module:Class names (the program's plugin loads it so): BadInput when the module cannot be
    found or has no such attribute; an exception raised while the module runs is that exception."""
    module, _, attribute = spec.partition(":")
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError):  # a parent package that is missing or not a package
        found = None
    if found is None:
        raise BadInput(f"no module named '{module}' on the Python path (PYTHONPATH or the working folder)")
    source = importlib.import_module(module)
    if not hasattr(source, attribute):
        raise BadInput(f"module '{module}' ({getattr(source, '__file__', '?')}) has no attribute '{attribute}'")
    return getattr(source, attribute)


def resolve(scheme):
    """A str names an in-tree C++ scheme; anything else is a Python scheme."""
    if isinstance(scheme, str):
        return scheme
    return PythonScheme(scheme)
