"""Verdicts at contact events (issue 55): a user's problems with a landing and with lift-offs, written in
Python, pass for the claimed first-order schemes once each rung is measured over grid phases: PBD through
check_convergence on the landing (the lift-off, the NumPy PBD and the audits: test_events_audit.py,
study-long, minutes of Python calls). On the same given steps the plain grid alone (phases_at="never")
does not pass the landing: the negative control (the local orders scatter with where the landing falls
in its step). PNGS and Moreau-Euler, which the Python
check_convergence does not offer by name, go through the audit there."""
import pytest

import sweepcheck.testing as st
from event_problems import WaveLanding


def test_pbd_passes_a_python_problem_with_a_landing_over_grid_phases():
    r = st.check_convergence("pbd", WaveLanding())
    assert r.verdict == "pass", r.describe()
    assert any(row["phases"] == 4 for row in r.rows), r.describe()


def test_on_the_same_given_steps_the_plain_grid_alone_does_not_pass_the_landing():
    # The given eight rungs (n = 10 ... 1000): over phases they pass (0.980 [0.965, 0.994], 0.4 s), on one
    # grid they do not (0.974 [0.705, 1.244], inconclusive). Refining the one-grid ladder to the budget
    # takes minutes of the Python problem's calls, so both are judged on the given steps.
    phased = st.check_convergence("pbd", WaveLanding(), max_new_rungs=0)
    plain = st.check_convergence("pbd", WaveLanding(), phases_at="never", max_new_rungs=0)
    assert phased.verdict == "pass", phased.describe()
    assert plain.verdict != "pass", plain.describe()
    assert all(row["phases"] == 1 for row in plain.rows)


