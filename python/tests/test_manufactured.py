"""Manufactured problems from Python (issue 56): sweepcheck.manufactured(...) builds the problem of a schedule
with its exact solution; the Hypothesis strategy sweepcheck.manufactured.schedules() draws whole schedules, PBD
converges at order 1 on every one, and a wrong scheme is caught on a draw Hypothesis shrinks to a small one."""
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, find, given, settings

import sweepcheck
import sweepcheck.testing as st
from schemes import DroppedConstraint
from sweepcheck.manufactured import schedules

# Short ladders (h = T/40 ... T/640) and a small refinement budget: cheap enough for CI. What a run of this
# file costs is what a failing property costs: Hypothesis shrinks a failing draw by running hundreds of
# candidates, and a PBD check that does not pass refines to the budget (0.7-0.9 s each). Before grid phases
# (issue 55: the error of a rung with an event is the worst over four grid phases) one grid a rung left PBD
# INCONCLUSIVE on some event-rich draws, and the shrinking ran for minutes (measured with phases_at="never":
# 315 checks, 178 of them INCONCLUSIVE, in 150 s, unfinished); over phases the six draws pass in 0.5 s.
STEPS = [40, 80, 160, 320, 640]
FAST = settings(max_examples=6, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_a_seed_gives_the_audits_draw_and_its_problem_starts_on_the_exact_solution():
    s = sweepcheck.manufactured.schedule(seed=1, draw=2)
    assert s["format"] == "sweepcheck-manufactured-schedule/1"
    p = sweepcheck.manufactured(schedule=s)
    q = sweepcheck.manufactured(1, draw=2)
    assert np.array_equal(p.x0, q.x0)
    assert np.array_equal(p.exact(0.0), p.x0)
    assert np.array_equal(sweepcheck.manufactured(schedule=json.dumps(s)).exact(1.3), p.exact(1.3))
    for name in sweepcheck.manufactured.PREPARED:
        assert sweepcheck.manufactured(prepared=name).dim >= 2


def test_a_schedule_with_a_negative_multiplier_is_a_value_error_naming_it():
    s = sweepcheck.manufactured.schedule(prepared="landings")
    s["components"][1]["walls"][0]["gap"]["mu0"] = -0.5
    with pytest.raises(ValueError, match=r"components\[1\]\.walls\[0\]\.gap\.mu0 = -0.5 must be >= 0.*wrong sign"):
        sweepcheck.manufactured(schedule=s)
    with pytest.raises(ValueError, match="exactly one of seed, prepared and schedule"):
        sweepcheck.manufactured()
    with pytest.raises(ValueError, match="unknown field 'colour'"):
        sweepcheck.manufactured(schedule=dict(s, colour=1))


@FAST
@given(schedules(max_bodies=3))
def test_every_drawn_schedule_is_a_valid_problem_that_starts_on_its_exact_solution(s):
    p = sweepcheck.manufactured(schedule=s)
    assert np.array_equal(p.exact(0.0), p.x0)


@FAST
@given(schedules(max_bodies=3))
def test_pbd_converges_at_order_one_on_every_drawn_schedule(s):
    r = st.check_convergence("pbd", sweepcheck.manufactured(schedule=s), 1, steps=STEPS, budget_work=2e6)
    assert r.verdict == "pass", r.describe()


def test_a_wrong_scheme_is_caught_and_shrunk_to_a_small_schedule():
    # The negative control: explicit Euler with the constraints dropped, written in Python and claiming
    # order 1 (schemes.DroppedConstraint). It converges where no contact holds, so Hypothesis must find a
    # schedule with a contact; it then shrinks it to one body and one contact. The defect is O(1) (the
    # state leaves S), so one grid a rung and no refinement tell it: each call is milliseconds.
    calls = []

    def fails(s):
        calls.append(s)
        r = st.check_convergence(DroppedConstraint(), sweepcheck.manufactured(schedule=s), 1, steps=STEPS,
                                 max_new_rungs=0, phases_at="never")
        return r.verdict == "fail"

    s = find(schedules(max_bodies=3), fails,
             settings=settings(max_examples=40, deadline=None, derandomize=True, database=None,
                               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]))
    assert fails(s)
    assert len(calls) > 2  # it searched, then shrank
    assert len(s["components"]) == 1, json.dumps(s)
    contacts = sum(len(w["gap"]["contacts"]) for c in s["components"] for w in c.get("walls", [c]))
    assert contacts == 1, json.dumps(s)
    # The same scheme passes where nothing touches: what it was caught on is the contact.
    free = json.loads(json.dumps(s))
    for c in free["components"]:
        for w in c.get("walls", [c]):
            w["gap"]["contacts"] = []
    assert not fails(free)
