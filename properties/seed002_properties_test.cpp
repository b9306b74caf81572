#include "properties/seed002_properties.hpp"

#include "properties/property_expectations.hpp"

namespace sweepcheck {
namespace {

TEST(Seed002Properties, Lemma26HoldsForBothKindsOfEnlargedSets) { expect_holds(check_seed002_lemma_2_6(test_config())); }

TEST(Seed002Properties, Lemma26FailsWhenTheEnlargedSetReachesBeyondEta) {
  expect_fails(check_seed002_lemma_2_6_too_far(test_config()));
}

TEST(Seed002Properties, Proposition27InclusionsHold) { expect_holds(check_seed002_prop_2_7(test_config())); }

TEST(Seed002Properties, Proposition27FailsWithoutTheEtaTermsInEpsilonPrime) {
  expect_fails(check_seed002_prop_2_7_without_eta_terms(test_config()));
}

}  // namespace
}  // namespace sweepcheck
