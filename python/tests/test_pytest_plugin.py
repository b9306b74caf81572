"""The pytest plugin (sweepcheck.pytest_plugin), as a user's session runs it (pytester, in process):
fixtures for the named problems, and --sweepcheck-report DIR listing every check of the session in one
HTML page and one JUnit file, with the audit's mapping of verdicts."""
import os
import xml.etree.ElementTree as ET

import pytest

pytest_plugins = ["pytester"]

TESTS = os.path.dirname(os.path.abspath(__file__))

USER_TESTS = """
import sweepcheck.testing as st
from schemes import DroppedConstraint, NumpyPbd

SHORT = {}


def test_pbd_passes(sweepcheck_sliding):
    st.assert_converges(NumpyPbd(), sweepcheck_sliding, **SHORT)


def test_the_wrong_scheme_fails():
    st.assert_fails_its_claim(DroppedConstraint(), "sliding", **SHORT)


def test_two_rungs_are_inconclusive():
    assert st.check_convergence("pbd", "sliding", steps=[10, 20], max_new_rungs=0).verdict == "inconclusive"


def test_every_problem_with_an_exact_solution(sweepcheck_problem):
    assert sweepcheck_problem.has_exact
    st.check_convergence("pbd", sweepcheck_problem, max_new_rungs=0)  # the default ladder, not refined: cheap


def test_the_crowd_fixture_and_a_comparison(sweepcheck_crowd):
    assert "crowd" in sweepcheck_crowd.name and not sweepcheck_crowd.has_exact
    st.work_precision(["pbd", NumpyPbd()], "sliding", steps=[10, 20, 40])


def test_no_check():
    pass
"""


@pytest.fixture
def session(pytester, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([TESTS, os.environ.get("PYTHONPATH", "")]))
    pytester.makepyfile(test_user=USER_TESTS)
    return pytester


def test_the_report_lists_every_check_of_the_session_with_its_test_and_verdict(session, tmp_path):
    out = tmp_path / "report"
    result = session.runpytest("-p", "sweepcheck.pytest_plugin", "--sweepcheck-report", str(out))
    result.assert_outcomes(passed=9)  # 5 tests, one of them 4 times (sweepcheck_problem's parameters)
    result.stdout.fnmatch_lines([f"sweepcheck: 8 checks (*): {out}/index.html, {out}/junit.xml"])

    suite = ET.parse(out / "junit.xml").getroot().find("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == 8  # 1 + 1 + 1 + 4 checks + 1 comparison; the test without a check has none
    by_test = {}
    for c in cases:
        by_test.setdefault(c.get("classname").split("::")[1].split("[")[0], []).append(c)
    assert sorted((t, len(cs)) for t, cs in by_test.items()) == [
        ("test_every_problem_with_an_exact_solution", 4), ("test_pbd_passes", 1), ("test_the_crowd_fixture_and_a_comparison", 1),
        ("test_the_wrong_scheme_fails", 1), ("test_two_rungs_are_inconclusive", 1)]
    wrong, = by_test["test_the_wrong_scheme_fails"]
    assert wrong.get("name") == "check_convergence: dropped-constraint on sliding"
    assert wrong.find("failure").get("message").startswith("fail: ")
    assert by_test["test_two_rungs_are_inconclusive"][0].find("skipped") is not None
    passed, = by_test["test_pbd_passes"]
    assert passed.find("failure") is None and passed.find("error") is None and passed.find("skipped") is None
    assert suite.get("failures") == str(sum(c.find("failure") is not None for c in cases))

    page = (out / "index.html").read_text()
    assert "8 checks in this session" in page
    for test, checks in by_test.items():
        assert page.count(f"test <code>test_user.py::{test}") == len(checks)
    assert page.count('src="data:image/svg+xml;base64,') == 8  # every check's figure (matplotlib installed)
    assert ">fail</span>" in page and ">inconclusive</span>" in page and ">pass</span>" in page


def test_without_the_option_the_plugin_writes_nothing_and_the_fixtures_still_work(session, tmp_path):
    result = session.runpytest("-p", "sweepcheck.pytest_plugin", "-k", "sliding or crowd or pbd_passes")
    result.assert_outcomes(passed=3)
    assert "sweepcheck:" not in result.stdout.str()
    assert not [p for p in session.path.iterdir() if p.suffix in (".html", ".xml")]


def test_a_report_folder_that_cannot_be_made_is_a_usage_error(session, tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    result = session.runpytest("-p", "sweepcheck.pytest_plugin", "--sweepcheck-report",
                                          str(blocker / "report"))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--sweepcheck-report: cannot make the folder" in result.stderr.str() + result.stdout.str()
