"""Studies beside the audit take a scheme written in Python (`--schemes ...,python:module:Class`):
`study circuit` (seed 002's LCS, S(t) a polyhedron) runs it on both of its problems. The sliding study's
test is python/check_study.cmake."""
import csv
import os
import subprocess

import pytest


def _program():
    from sweepcheck import _paths
    return _paths.PROGRAM


def _rows(out):
    with open(os.path.join(out, "results.csv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_circuit_study_runs_python_schemes_on_both_problems_with_catching_ups_errors_where_they_coincide(tmp_path):
    out = str(tmp_path / "circuit")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(__file__))
    p = subprocess.run([_program(), "study", "circuit", "--schemes",
                        "catching-up,python:schemes:NumpyPbd,python:schemes:PolyhedronPbd", "--h-max", "0.01",
                        "--h-min", "0.0025", "--points", "3", "--reference-steps", "8192", "--jobs", "2", "--quiet",
                        "--out", out], env=env, capture_output=True, text=True, cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr
    assert os.path.exists(os.path.join(out, "manifest.json"))
    rows = _rows(out)
    by = {}
    for r in rows:
        assert r["status"] == "ok", r
        by.setdefault((r["problem"], r["scheme"]), {})[int(r["steps"])] = float(r["error_uniform"])
    for problem in ("lcs-closed-form", "circuit"):
        numpy, poly = by[(problem, "python:schemes:NumpyPbd")], by[(problem, "python:schemes:PolyhedronPbd")]
        assert len(numpy) >= 3 and numpy.keys() == poly.keys()
        # The view's per-half-space projections and NumPy's own from view.polyhedron(t): one arithmetic
        # up to the order of operations.
        for n in numpy:
            assert poly[n] == pytest.approx(numpy[n], rel=1e-9), (problem, n)
        # Order 1 on both: the error halves with h.
        steps = sorted(numpy)
        for a, b in zip(steps, steps[1:]):
            assert 1.8 < numpy[a] / numpy[b] < 2.2, (problem, a, b, numpy)
    # The closed-form LCS has one constraint: PBD's single projection onto its half-space is the exact
    # catching-up step, so the Python PBD's errors are catching-up's (computed in C++) to round-off.
    cu = by[("lcs-closed-form", "catching-up")]
    numpy = by[("lcs-closed-form", "python:schemes:NumpyPbd")]
    for n in set(cu) & set(numpy):
        assert numpy[n] == pytest.approx(cu[n], rel=1e-9), n
    # On the circuit's two diodes they differ (PBD projects on one half-space after the other): the
    # negative control of the comparison above.
    cu = by[("circuit", "catching-up")]
    numpy = by[("circuit", "python:schemes:NumpyPbd")]
    assert all(abs(numpy[n] / cu[n] - 1) > 0.5 for n in set(cu) & set(numpy))


def _study(out, cwd, extra=(), env_extra=None):
    env = dict(os.environ, PYTHONPATH=str(cwd))
    env.pop("SWEEPCHECK_TEST_KILL_AFTER_ROWS", None)
    env.update(env_extra or {})
    return subprocess.run([_program(), "study", "sliding", "--schemes", "pbd,python:resumed_schemes:NumpyPbd",
                           "--h-max", "0.1", "--h-min", "0.01", "--points", "3", "--jobs", "1", "--quiet",
                           "--out", str(out), *extra], env=env, capture_output=True, text=True, cwd=str(cwd))


def _without_wall_seconds(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [{k: v for k, v in r.items() if k != "wall_seconds"} for r in csv.DictReader(f)]


def test_a_study_killed_midway_resumes_its_python_schemes_finished_runs_and_refuses_an_edited_module(tmp_path):
    module = tmp_path / "resumed_schemes.py"
    with open(os.path.join(os.path.dirname(__file__), "schemes.py"), encoding="utf-8") as f:
        source = f.read()
    # Each run makes a fresh instance: counted in a file, so the resumed study's runs can be counted.
    source += ("\n\nclass NumpyPbd(NumpyPbd):\n    def __init__(self):\n"
               "        with open('instances.txt', 'a') as f:\n            f.write('made\\n')\n")
    module.write_text(source, encoding="utf-8")
    counter = tmp_path / "instances.txt"
    whole = _study(tmp_path / "whole", tmp_path)
    assert whole.returncode == 0, whole.stderr
    made_whole = counter.read_text().count("made")
    counter.unlink()
    # Killed by the program's test hook after 5 journaled runs: pbd's 3, then 2 of the Python scheme's.
    out = tmp_path / "resumed"
    killed = _study(out, tmp_path, env_extra={"SWEEPCHECK_TEST_KILL_AFTER_ROWS": "5"})
    assert killed.returncode == -9, killed.stderr
    with open(out / ".sweepcheck-journal.tsv", encoding="utf-8") as f:
        journal = f.read()
    rows = journal.splitlines()[1:]  # after the header (the configuration)
    assert len(rows) == 5 and sum("python:resumed_schemes:NumpyPbd" in r for r in rows) == 2, rows
    # The module edited: its rows are another code's, the resume is refused (exit 2) before any run.
    module.write_text(source + "\n# edited\n", encoding="utf-8")
    refused = _study(out, tmp_path, ["--resume"])
    assert refused.returncode == 2 and "written by a study with other options" in refused.stderr, refused.stderr
    # The module as it was: the 5 runs are taken and the files are the uninterrupted study's.
    module.write_text(source, encoding="utf-8")
    counter.unlink()
    resumed = _study(out, tmp_path, ["--resume"])
    assert resumed.returncode == 0, resumed.stderr
    assert counter.read_text().count("made") == made_whole - 2  # the 2 journaled runs were not run again
    assert _without_wall_seconds(out / "results.csv") == _without_wall_seconds(tmp_path / "whole" / "results.csv")


def test_the_problem_plugin_study_runs_a_python_scheme_beside_pbd_with_its_errors_bit_for_bit(tmp_path):
    # study --problem-plugin (a C++ problem plugin of the tree's, studies/cases) with --schemes pbd,python:...
    plugin = os.path.join(os.path.dirname(os.path.dirname(_program())), "studies", "cases",
                          "libproblem_sliding_circle.so")
    if not os.path.exists(plugin):
        pytest.skip("the build tree's problem plugin example is not there (an installed package)")
    out = str(tmp_path / "plugin-study")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(__file__))
    p = subprocess.run([_program(), "study", "--problem-plugin", plugin, "--schemes", "pbd,python:schemes:NumpyPbd",
                        "--jobs", "2", "--quiet", "--out", out], env=env, capture_output=True, text=True,
                       cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr
    by = {}
    for r in _rows(out):
        assert r["status"] == "ok", r
        by.setdefault(r["scheme"], {})[int(r["steps"])] = r["error_uniform"]
    assert set(by) == {"pbd", "python:schemes:NumpyPbd"}
    assert len(by["pbd"]) >= 4 and by["pbd"] == by["python:schemes:NumpyPbd"]  # the same arithmetic, as text
