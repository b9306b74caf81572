#pragma once
// Seed 000 (first-order PBD): the inequalities behind its convergence proof,
// on the set families of set_families.hpp. d_S and P_S always come from the
// certified reference projector (solvers/projection/reference_projector.hpp); a case whose
// projection is not certified is left out of the assumption region.
#include "properties/property_outcome.hpp"

namespace sweepcheck {

// Lemma 3.2: for d_S(q0) < 2^{1−m} η, each q_j = P_{S_j}(q_{j−1}) has
// d_{S_j}(q_{j−1}) < η (so it is unique), |q_j − q_{j−1}| <= 2^{j−1} d_S(q0)
// and d_S(q_j) <= 2^j d_S(q0).
PropertyOutcome check_seed000_lemma_3_2(const PropertyConfig& cfg);
// Negative control: q0 at distance about 3η from S; the uniqueness condition fails.
PropertyOutcome check_seed000_lemma_3_2_far(const PropertyConfig& cfg);

// Lemma 3.3: |e_j|² <= (1 − |v_j|/η)^{-1} (1 − |v_j|²/|e_{j−1}|²) |e_{j−1}|²
// whenever |v_j| < η and e_{j−1} ≠ 0 (v_j = q_j − q_{j−1}, e_j = q_j − P_S(q0)).
PropertyOutcome check_seed000_lemma_3_3(const PropertyConfig& cfg);
// Negative control: the same with η claimed 20 times too large (the sets are
// not that prox-regular).
PropertyOutcome check_seed000_lemma_3_3_overclaimed_eta(const PropertyConfig& cfg);

// Theorem 3.5: |P^itr(q) − P_S(q)| <= L_P d_S(q) near S with L_P < 1; checked
// with L_P = 0.99 for d_S(q) < 2^{−m} η / 4, observed L_P reported.
PropertyOutcome check_seed000_theorem_3_5(const PropertyConfig& cfg);
// Negative control: two tangent balls (not calm): the sweep barely helps.
PropertyOutcome check_seed000_theorem_3_5_tangent(const PropertyConfig& cfg);

// Hypomonotonicity (10): −<v − w, x − y> <= (|v| + |w|)/(2η) |x − y|² for
// x, y in S and proximal normals v, w (on S for the sliding sets, on one S_j
// for the others).
PropertyOutcome check_seed000_hypomonotonicity(const PropertyConfig& cfg);
PropertyOutcome check_seed000_hypomonotonicity_overclaimed_eta(const PropertyConfig& cfg);

// Metric calmness (H6) for non-overlapping disks, Lemma B.1 with
// α = 2^{−2(n−1)}: max_ij d_{S_ij}(x) >= α d_S(x); the smallest observed ratio
// shows how pessimistic the lemma's constant is.
PropertyOutcome check_seed000_calmness_lemma_b1(const PropertyConfig& cfg);
// Negative control: two tangent balls, ratio → 0 near the contact.
PropertyOutcome check_seed000_calmness_tangent(const PropertyConfig& cfg);

// Stability of PBD, (13) and (14), with constant drift f (M_f = 1) and
// K = 4 M_f: d_S(Φ_h(x)) < K h for x in S + B_{Kh}, and
// |Φ_h(a) − a| <= 2^m M_f h for a in S (the bound Lemma 3.2 implies).
PropertyOutcome check_seed000_pbd_stability(const PropertyConfig& cfg);
// Negative control: two tangent balls with the drift pointing away from S.
PropertyOutcome check_seed000_pbd_stability_tangent(const PropertyConfig& cfg);

}  // namespace sweepcheck
