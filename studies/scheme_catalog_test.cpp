#include <gtest/gtest.h>

#include "studies/scheme_catalog.hpp"

namespace sweepcheck {
namespace {

TEST(SchemeCatalog, ParsesNamesAndParameters) {
  const auto s = parse_scheme_spec("pngs:reltol=1e-8:max_sweeps=50");
  EXPECT_EQ(s.name, "pngs");
  EXPECT_DOUBLE_EQ(s.get("reltol"), 1e-8);
  EXPECT_DOUBLE_EQ(s.get("abstol"), 1e-12);
  EXPECT_DOUBLE_EQ(s.get("max_sweeps"), 50);
  EXPECT_EQ(parse_scheme_list("pbd,pngs").size(), 2u);
}

TEST(SchemeCatalog, BadSpecsNameTheCulprit) {
  auto message = [](const std::string& text) {
    try {
      parse_scheme_list(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("pbx").find("pbx"), std::string::npos);
  EXPECT_NE(message("pngs:tol=1").find("tol"), std::string::npos);
  EXPECT_NE(message("pngs:reltol=abc").find("reltol"), std::string::npos);
  EXPECT_NE(message("pngs:reltol=nan").find("reltol"), std::string::npos);
  EXPECT_NE(message("pngs:reltol").find("key=value"), std::string::npos);
  EXPECT_NE(message(",").find("no scheme"), std::string::npos);
}

TEST(SchemeCatalog, EveryCataloguedSchemeIsDispatched) {
  for (const auto& info : scheme_catalog()) {
    const SchemeSpec spec{info.name, {}};
    const std::string name = with_scheme<double>(spec, [](const auto& s) { return s.name(); });
    EXPECT_EQ(name, info.name);
  }
}

}  // namespace
}  // namespace sweepcheck

namespace sweepcheck {
namespace {

// Seed 001 proves Venel's error is O(h^{1/2}) (its convergence theorem), a
// bound rather than the expected order (Venel fits order 1.01 on the sliding
// case); the claims of seed 000 and 002 are the expected orders themselves.
TEST(SchemeCatalog, OnlyVenelsClaimIsALowerBound) {
  EXPECT_TRUE(scheme_info("venel").claim_is_lower_bound);
  for (const char* name : {"pbd", "pngs", "moreau-euler", "catching-up"})
    EXPECT_FALSE(scheme_info(name).claim_is_lower_bound) << name;
}

}  // namespace
}  // namespace sweepcheck
