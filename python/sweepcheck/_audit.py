"""sweepcheck.audit(): the audit of `sweepcheck audit`, on a scheme written in Python.

It runs the program itself (`sweepcheck audit --plugin`) with the Python scheme plugin, which embeds an
interpreter and loads the scheme from a pickle: the same battery, rule, isolation, time limits and
report (audit.json, audit.md) as for a C++ plugin.  Every step() runs in a forked child of the
program, so an exception, sys.exit(), an endless loop or a crash in an extension module ends one run
with a recorded status (named in audit.md), never the caller (python/isolation.md).
"""
import hashlib
import inspect
import json
import os
import pickle
import subprocess
import sys
import tempfile
import threading

from ._schemes import PythonScheme

# Exit codes of `sweepcheck audit` (README, "Auditing a new scheme").
_PASSED, _FAILED, _BAD_INPUT, _UNDECIDED, _DEFECT = 0, 1, 2, 3, 4


class AuditResult:
    """What the audit found: `json` (audit.json as Python values), `verdicts` ({check id: verdict}),
    `passed` (every check passed and no defect named, exit 0), `failed` (a check failed, exit 1),
    `undecided` (exit 3), `defective` (no check failed, but the diagnosis names a defect: exit 4),
    `defects` (the diagnosis's defect findings), `untested` (features no audited problem has),
    `markdown` (audit.md), `out` (the folder), `returncode`, `stderr`, `stdout` (the verdict table)."""

    def __init__(self, out, returncode, stderr, stdout=""):
        self.out = os.path.abspath(out)
        self.returncode = returncode
        self.stderr = stderr
        self.stdout = stdout
        with open(os.path.join(out, "audit.json"), encoding="utf-8") as f:
            self.json = json.load(f)
        with open(os.path.join(out, "audit.md"), encoding="utf-8") as f:
            self.markdown = f.read()
        self.verdicts = {c["id"]: c["verdict"] for c in self.json.get("checks", [])}

    # Issue 57: the diagnosis's defects (texts), shown whether or not a check failed, and the features of the
    # theory the audited problems cannot test (a subset of the battery: max_problems).
    defects = property(lambda self: [f["text"] for f in self.json.get("diagnosis", {}).get("findings", [])
                                     if f.get("defect")])
    untested = property(lambda self: list(self.json.get("diagnosis", {}).get("untested", [])))
    passed = property(lambda self: self.returncode == _PASSED)
    failed = property(lambda self: self.returncode == _FAILED)
    undecided = property(lambda self: self.returncode == _UNDECIDED)
    # No check failed, but the diagnosis names a defect (exit 4; studies/audit/audit.md).
    defective = property(lambda self: self.returncode == _DEFECT)

    def __repr__(self):
        return f"<AuditResult {self.json.get('scheme')}: {self.verdicts} (exit {self.returncode})>"

    def _repr_html_(self):
        import html
        rows = "".join(f"<tr><td>{html.escape(k)}</td><td><b>{html.escape(v)}</b></td></tr>"
                       for k, v in self.verdicts.items())
        return (f"<div><p>audit of <b>{html.escape(str(self.json.get('scheme')))}</b>: exit {self.returncode} "
                f"({'passed' if self.passed else 'failed' if self.failed else 'undecided' if self.undecided else 'a defect named' if self.defective else '?'})"
                f", {html.escape(self.out)}</p><table>{rows}</table></div>")


def _run_streaming(args, env, quiet):
    """Runs the program; its stderr (the progress) is copied line by line to sys.stderr as it comes unless
    `quiet`, and returned with the exit code and stdout (the verdict table, printed at the end unless quiet)."""
    p = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, errors="replace")
    out = []
    reader = threading.Thread(target=lambda: out.append(p.stdout.read()), daemon=True)
    reader.start()
    err = []
    for line in p.stderr:
        err.append(line)
        if not quiet:
            sys.stderr.write(line)
            sys.stderr.flush()
    reader.join()
    p.wait()
    stdout = "".join(out)
    if not quiet and stdout:
        sys.stdout.write(stdout)
        sys.stdout.flush()
    return p.returncode, "".join(err), stdout


def _paths(what=("program", "Python scheme plugin")):
    try:
        from . import _paths
    except ImportError as e:  # pragma: no cover - a package copied without its build
        raise RuntimeError("sweepcheck.audit needs the program and the Python scheme plugin of a build or an "
                           "install of sweepcheck (the package's _paths.py is missing)") from e
    found = {"program": _paths.PROGRAM, "Python scheme plugin": _paths.PLUGIN}
    for name in what:
        if not os.path.exists(found[name]):
            raise RuntimeError(f"sweepcheck: the {name} {found[name]} does not exist (build it: cmake --build build)")
    return _paths.PROGRAM, _paths.PLUGIN


def program():
    """The path of the sweepcheck program this package drives (RuntimeError when it is not there)."""
    return _paths(("program",))[0]


def _pickled(obj, what, name):
    """obj pickled, with the reason it cannot be when its class is not importable by name."""
    cls = obj if isinstance(obj, type) else type(obj)
    if cls.__module__ == "__main__":
        raise ValueError(f"define {cls.__name__} in a module (a file you import), not in __main__: the audit's "
                         f"interpreter loads the {what} by its module's name")
    try:
        return pickle.dumps(obj)
    except Exception as e:
        raise TypeError(f"the {what} {name} must be picklable (its class at a module's top level): {e}") from e


def _source_key(*objects):
    """A hash of the source files of the objects' classes' modules: part of the audit's journal key, so a
    --resume after the module was edited does not take the old code's rows (a pickle names the module,
    it does not hold it)."""
    digest = hashlib.sha256()
    for obj in objects:
        if obj is None:
            continue
        cls = obj if isinstance(obj, type) else type(obj)
        try:
            path = inspect.getsourcefile(cls)
            with open(path, "rb") as f:
                digest.update(f.read())
        except (OSError, TypeError):
            digest.update(f"{cls.__module__}.{cls.__qualname__}: no source".encode())
    return digest.hexdigest()[:16]


def audit(scheme, out="audit", *, problem=None, max_problems=0, jobs=None, run_timeout=None, diagnose=False,
          quiet=False, extra_args=()):
    """Audits `scheme` as `sweepcheck audit` does: writes audit.json and audit.md into `out` and
    returns an AuditResult.  `scheme` is a scheme written in Python (a class, or an object of a class
    defined at a module's top level: `sweepcheck audit --plugin` with the Python scheme plugin) or the
    name of an in-tree scheme ("pbd": `--scheme pbd`).  `problem` (optional) is a problem written in
    Python (a class or a picklable object, what sweepcheck.problem() takes) added to the battery as a
    problem plugin: validated first, every run on it in a child.  `max_problems` (0: all) takes the
    battery's first problems, `jobs` the threads, `run_timeout` a fixed time limit per run in
    seconds, `diagnose` the Diagnosis section in audit.md even when every check passes (--diagnose).
    The program's progress goes to sys.stderr as it runs and its verdict table to sys.stdout at the
    end, as `sweepcheck audit` shows them; `quiet=True` silences both (--quiet).  `extra_args`: any
    other option of `sweepcheck audit`.  Bad input raises ValueError or TypeError with the program's
    message."""
    env = dict(os.environ)
    if isinstance(scheme, str):
        if not scheme or not all(c.isalnum() or c in "-_" for c in scheme):
            raise ValueError(f"an in-tree scheme is named by letters, digits, '-' and '_', got {scheme!r}")
        label, scheme_args, scheme_data = scheme, ["--scheme", scheme], None
    else:
        probe = PythonScheme(scheme)  # name, claim and step checked here, before anything runs
        label, scheme_data = probe.name, _pickled(scheme, "scheme", probe.name)
    problem_data = problem_label = None
    if problem is not None:
        from . import _problem_parts
        parts = _problem_parts(problem() if isinstance(problem, type) else problem)  # its attributes checked here
        if "--no-validate" not in extra_args:  # its exact solution probed here too: BadInput before any run
            from ._consistency import check_exact_solution
            check_exact_solution(parts)
        problem_label = f"Python problem '{parts[0]}'"
        problem_data = _pickled(problem, "problem", parts[0])
    if not isinstance(max_problems, int) or isinstance(max_problems, bool) or max_problems < 0:
        raise ValueError(f"max_problems must be an int >= 0, got {max_problems!r}")
    program, plugin = _paths()
    args = [program, "audit"]
    args += scheme_args if scheme_data is None else ["--plugin", plugin]
    if problem_data is not None:
        args += ["--problem-plugin", plugin]
    args += ["--out", os.path.abspath(out)]
    if quiet:
        args.append("--quiet")
    if diagnose:
        args.append("--diagnose")
    if max_problems:
        args += ["--max-problems", str(max_problems)]
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    if run_timeout is not None:
        args += ["--run-timeout", str(run_timeout)]
    args += list(extra_args)
    with tempfile.TemporaryDirectory(prefix="sweepcheck-python-") as tmp:
        # The pickles' contents are part of the audit's journal key (app/audit_command.cpp,
        # plugin_identity): a --resume with another scheme or problem does not take these rows.
        for data, variable, file in ((scheme_data, "SWEEPCHECK_PYTHON_SCHEME", "scheme.pickle"),
                                     (problem_data, "SWEEPCHECK_PYTHON_PROBLEM", "problem.pickle")):
            env.pop(variable, None)
            if data is not None:
                path = os.path.join(tmp, file)
                with open(path, "wb") as f:
                    f.write(data)
                env[variable] = "pickle:" + path
        env["SWEEPCHECK_PYTHON_SOURCES"] = _source_key(None if scheme_data is None else scheme, problem)
        # The audit's interpreter finds what this one finds (the scheme's module, NumPy, sweepcheck).
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) if p else os.getcwd() for p in sys.path)
        env.pop("PYTHONHOME", None)
        returncode, stderr, stdout = _run_streaming(args, env, quiet)
    if problem_label is not None:  # the program names the plugin library; the user wrote a Python problem
        stderr = stderr.replace(f"problem plugin '{plugin}'", problem_label)
    if returncode == _BAD_INPUT or not os.path.exists(os.path.join(out, "audit.json")):
        raise ValueError(f"sweepcheck audit of {label} stopped (exit {returncode}): {stderr.strip()}")
    return AuditResult(out, returncode, stderr, stdout)
