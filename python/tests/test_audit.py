"""sweepcheck.audit(): the program's audit on a Python scheme. A NumPy PBD gets the verdicts of
`sweepcheck audit --scheme pbd` and its numbers; hostile schemes (an exception, sys.exit, an
endless loop, a segfault through ctypes) are recorded against the scheme, and the caller survives."""
import json
import os
import subprocess

import pytest

import sweepcheck
from hostile_schemes import Exits, Loops, Raises, Segfaults
from schemes import FrozenTimePbd, InPlacePbd, NumpyPbd

PROBLEMS = 1  # the battery's first problem (sliding d=5 C=10): CI's time


def cpp_audit(out, scheme="pbd"):
    from sweepcheck import _paths
    p = subprocess.run([_paths.PROGRAM, "audit", "--scheme", scheme, "--out", str(out), "--quiet",
                        "--max-problems", str(PROBLEMS)], capture_output=True, text=True)
    with open(os.path.join(out, "audit.json"), encoding="utf-8") as f:
        return p.returncode, json.load(f)


def test_a_numpy_pbd_gets_the_verdicts_of_the_cpp_pbd_check_for_check(tmp_path):
    # jobs=2: runs are forked from the executor's threads, not only the main one (python/isolation.md,
    # "Fork after threads": without the fork handlers such children aborted, 13 of 20 ladder runs).
    py = sweepcheck.audit(NumpyPbd(), out=str(tmp_path / "py"), max_problems=PROBLEMS, jobs=2)
    rc, cpp = cpp_audit(tmp_path / "cpp")
    assert py.passed and rc == 0, py.markdown
    assert py.verdicts == {c["id"]: c["verdict"] for c in cpp["checks"]}
    # The same arithmetic through the same plugin path: every row's numbers and the state hashes equal.
    for rows in ("ladder_rows", "large_step_rows", "probe_rows"):
        assert len(py.json[rows]) == len(cpp[rows])
        for a, b in zip(py.json[rows], cpp[rows]):
            assert {k: v for k, v in a.items() if k != "scheme"} == {k: v for k, v in b.items() if k != "scheme"}
    assert py.json["determinism_hashes"] == cpp["determinism_hashes"]
    assert os.path.exists(os.path.join(py.out, "audit.md"))


# The wrong scheme's audit (it fails, and its diagnosis names the cause): examples/python/test_my_schemes.py.


@pytest.mark.parametrize("scheme, status, words", [
    # The exception's own line and the traceback's last frames, innermost first.
    (Raises, "threw", ["Python scheme 'raises' raised ZeroDivisionError: hostile division at t = ",
                       "last frames: hostile_schemes.py:18 in helper <- hostile_schemes.py:14 in step"]),
    (Exits, "threw", ["Python scheme 'exits' raised sys.exit(3); last frames: hostile_schemes.py:26 in step"]),
    (Segfaults, "crashed", ["signal 11 (SIGSEGV"]),
    (Loops, "timed-out", ["killed after its time limit of 1 s"]),
], ids=["raises", "exits", "segfaults", "loops"])
def test_a_hostile_python_scheme_is_recorded_against_the_scheme_and_the_caller_survives(tmp_path, scheme, status,
                                                                                         words):
    r = sweepcheck.audit(scheme(), out=str(tmp_path / scheme.name), max_problems=PROBLEMS, run_timeout=1)
    assert r.failed, r.markdown
    faults = r.json["faults"]
    assert faults and all(f["status"] == status for f in faults), faults
    for w in words:
        assert w in faults[0]["cause"], (w, faults[0])
    assert faults[0]["cause"] in r.markdown  # audit.md names it too


def test_a_scheme_the_audits_interpreter_cannot_import_is_refused_with_the_reason():
    class Local(NumpyPbd):
        pass

    with pytest.raises(TypeError, match="picklable"):
        sweepcheck.audit(Local(), out="unused")
    with pytest.raises(ValueError, match="max_problems"):
        sweepcheck.audit(NumpyPbd(), out="unused", max_problems=-1)


def test_bad_input_the_program_refuses_is_a_value_error_with_its_message(tmp_path):
    with pytest.raises(ValueError, match="exit 2.*--run-timeout"):
        sweepcheck.audit(NumpyPbd(), out=str(tmp_path / "bad"), max_problems=PROBLEMS, run_timeout=-1)
    assert not (tmp_path / "bad" / "audit.json").exists()


def test_an_in_tree_scheme_is_audited_on_a_problem_written_in_python_and_a_broken_one_is_refused_by_name(tmp_path):
    # The audit on a valid Python problem: python/check_python_problem.cmake (label study-long, 30 s).
    # Here the refusal, before any run: the problem's projection ignores t (a negative control).
    from problems import StaticProjection
    with pytest.raises(ValueError, match=r"(?s)exit 2.*Python problem 'static-projection' fails validation.*"
                                         r"project\(j = 0, t, x\) must land in S_j"):
        sweepcheck.audit("pbd", out=str(tmp_path / "bad"), problem=StaticProjection(), max_problems=1)
    assert not (tmp_path / "bad" / "audit.json").exists()
    with pytest.raises(ValueError, match="letters, digits"):
        sweepcheck.audit("pbd; rm -rf /", out=str(tmp_path / "x"))
    with pytest.raises(TypeError, match="a problem needs a method f"):
        sweepcheck.audit("pbd", out=str(tmp_path / "x"), problem=object())


def test_a_resume_with_another_python_scheme_is_refused_and_with_the_same_one_completes(tmp_path, monkeypatch):
    # A journal of an interrupted audit: the program's test hook kills it (SIGKILL) after 5 finished runs.
    out = str(tmp_path / "a")
    monkeypatch.setenv("SWEEPCHECK_TEST_KILL_AFTER_ROWS", "5")
    with pytest.raises(ValueError, match=r"exit -9"):
        sweepcheck.audit(NumpyPbd(), out=out, max_problems=PROBLEMS, jobs=1)
    monkeypatch.delenv("SWEEPCHECK_TEST_KILL_AFTER_ROWS")
    with open(os.path.join(out, ".sweepcheck-journal.tsv"), encoding="utf-8") as f:
        assert len(f.readlines()) == 1 + 5
    # Another Python scheme through the same plugin library (same library, same options): the journal's
    # key holds the pickle's content, so its rows are not taken.
    with pytest.raises(ValueError, match="exit 2.*written by a study with other options"):
        sweepcheck.audit(InPlacePbd(), out=out, max_problems=PROBLEMS, jobs=1, extra_args=["--resume"])
    # The same scheme (a fresh object, the same pickle): the journal is taken and the audit completes
    # (the control: the refusal above is the key's doing). That a resumed audit's report is an
    # uninterrupted one's: app/check_outputs.sh resume-audit.
    r = sweepcheck.audit(NumpyPbd(), out=out, max_problems=PROBLEMS, jobs=1, extra_args=["--resume"])
    assert r.passed, r.markdown


def test_audit_shows_the_programs_progress_and_verdict_table_unless_quiet_and_takes_diagnose(tmp_path, capfd):
    r = sweepcheck.audit("pbd", out=str(tmp_path / "loud"), max_problems=PROBLEMS, diagnose=True)
    out, err = capfd.readouterr()
    assert r.passed, r.markdown
    assert err and err == r.stderr  # the progress, as the program printed it, as it came
    assert "convergence" in out and out == r.stdout  # the verdict table
    assert "## Diagnosis" in r.markdown  # --diagnose: even though every check passed
    q = sweepcheck.audit("pbd", out=str(tmp_path / "quiet"), max_problems=PROBLEMS, quiet=True)
    assert capfd.readouterr() == ("", "") and q.passed
    assert "## Diagnosis" not in q.markdown  # the negative control: no --diagnose, every check passed


def test_a_defect_the_diagnosis_names_is_never_hidden_behind_passing_checks_and_a_subset_says_what_it_misses(tmp_path):
    # Issue 57's Python case: S and f asked at t = 0 on every step, audited on a subset of the battery as
    # a user does for speed (the three problems; CI's time: the first, a sliding case like them,
    # with no moving set and no time-dependent field).
    short = ["--refine-work", "3e6"]  # CI's short budget (examples/CMakeLists.txt)
    r = sweepcheck.audit(FrozenTimePbd(), out=str(tmp_path / "frozen"), max_problems=PROBLEMS, jobs=2, quiet=True,
                         extra_args=short)
    assert set(r.verdicts.values()) <= {"PASS", "INFO"}, r.markdown  # every check passes on this subset
    assert r.returncode == 4 and r.defective and not r.passed and not r.failed, (r.returncode, r.stderr)
    assert any("S always queried at t = 0 whatever t_k" in d for d in r.defects), r.defects
    assert {"moving set", "time-dependent field"} <= set(r.untested), r.untested
    assert "no check failed, but the diagnosis names" in r.markdown and "exit 4" in r.markdown
    # The negative control: the same audit of a correct PBD names no defect and exits 0.
    ok = sweepcheck.audit(NumpyPbd(), out=str(tmp_path / "pbd"), max_problems=PROBLEMS, jobs=2, quiet=True,
                          extra_args=short)
    assert ok.returncode == 0 and ok.passed and ok.defects == [] and not ok.defective, ok.markdown
