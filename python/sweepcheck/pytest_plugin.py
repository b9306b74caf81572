"""sweepcheck's pytest plugin: fixtures for the named problems, and a session report of every check.

Registered by `pip install` (entry point pytest11, so pytest loads it by itself); without an install
(PYTHONPATH=build/python): ``python3 -m pytest -p sweepcheck.pytest_plugin``.

Fixtures (session-scoped: a problem is an immutable value), each ``sweepcheck.problem(NAME)`` with its
default options:

    sweepcheck_sliding, sweepcheck_moving_half_plane, sweepcheck_dragged_in_ball,
    sweepcheck_pushed_by_obstacle, sweepcheck_crowd
    sweepcheck_problem        parametrized over the four with an exact solution (test ids: their names)

    def test_my_pbd(sweepcheck_problem):
        st.assert_converges(MyPbd(), sweepcheck_problem)

``--sweepcheck-report DIR`` collects every check the session made through ``sweepcheck.testing``
(check_convergence, reference_free, work_precision, and the assert_* that run them), with the test that
made it, into DIR/index.html (one self-contained page: the verdicts, each check's reason, its full
description and its convergence figure when matplotlib is there) and DIR/junit.xml, as the audit's
report maps verdicts (reports/junit_report.hpp): pass and none-claimed pass; fail a <failure>;
pre-asymptotic and unsettled an <error> (not a pass, not evidence of a wrong scheme); inconclusive
<skipped>.  Without the option the plugin records nothing.
"""
import base64
import html
import os
import tempfile
from xml.sax.saxutils import quoteattr

import pytest

_NAMED = ("sliding", "moving-half-plane", "dragged-in-ball", "pushed-by-obstacle", "crowd")
_WITH_EXACT = _NAMED[:4]


def pytest_addoption(parser):
    group = parser.getgroup("sweepcheck")
    group.addoption("--sweepcheck-report", metavar="DIR", default=None,
                    help="write every sweepcheck check of the session into DIR/index.html and DIR/junit.xml")


def _problem(name):
    import sweepcheck
    return sweepcheck.problem(name)


def _named_fixture(name):
    @pytest.fixture(scope="session", name="sweepcheck_" + name.replace("-", "_"))
    def fixture():
        return _problem(name)
    fixture.__doc__ = f"sweepcheck.problem({name!r}), its default options"
    return fixture


for _name in _NAMED:
    globals()["sweepcheck_" + _name.replace("-", "_")] = _named_fixture(_name)


@pytest.fixture(scope="session", params=_WITH_EXACT)
def sweepcheck_problem(request):
    """Each named problem with an exact solution in turn (check_convergence runs on every one)."""
    return _problem(request.param)


# ---------------------------------------------------------------- the session report

# A verdict as JUnit shows it (reports/junit_report.hpp); a work-precision set has none ("info").
_JUNIT = {"pass": None, "none-claimed": None, "info": None, "fail": "failure", "pre-asymptotic": "error",
          "unsettled": "error", "inconclusive": "skipped"}
_COLOUR = {"pass": "#1a7f37", "none-claimed": "#57606a", "info": "#57606a", "fail": "#cf222e"}


class _Check:
    def __init__(self, test, kind, result):
        self.test, self.kind, self.result = test, kind, result
        self.verdict = getattr(result, "verdict", "info")
        self.scheme = getattr(result, "scheme", None) or ", ".join(getattr(result, "series", {}).keys())
        self.problem = result.problem
        self.summary = result.summary()
        self.reason = getattr(result, "reason", "") or ""
        self.description = result.describe()


def _write_atomically(path, text):
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=".sweepcheck-report-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as open() would have made it, not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


class SessionReport:
    """Collects the checks of a session (sweepcheck.testing's observers) and writes the two files."""

    def __init__(self, folder):
        self.folder = os.path.abspath(folder)
        self.checks = []
        self.test = None

    def observe(self, kind, result):
        self.checks.append(_Check(self.test or "(outside a test)", kind, result))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self.test = item.nodeid
        yield
        self.test = None

    def pytest_sessionfinish(self, session):
        from . import testing
        if self.observe in testing._observers:
            testing._observers.remove(self.observe)
        os.makedirs(self.folder, exist_ok=True)
        _write_atomically(os.path.join(self.folder, "index.html"), self.html())
        _write_atomically(os.path.join(self.folder, "junit.xml"), self.junit())

    def pytest_terminal_summary(self, terminalreporter):
        counts = self.counts()
        terminalreporter.write_line(
            f"sweepcheck: {len(self.checks)} checks ({', '.join(f'{n} {v}' for v, n in counts.items()) or 'none'}): "
            f"{os.path.join(self.folder, 'index.html')}, {os.path.join(self.folder, 'junit.xml')}")

    def counts(self):
        counts = {}
        for c in self.checks:
            counts[c.verdict] = counts.get(c.verdict, 0) + 1
        return counts

    def junit(self):
        failures = sum(_JUNIT.get(c.verdict) == "failure" for c in self.checks)
        errors = sum(_JUNIT.get(c.verdict) == "error" for c in self.checks)
        skipped = sum(_JUNIT.get(c.verdict) == "skipped" for c in self.checks)
        lines = ['<?xml version="1.0" encoding="UTF-8"?>',
                 f'<testsuites name="sweepcheck" tests="{len(self.checks)}" failures="{failures}" errors="{errors}" '
                 f'skipped="{skipped}">',
                 f'<testsuite name="sweepcheck checks" tests="{len(self.checks)}" failures="{failures}" '
                 f'errors="{errors}" skipped="{skipped}">']
        for c in self.checks:
            name = f"{c.kind}: {c.scheme} on {c.problem}"
            lines.append(f"<testcase classname={quoteattr(c.test)} name={quoteattr(name)}>")
            tag = _JUNIT.get(c.verdict, "error")
            if tag == "skipped":
                lines.append(f"<skipped message={quoteattr(c.verdict + ': ' + c.reason)}/>")
            elif tag is not None:
                lines.append(f"<{tag} message={quoteattr(c.verdict + ': ' + c.reason)} type={quoteattr(c.verdict)}>"
                             f"{html.escape(c.description, quote=False)}</{tag}>")
            lines.append(f"<system-out>{html.escape(c.summary, quote=False)}</system-out>")
            lines.append("</testcase>")
        lines += ["</testsuite>", "</testsuites>", ""]
        return "\n".join(lines)

    def html(self):
        from . import _plot
        esc = html.escape
        counts = ", ".join(f"{n} {esc(v)}" for v, n in self.counts().items()) or "no check"
        rows, sections = [], []
        for i, c in enumerate(self.checks):
            badge = (f'<span class="badge" style="background:{_COLOUR.get(c.verdict, "#9a6700")}">'
                     f"{esc(c.verdict)}</span>")
            rows.append(f'<tr><td><a href="#check-{i}">{i + 1}</a></td><td>{esc(c.test)}</td><td>{esc(c.kind)}</td>'
                        f"<td>{esc(c.scheme)}</td><td>{esc(c.problem)}</td><td>{badge}</td></tr>")
            figure = ""
            try:
                svg = _plot.svg(c.result)
            except Exception as e:  # a figure is an extra: its failure is named, the report still written
                figure = f"<p><i>no figure: {esc(type(e).__name__)}: {esc(str(e))}</i></p>"
            else:
                if svg is None:
                    figure = "<p><i>no figure: matplotlib is not installed (python3-matplotlib)</i></p>"
                else:
                    data = base64.b64encode(svg.encode()).decode()
                    figure = f'<img alt="{esc(c.summary)}" src="data:image/svg+xml;base64,{data}"/>'
            sections.append(f'<section id="check-{i}"><h2>{i + 1}. {badge} {esc(c.scheme)} on {esc(c.problem)}</h2>'
                            f"<p>test <code>{esc(c.test)}</code>, {esc(c.kind)}</p>"
                            f"<p><b>reason:</b> {esc(c.reason)}</p>{figure}<pre>{esc(c.description)}</pre></section>")
        return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>sweepcheck: the session's checks</title>"
                "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                "td,th{border:1px solid #ccc;padding:3px 8px}.badge{color:white;padding:2px 8px;border-radius:4px;"
                "font-weight:bold}pre{background:#f6f8fa;padding:1em;overflow-x:auto}img{max-width:100%}"
                "</style></head><body>\n"
                f"<h1>sweepcheck: {len(self.checks)} checks in this session</h1><p>{counts}</p>\n"
                "<table><tr><th>#</th><th>test</th><th>check</th><th>scheme</th><th>problem</th><th>verdict</th></tr>"
                + "\n".join(rows) + "</table>\n" + "\n".join(sections) + "\n</body></html>\n")


def pytest_configure(config):
    folder = config.getoption("--sweepcheck-report", None)
    if not folder:
        return
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise pytest.UsageError(f"--sweepcheck-report: cannot make the folder {folder!r}: {e}") from None
    from . import testing
    report = SessionReport(folder)
    testing._observers.append(report.observe)
    config.pluginmanager.register(report, "sweepcheck-session-report")
