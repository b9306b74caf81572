#!/usr/bin/env python3
"""The scatter of the local orders of an audit's given ladder, per problem, with one grid phase and with
K (issue 55; the table in studies/engine/fit_order.md, "Grid phases").

    sweepcheck audit --scheme pbd --phases-at never --out one
    sweepcheck audit --scheme pbd --out phased
    bench/phase_scatter.py one/audit.json phased/audit.json

For each problem: the local orders log(e_i / e_{i+1}) / log(h_i / h_{i+1}) of consecutive rungs of the given
ladder whose errors are above 1e-11 (far above round-off on these problems), their standard deviation and
range, and how many rungs were measured over more than one phase. Reads audit.json only."""
import json
import math
import statistics
import sys


def local_orders(rows):
    pts = sorted(((r["h"], r["error_uniform"]) for r in rows
                  if r["status"] == "ok" and isinstance(r["error_uniform"], (int, float)) and r["error_uniform"] > 1e-11),
                 reverse=True)
    return [math.log(e0 / e1) / math.log(h0 / h1) for (h0, e0), (h1, e1) in zip(pts, pts[1:])]


def per_problem(path):
    with open(path) as f:
        audit = json.load(f)
    out = {}
    for r in audit.get("ladder_rows", []):
        out.setdefault(r["problem"], []).append(r)
    return {p: (local_orders(rows), sum(1 for r in rows if r.get("phases", 1) > 1), len(rows)) for p, rows in out.items()}


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    one, many = per_problem(argv[1]), per_problem(argv[2])
    print("| problem | one phase: sd [min, max] | K phases: sd [min, max] | rungs over K phases |")
    print("|---|---|---|---|")
    for p in one:
        def cell(lo):
            if len(lo) < 2:
                return "–"
            return f"{statistics.stdev(lo):.3f} [{min(lo):.2f}, {max(lo):.2f}]"
        lo1, _, _ = one[p]
        loK, phased, n = many.get(p, ([], 0, 0))
        print(f"| {p} | {cell(lo1)} | {cell(loK)} | {phased} of {n} |")


if __name__ == "__main__":
    main(sys.argv)
