"""Verdicts at contact events (issue 55): a user's problems with a landing and with lift-offs, written in
Python, pass for the claimed first-order schemes through check_convergence once each rung is measured
over grid phases; with the plain grid alone (phases_at="never") the landing's verdict is not a pass
(the negative control: the local orders scatter with where the event falls in its step)."""
import pytest

import sweepcheck.testing as st
from event_problems import WaveLanding, WaveLiftoff


@pytest.mark.parametrize("scheme", ["pbd", "pngs", "moreau-euler"])
@pytest.mark.parametrize("problem", [WaveLanding, WaveLiftoff], ids=["landing", "lift-off"])
def test_a_claimed_first_order_scheme_passes_a_python_problem_with_contact_events(scheme, problem):
    r = st.check_convergence(scheme, problem())
    assert r.verdict == "pass", r.describe()
    # The rungs with events were measured over four phases.
    assert any(row["phases"] == 4 for row in r.rows), r.describe()


def test_the_plain_grid_alone_does_not_pass_the_landing():
    r = st.check_convergence("pbd", WaveLanding(), phases_at="never")
    assert r.verdict != "pass", r.describe()
    assert all(row["phases"] == 1 for row in r.rows)
