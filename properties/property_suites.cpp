#include "properties/property_suites.hpp"

#include "properties/seed000_properties.hpp"
#include "properties/seed001_properties.hpp"
#include "properties/seed002_properties.hpp"

namespace sweepcheck {

const std::vector<PropertySuite>& property_suites() {
  static const std::vector<PropertySuite> suites = {
      {"seed000-lemma-3.2", false, check_seed000_lemma_3_2},
      {"seed000-lemma-3.2-far", true, check_seed000_lemma_3_2_far},
      {"seed000-lemma-3.3", false, check_seed000_lemma_3_3},
      {"seed000-lemma-3.3-overclaimed-eta", true, check_seed000_lemma_3_3_overclaimed_eta},
      {"seed000-theorem-3.5", false, check_seed000_theorem_3_5},
      {"seed000-theorem-3.5-tangent", true, check_seed000_theorem_3_5_tangent},
      {"seed000-hypomonotonicity-10", false, check_seed000_hypomonotonicity},
      {"seed000-hypomonotonicity-10-overclaimed-eta", true, check_seed000_hypomonotonicity_overclaimed_eta},
      {"seed000-calmness-lemma-B.1", false, check_seed000_calmness_lemma_b1},
      {"seed000-calmness-tangent", true, check_seed000_calmness_tangent},
      {"seed000-pbd-stability-13-14", false, check_seed000_pbd_stability},
      {"seed000-pbd-stability-tangent", true, check_seed000_pbd_stability_tangent},
      {"seed001-prop-3.6", false, check_seed001_prop_3_6},
      {"seed001-prop-3.6-outside-U", true, check_seed001_prop_3_6_outside_u},
      {"seed001-theorem-4.9", false, check_seed001_theorem_4_9},
      {"seed001-theorem-4.9-unqualified", true, check_seed001_theorem_4_9_unqualified},
      {"seed002-lemma-2.6", false, check_seed002_lemma_2_6},
      {"seed002-lemma-2.6-too-far", true, check_seed002_lemma_2_6_too_far},
      {"seed002-prop-2.7", false, check_seed002_prop_2_7},
      {"seed002-prop-2.7-without-eta-terms", true, check_seed002_prop_2_7_without_eta_terms},
  };
  return suites;
}

bool as_expected(const PropertySuite& suite, const PropertyOutcome& o) {
  if (suite.expect_failure) return !o.passed && o.failures > 0 && o.in_region > 0;
  return o.passed && o.failures == 0;
}

}  // namespace sweepcheck
