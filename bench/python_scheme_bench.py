"""Issue 49, item 6: what a scheme written in Python costs against the C++ pbd, from one run.

    PYTHONPATH=build/python python3 bench/python_scheme_bench.py            # per-step cost (a few seconds)
    PYTHONPATH=build/python python3 bench/python_scheme_bench.py --audit    # + the audit's first 8 problems (~2 min)

Per step: check_convergence on the sliding case (d = 3, 2 constraints) and the oscillating wall over
two long runs (20000 and 40000 steps, no refinement), the C++ pbd and the NumPy PBDs through the same
plugin path; the ratio is seconds per step against the C++ pbd's.  The audit: `sweepcheck audit
--scheme pbd --isolate --max-problems 8` (every step in a child, as a plugin is run) against
sweepcheck.audit() of the NumPy PBDs, wall seconds from audit.json, and the verdicts compared.
"""
import math
import os
import subprocess
import sys
import tempfile
import time

import sweepcheck
import sweepcheck.testing as st

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "tests"))
from schemes import InPlacePbd, NumpyPbd, SweepPbd  # noqa: E402

WALL = dict(A=0.5, omega=2 * math.pi, g=4, a=0, u=1, b=0, t_end=2.5, kappa=1)


def per_step(scheme, problem):
    t = time.perf_counter()
    r = st.check_convergence(scheme, problem, steps=[20000, 40000], max_new_rungs=0, claim=st.OrderClaim.none())
    return (time.perf_counter() - t) / sum(row["steps"] for row in r.rows)


def main():
    print(f"load {os.getloadavg()[0]:.1f}")
    for label, problem in (("sliding", sweepcheck.problem("sliding")),
                           ("oscillating wall", sweepcheck.problem("moving-half-plane", **WALL))):
        base = per_step("pbd", problem)
        print(f"{label}: C++ pbd {base * 1e6:.2f} us/step")
        for scheme in (NumpyPbd(), InPlacePbd(), SweepPbd()):
            s = per_step(scheme, problem)
            print(f"  {scheme.name:12s} {s * 1e6:7.2f} us/step  {s / base:6.1f}x")
    if "--audit" not in sys.argv:
        return
    from sweepcheck import _paths
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cpp")
        subprocess.run([_paths.PROGRAM, "audit", "--scheme", "pbd", "--isolate", "--max-problems", "8", "--out", out,
                        "--quiet"], check=True, capture_output=True)
        import json
        with open(os.path.join(out, "audit.json")) as f:
            cpp = json.load(f)
        verdicts = {c["id"]: c["verdict"] for c in cpp["checks"]}
        print(f"audit, first 8 problems: C++ pbd (isolated) {cpp['wall_seconds']:.1f} s")
        for scheme in (NumpyPbd(), SweepPbd()):
            r = sweepcheck.audit(scheme, out=os.path.join(tmp, scheme.name), max_problems=8)
            same = "same verdicts" if r.verdicts == verdicts else f"DIFFERENT verdicts {r.verdicts}"
            print(f"  {scheme.name:12s} {r.json['wall_seconds']:.1f} s  {r.json['wall_seconds'] / cpp['wall_seconds']:.1f}x  "
                  f"{same}")


if __name__ == "__main__":
    main()
