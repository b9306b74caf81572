"""The pytest file to copy next to your scheme: run it with
    PYTHONPATH=<sweepcheck build>/python python3 -m pytest test_my_schemes.py
(or with the installed package on your PYTHONPATH)."""
import sweepcheck
import sweepcheck.testing as st

from crowd_contact_step import CrowdContactStep
from my_schemes import ForgetsTheProjection, Pbd, VectorisedCrowdPbd, VectorisedPbd


def test_my_pbd_converges_with_order_one_on_the_sliding_case():
    st.assert_converges(Pbd(), "sliding")  # the scheme's own claim; a failure prints the error table


def test_my_pbd_converges_on_the_oscillating_wall():
    wall = sweepcheck.problem("moving-half-plane", A=0.5, g=4, kappa=1)
    r = st.assert_converges(VectorisedPbd(), wall, claim=st.OrderClaim.at_least(1).within(0.05))
    assert r.rows[-1]["error_uniform"] < 1e-2


def test_my_vectorised_crowd_step_converges_on_the_crowd_without_a_reference():
    crowd = sweepcheck.problem("crowd", people=10)  # seed 001's evacuation, a small room; no exact solution
    r = st.reference_free(VectorisedCrowdPbd(), crowd)
    assert r.passed, r.describe()
    assert r.rows[-1]["violation"] < 1e-9  # every step ends in S(t + h)


def test_a_scheme_that_forgets_the_projection_fails_its_claim():
    st.assert_fails_its_claim(ForgetsTheProjection(), "sliding")


def test_the_audit_fails_a_scheme_that_forgets_the_projection_and_names_the_cause(tmp_path):
    # Your own scheme's audit: assert sweepcheck.audit(Pbd(), out="audit").passed (all 16 problems;
    # max_problems=8 is CI's short battery). Here the wrong one, on the battery's first problem:
    result = sweepcheck.audit(ForgetsTheProjection(), out=str(tmp_path / "audit"), max_problems=1)
    assert result.failed and result.verdicts["convergence"] == "FAIL", result.markdown
    assert "the scheme ignores the set" in result.markdown  # the Diagnosis section of audit.md


def test_a_crowd_codes_contact_step_names_the_floor_its_uzawa_tolerance_sets():
    # A third-party contact step (crowd_contact_step.py: a velocity projection solved by Uzawa, stopped at
    # 1 % of a diameter, as crowd codes ship it), checked on the crowd without a reference.
    crowd = sweepcheck.problem("crowd", people=10)
    loose = st.reference_free(CrowdContactStep(tol=0.004), crowd)
    assert not loose.passed, loose.describe()
    # The reason names the floor, its level and the work counters that point at the inner solver.
    assert "the distances of successive runs stop shrinking at about" in loose.reason, loose.reason
    assert "not round-off" in loose.reason and "an inner solve stopped at a fixed tolerance" in loose.reason
    # The control: the same step with the QP solved to 1e-9 converges at order 1.
    tight = st.reference_free(CrowdContactStep(tol=1e-9), crowd)
    assert tight.passed, tight.describe()
    assert "stop shrinking" not in tight.reason
