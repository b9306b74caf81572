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
