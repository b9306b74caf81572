"""Issue 55, the checks too long for CI (study-long; measured: test_events.py's six cases took 236 s, the
Python problem's calls dominating): PBD (C++ and NumPy) through check_convergence on the landing and
the lift-offs, and PBD, PNGS and Moreau-Euler through the audit with a user's Python problem with a
landing, or with lift-offs, added to the battery."""
import pytest

import sweepcheck
import sweepcheck.testing as st
from event_problems import WaveLanding, WaveLiftoff
from schemes import NumpyPbd


@pytest.mark.parametrize("scheme", ["pbd", NumpyPbd], ids=["cpp-pbd", "numpy-pbd"])
@pytest.mark.parametrize("problem", [WaveLanding, WaveLiftoff], ids=["landing", "lift-off"])
def test_pbd_passes_a_python_problem_with_contact_events_over_grid_phases(scheme, problem):
    r = st.check_convergence(scheme if isinstance(scheme, str) else scheme(), problem())
    assert r.verdict == "pass", r.describe()
    assert any(row["phases"] == 4 for row in r.rows), r.describe()


@pytest.mark.parametrize("scheme", ["pbd", "pngs", "moreau-euler"])
@pytest.mark.parametrize("problem", [WaveLanding, WaveLiftoff], ids=["landing", "lift-off"])
def test_a_claimed_first_order_scheme_passes_the_audit_with_a_python_problem_with_events(scheme, problem, tmp_path):
    r = sweepcheck.audit(scheme, str(tmp_path / "audit"), problem=problem, max_problems=1, jobs=2)
    assert r.passed, r
