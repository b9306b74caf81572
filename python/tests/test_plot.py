"""A result draws itself (matplotlib) from the figures the C++ write_figures draws too, saves its figure
with path=, shows its verdict in a notebook's HTML, and every result type prints readably."""
import os
import re

import pytest

import sweepcheck
import sweepcheck.testing as st
from schemes import DroppedConstraint, NumpyPbd

matplotlib = pytest.importorskip("matplotlib")  # python3-matplotlib (ci/install-deps.sh)

SHORT = {}  # the default ladder: a pass and a fail in milliseconds


@pytest.fixture(scope="module")
def results():
    return {
        "pass": st.check_convergence(NumpyPbd(), "sliding", **SHORT),
        "fail": st.check_convergence(DroppedConstraint(), "sliding", **SHORT),
        "inconclusive": st.check_convergence("pbd", "sliding", steps=[10, 20], max_new_rungs=0),
    }


@pytest.mark.parametrize("verdict", ["pass", "fail", "inconclusive"])
def test_a_result_writes_a_non_empty_convergence_figure_with_its_verdict_in_the_title(results, tmp_path, verdict):
    r = results[verdict]
    assert r.verdict == verdict, r.describe()
    path = tmp_path / "new folder" / f"{verdict}.png"
    fig = r.plot(path=str(path))
    assert path.stat().st_size > 10000  # a drawn 2-panel figure; an empty one is smaller
    assert fig._suptitle.get_text().startswith(verdict + ": ")  # the summary, verdict first
    error_panel, orders_panel = fig.axes
    assert error_panel.get_xscale() == error_panel.get_yscale() == "log"
    assert orders_panel.get_yscale() == "linear"
    labels = [line.get_label() for line in error_panel.get_lines()]
    # Over grid phases (issue 55) the errors are the worst phase's and the band's lower edge follows.
    phased = [row for row in r.rows if row["phases"] > 1]
    first = ["errors (worst grid phase)", "best grid phase (band: best to worst)"] if phased else ["errors"]
    assert labels[:len(first)] == first and labels[-1] == "claim: slope 1", labels
    if phased:
        band = error_panel.get_lines()[1]
        assert list(band.get_xdata()) == [row["h"] for row in phased]
        assert list(band.get_ydata()) == [row["error_phase_best"] for row in phased]
        assert all(b <= e for b, e in zip(band.get_ydata(), [row["error_uniform"] for row in phased]))
    if verdict != "inconclusive":  # a fit needs more than two points
        assert labels[len(first)].startswith("fit: order ")
        assert [l for l in labels if l.startswith("interval: slope ")] == [
            f"interval: slope {r.fit.ci_low:.3f}", f"interval: slope {r.fit.ci_high:.3f}"]
    # The drawn errors are the result's, at its step sizes.
    errors = error_panel.get_lines()[0]
    assert list(errors.get_xdata()) == [row["h"] for row in r.rows]
    assert list(errors.get_ydata()) == list(r.uniform.errors)


def test_the_matplotlib_figure_shows_what_write_figures_writes_for_gnuplot(results, tmp_path):
    r = results["pass"]
    files = r.write_figures(str(tmp_path / "not yet there"))  # the folder is made
    gp = (tmp_path / "not yet there" / "error_vs_h.gp").read_text()
    gnuplot_titles = re.findall(r"with [a-z]+(?: dashtype [0-9]+)? title '([^']*)'", gp)  # the lines' titles
    drawn = [line.get_label() for line in r.plot().axes[0].get_lines()]
    band = any(row["phases"] > 1 for row in r.rows)  # the grid phases' band: one line more
    assert drawn == gnuplot_titles[:len(drawn)] and len(drawn) == 5 + band, (drawn, gnuplot_titles)
    assert any(f.endswith("error_vs_h.dat") for f in files)


def test_the_work_precision_figure_of_a_result_and_of_a_set(results, tmp_path):
    fig = results["pass"].plot(figure="work_precision", path=str(tmp_path / "wp.svg"))
    assert [ax.get_xlabel() for ax in fig.axes][1] == "seconds (this machine, this load)"
    assert (tmp_path / "wp.svg").stat().st_size > 5000
    w = st.work_precision(["pbd", NumpyPbd()], "sliding", steps=[10, 20, 40])
    fig = w.plot(path=str(tmp_path / "set.png"))
    assert [l.get_label() for l in fig.axes[0].get_lines()] == ["pbd", "numpy-pbd"]
    assert (tmp_path / "set.png").stat().st_size > 10000
    with pytest.raises(ValueError, match="figure must be one of \\['work_precision'\\], got 'convergence'"):
        w.plot(figure="convergence")


def test_a_reference_free_result_plots_its_distances_and_triple_orders():
    r = st.reference_free("pbd", "sliding", steps=[10, 20, 40, 80, 160], max_new_rungs=0)
    fig = r.plot()
    assert fig.axes[0].get_lines()[0].get_label() == "distances"
    assert fig.axes[1].get_lines()[0].get_label() == "triple orders"


@pytest.mark.parametrize("verdict", ["pass", "fail", "inconclusive"])
def test_a_notebook_shows_the_verdict_the_reason_and_the_figure(results, verdict):
    r = results[verdict]
    page = r._repr_html_()
    assert f">{verdict}</span>" in page
    assert "reason:</b> " in page and "data:image/png;base64," in page


def test_no_result_type_prints_as_a_bare_object(results):
    r = results["pass"]
    w = st.work_precision(["pbd", NumpyPbd()], "sliding", steps=[10, 20, 40])
    values = [r, r.fit, r.uniform, r.local_orders[0], r.claim, w, w.weights, w.against_baseline("numpy-pbd"),
              st.Steps.counts([10, 20]), sweepcheck.problem("sliding"),
              st.reference_free("pbd", "sliding", steps=[10, 20, 40, 80], max_new_rungs=0)]
    for v in values:
        assert " object at 0x" not in repr(v), repr(v)
    assert re.fullmatch(r"<LocalOrder [0-9.]+ between h = [0-9.e-]+ and [0-9.e-]+>", repr(r.local_orders[0]))
    assert repr(r.fit).startswith("<OrderFit pass: order ")
    # The negative control: a pybind11 class without a __repr__ would print so.
    assert " object at 0x" in object.__repr__(r)
