#pragma once
// Seed 002 (inexact catching-up), the (ε, η)-approximate projection of
// Definition 2.5 (see ../shared/notes/inexact-catching-up.md): for a closed
// S_η with S ⊂ S_η ⊂ S + ηB,
//   proj^{ε,η}_S(x) = { z ∈ S_η : |x − z|² < d_S(x)² + ε }.
// S is a random polyhedron (exact distances by least distance programming);
// S_η is S enlarged by η' <= η, or S with finitely many extra points within η.
#include "properties/property_outcome.hpp"

namespace sweepcheck {

// Lemma 2.6: d_{S_η}(x) <= d_S(x) <= d_{S_η}(x) + η.
PropertyOutcome check_seed002_lemma_2_6(const PropertyConfig& cfg);
// Negative control: S_η has points farther than η from S.
PropertyOutcome check_seed002_lemma_2_6_too_far(const PropertyConfig& cfg);

// Proposition 2.7: proj^ε_S(x) ⊂ proj^{ε,η}_S(x) ⊂ proj^{ε'}_S(x) + ηB with
// ε' = ε + 2η(d_S(x) + sqrt ε) + η², witnessed by z' = P_S(z).
PropertyOutcome check_seed002_prop_2_7(const PropertyConfig& cfg);
// Negative control: ε' = ε (the η terms dropped) does not cover the points.
PropertyOutcome check_seed002_prop_2_7_without_eta_terms(const PropertyConfig& cfg);

}  // namespace sweepcheck
