"""Figures of results with matplotlib (python3-matplotlib), and how a result shows itself in a notebook.

What a figure shows is not decided here: the result's ``figures()`` gives it, the C++ definition that
``write_figures`` draws with gnuplot too (studies/engine/sweepcheck/figure_panels.hpp).  This module only
draws those panels and adds the verdict:

    r.plot()                        # the convergence figure: errors against h (log-log) with the fitted
                                    #   line, its interval's slopes and the claim's slope; the local
                                    #   orders beside it; the verdict in the title
    r.plot(figure="work_precision") # the errors against the counted work and against seconds
    w.plot(path="wp.svg")           # a WorkPrecisionSet: every scheme against the baseline
    r                               # in a notebook: verdict, reason and the convergence figure

``plot`` returns the matplotlib Figure (no pyplot state is touched); ``path=`` also saves it, in the format
its extension names, written atomically.
"""
import base64
import html
import io
import os
import tempfile
import textwrap

# Which of a result's figures() plot() draws together.
_FIGURES = {"convergence": ("error_vs_h", "local_orders"), "work_precision": ("work_precision",)}
_STYLES = {"points": dict(linestyle="none", marker="o"), "lines": dict(linestyle="-"),
           "linespoints": dict(linestyle="-", marker="o", markersize=4), "dashed": dict(linestyle="--")}
_BADGE = {"pass": "#1a7f37", "fail": "#cf222e"}


def _matplotlib_figure():
    try:
        from matplotlib.figure import Figure
    except ImportError as e:
        raise ImportError("plot() needs matplotlib (Debian: apt-get install python3-matplotlib; "
                          "ci/install-deps.sh installs it)") from e
    return Figure


def _panels(result, figure):
    figures = {f["name"]: f for f in result.figures()}
    if figure is None:
        figure = "convergence" if "error_vs_h" in figures else "work_precision"
    names = _FIGURES.get(figure)
    if names is None or not all(n in figures for n in names):
        known = [k for k, v in _FIGURES.items() if all(n in figures for n in v)]
        raise ValueError(f"figure must be one of {known}, got {figure!r}")
    return figure, [p for n in names for p in figures[n]["panels"]]


def _title(result):
    # A check's summary starts with its verdict ("pass: pbd on sliding, ..."); a WorkPrecisionSet's says
    # how each scheme compares with the baseline.
    return textwrap.fill(result.summary(), 110)


def plot(result, path=None, *, figure=None):
    """Draws `figure` of `result` ("convergence", the default for a check's result, or "work_precision") and
    returns the matplotlib Figure; with `path`, also saves it there (.png, .svg, .pdf: by its extension)."""
    Figure = _matplotlib_figure()
    figure, panels = _panels(result, figure)
    fig = Figure(figsize=(6.4 * len(panels), 5.2), layout="constrained")
    for ax, panel in zip(fig.subplots(1, len(panels), squeeze=False)[0], panels):
        for line in panel["lines"]:
            if line["points"]:
                xs, ys = zip(*line["points"])
                ax.plot(xs, ys, label=line["title"], **_STYLES.get(line["style"], {}))
        ax.set_xscale("log" if panel["log_x"] else "linear")
        ax.set_yscale("log" if panel["log_y"] else "linear")
        ax.set_title(textwrap.fill(panel["title"], 60), fontsize="medium")
        ax.set_xlabel(panel["xlabel"])
        ax.set_ylabel(panel["ylabel"])
        ax.grid(True, which="both", alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(loc="best", fontsize="small")
    fig.suptitle(_title(result), fontsize="medium")
    if path is not None:
        save(fig, path)
    return fig


def save(fig, path):
    """fig written to `path` atomically (a temporary file in the same folder, then renamed); the folder is
    made when it is not there."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fmt = os.path.splitext(path)[1].lstrip(".").lower() or "png"
    fd, tmp = tempfile.mkstemp(prefix=".sweepcheck-figure-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            fig.savefig(f, format=fmt)
        os.chmod(tmp, 0o666 & ~_umask())  # as open() would have made it, not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return path


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def svg(result, figure=None):
    """The figure as SVG text (for an HTML page), or None without matplotlib."""
    try:
        fig = plot(result, figure=figure)
    except ImportError:
        return None
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    return buf.getvalue()


def repr_html(result):
    """A result in a notebook: its verdict as a badge, the reason, the summary and the convergence figure."""
    verdict = getattr(result, "verdict", None)
    parts = []
    if verdict is not None:
        colour = _BADGE.get(verdict, "#9a6700")
        parts.append(f'<p><span style="background:{colour};color:white;padding:2px 8px;border-radius:4px;'
                     f'font-weight:bold">{html.escape(verdict)}</span> {html.escape(result.summary())}</p>')
        parts.append(f"<p><b>reason:</b> {html.escape(result.reason)}</p>")
    else:
        parts.append(f"<p>{html.escape(result.summary())}</p>")
    try:
        fig = plot(result)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=80)
        parts.append(f'<img alt="{html.escape(_title(result))}" '
                     f'src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}"/>')
    except ImportError as e:
        parts.append(f"<p><i>{html.escape(str(e))}</i></p>")
    return "<div>" + "\n".join(parts) + "</div>"


def attach(*classes):
    """plot() and _repr_html_ on the result classes."""
    for cls in classes:
        cls.plot = plot
        cls._repr_html_ = repr_html
