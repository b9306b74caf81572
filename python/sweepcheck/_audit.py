"""sweepcheck.audit(): the audit of `sweepcheck audit`, on a scheme written in Python.

It runs the program itself (`sweepcheck audit --plugin`) with the Python scheme plugin, which embeds an
interpreter and loads the scheme from a pickle: the same battery, rule, isolation, time limits and
report (audit.json, audit.md) as for a C++ plugin.  Every step() runs in a forked child of the
program, so an exception, sys.exit(), an endless loop or a crash in an extension module ends one run
with a recorded status (named in audit.md), never the caller (python/isolation.md).
"""
import json
import os
import pickle
import subprocess
import sys
import tempfile

from ._schemes import PythonScheme

# Exit codes of `sweepcheck audit` (README, "Auditing a new scheme").
_PASSED, _FAILED, _BAD_INPUT, _UNDECIDED = 0, 1, 2, 3


class AuditResult:
    """What the audit found: `json` (audit.json as Python values), `verdicts` ({check id: verdict}),
    `passed` (every check passed, exit 0), `failed` (a check failed, exit 1), `undecided` (exit 3),
    `markdown` (audit.md), `out` (the folder), `returncode`, `stderr`."""

    def __init__(self, out, returncode, stderr):
        self.out = os.path.abspath(out)
        self.returncode = returncode
        self.stderr = stderr
        with open(os.path.join(out, "audit.json"), encoding="utf-8") as f:
            self.json = json.load(f)
        with open(os.path.join(out, "audit.md"), encoding="utf-8") as f:
            self.markdown = f.read()
        self.verdicts = {c["id"]: c["verdict"] for c in self.json.get("checks", [])}

    passed = property(lambda self: self.returncode == _PASSED)
    failed = property(lambda self: self.returncode == _FAILED)
    undecided = property(lambda self: self.returncode == _UNDECIDED)

    def __repr__(self):
        return f"<AuditResult {self.json.get('scheme')}: {self.verdicts} (exit {self.returncode})>"


def _paths():
    try:
        from . import _paths
    except ImportError as e:  # pragma: no cover - a package copied without its build
        raise RuntimeError("sweepcheck.audit needs the program and the Python scheme plugin of a build or an "
                           "install of sweepcheck (the package's _paths.py is missing)") from e
    for what, path in (("program", _paths.PROGRAM), ("Python scheme plugin", _paths.PLUGIN)):
        if not os.path.exists(path):
            raise RuntimeError(f"sweepcheck.audit: the {what} {path} does not exist (build it: cmake --build build)")
    return _paths.PROGRAM, _paths.PLUGIN


def audit(scheme, out="audit", *, max_problems=0, jobs=None, run_timeout=None, extra_args=()):
    """Audits `scheme` (a class, or an object of a class defined at a module's top level) as
    `sweepcheck audit --plugin` audits a C++ scheme: writes audit.json and audit.md into `out` and
    returns an AuditResult.  `max_problems` (0: all) takes the battery's first problems, `jobs` the
    threads, `run_timeout` a fixed time limit per run in seconds.  Bad input raises ValueError or
    TypeError with the program's message."""
    probe = PythonScheme(scheme)  # name, claim and step checked here, before anything runs
    cls = scheme if isinstance(scheme, type) else type(scheme)
    if cls.__module__ == "__main__":
        raise ValueError(f"define {cls.__name__} in a module (a file you import), not in __main__: the audit's "
                         "interpreter loads the scheme by its module's name")
    try:
        data = pickle.dumps(scheme)
    except Exception as e:
        raise TypeError(f"the scheme {probe.name} must be picklable (its class at a module's top level): {e}") from e
    if not isinstance(max_problems, int) or isinstance(max_problems, bool) or max_problems < 0:
        raise ValueError(f"max_problems must be an int >= 0, got {max_problems!r}")
    program, plugin = _paths()
    args = [program, "audit", "--plugin", plugin, "--out", os.path.abspath(out), "--quiet"]
    if max_problems:
        args += ["--max-problems", str(max_problems)]
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    if run_timeout is not None:
        args += ["--run-timeout", str(run_timeout)]
    args += list(extra_args)
    with tempfile.TemporaryDirectory(prefix="sweepcheck-python-") as tmp:
        pickled = os.path.join(tmp, "scheme.pickle")
        with open(pickled, "wb") as f:
            f.write(data)
        env = dict(os.environ)
        env["SWEEPCHECK_PYTHON_SCHEME"] = "pickle:" + pickled
        # The audit's interpreter finds what this one finds (the scheme's module, NumPy, sweepcheck).
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) if p else os.getcwd() for p in sys.path)
        env.pop("PYTHONHOME", None)
        p = subprocess.run(args, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if p.returncode == _BAD_INPUT or not os.path.exists(os.path.join(out, "audit.json")):
        raise ValueError(f"sweepcheck audit of {probe.name} stopped (exit {p.returncode}): {p.stderr.strip()}")
    return AuditResult(out, p.returncode, p.stderr)
