#pragma once
// Seed 001 (order 1/2 of Venel's scheme), the linearised sets
//   Q̃_i(t, q̃) = { y : g_i(q̃) + <∇g_i(q̃), y − q̃> >= 0 },  Q̃ = ∩_i Q̃_i,
// for pairs of disks, g_ij(q) = |X_i − X_j| − 2r, with U_ij = {|X_i − X_j| > r0}:
// on U, |∇g| = sqrt(2) (α = β = sqrt 2 in (A1)) and |D²g| <= 2/r0 = M (A4).
#include "properties/property_outcome.hpp"

namespace sweepcheck {

// Proposition 3.6: d_{Q̃_i(q̃)}(q) <= M/(2α) |q − q̃|² for q in Q and the
// segment [q̃, q] in U_i. Observed constant: the largest d / |q − q̃|².
PropertyOutcome check_seed001_prop_3_6(const PropertyConfig& cfg);
// Negative control: q̃ outside U (two disks nearly coincide in q̃) with M kept
// at 2/r0; the curvature the bound assumes is exceeded and it fails.
PropertyOutcome check_seed001_prop_3_6_outside_u(const PropertyConfig& cfg);

// Theorem 4.9: d_{Q̃(q̃)}(q) <= Θ Σ_i d_{Q̃_i(q̃)}(q), Θ = 2γβ/α, for
// d_{Q̃(q̃)}(q̃) <= r/4 and |q − q̃| <= r/4, r = min(4ρ/(13β), α/(2Mγ)). γ is
// measured at q̃ over the ρ-active constraints (the smallest γ the sample
// supports, which makes the check stricter than the theorem's uniform γ).
PropertyOutcome check_seed001_theorem_4_9(const PropertyConfig& cfg);
// Negative control: two half-planes whose normals are nearly opposite (the
// qualification (A5) fails for the claimed γ = 2); the bound fails near the
// wedge's apex.
PropertyOutcome check_seed001_theorem_4_9_unqualified(const PropertyConfig& cfg);

}  // namespace sweepcheck
