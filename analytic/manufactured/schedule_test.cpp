// A schedule is a value: it round-trips through JSON bit for bit, prints,
// and malformed text is refused naming the field (issue 56).
#include <gtest/gtest.h>

#include <string>

#include "sweepcheck/analytic/manufactured/draw.hpp"
#include "sweepcheck/analytic/manufactured/schedule_json.hpp"

namespace sweepcheck::manufactured {
namespace {

TEST(ManufacturedSchedule, EveryScheduleRoundTripsThroughJsonExactly) {
  std::vector<Schedule> all;
  for (const auto& n : prepared_names()) all.push_back(prepared(n));
  for (int k = 0; k < 30; ++k) all.push_back(draw(draw_seed(5, k)));
  for (const auto& s : all) {
    const std::string text = to_json(s);
    const Schedule back = from_json(text);
    EXPECT_TRUE(back == s) << s.name;
    EXPECT_EQ(to_json(back), text) << s.name;
  }
}

TEST(ManufacturedSchedule, DescribeNamesEveryComponentAndItsContacts) {
  const std::string d = describe(prepared("landings"));
  EXPECT_NE(d.find("'landings'"), std::string::npos) << d;
  EXPECT_NE(d.find("2 bodies in R^2"), std::string::npos) << d;
  EXPECT_NE(d.find("wall 0 (moving): in contact on [0, 0.618]"), std::string::npos) << d;
  EXPECT_NE(describe(prepared("crowd-of-pairs")).find("bodies 10 and 11: a pair of radius 0.25"), std::string::npos);
}

// The message from_json throws for `text` ("" when it reads).
std::string refusal(const std::string& text) {
  try {
    from_json(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(ManufacturedSchedule, MalformedJsonIsRefusedNamingTheField) {
  EXPECT_NE(refusal("{").find("not JSON"), std::string::npos);
  EXPECT_NE(refusal(R"({"components": []})").find("format: must be"), std::string::npos);
  const std::string head = R"({"format": "sweepcheck-manufactured-schedule/1", )";
  EXPECT_NE(refusal(head + R"("components": [{"kind": "wall"}]})").find("components[0].kind: 'wall' is not"),
            std::string::npos);
  EXPECT_NE(refusal(head + R"("colour": 1, "components": []})").find("unknown field 'colour'"), std::string::npos);
  EXPECT_NE(refusal(head + R"("components": [{"kind": "walls", "walls": [{"normal": [1, "x"]}]}]})")
                .find("components[0].walls[0].normal[1]: must be a number"),
            std::string::npos);
  EXPECT_NE(refusal(head + R"("components": [{"kind": "walls", "walls": [{"normal": [0, 1], "gap": {"contacts": [[1]]}}]}]})")
                .find("components[0].walls[0].gap.contacts[0]: must be a pair"),
            std::string::npos);
  // Read, then validated: a negative multiplier is refused naming it.
  EXPECT_NE(refusal(head + R"("body_dim": 1, "components": [{"kind": "walls", "walls": [{"normal": [1], "gap": {"contacts": [[0, 1]], "mu0": -1}}]}]})")
                .find("components[0].walls[0].gap.mu0 = -1 must be >= 0"),
            std::string::npos);
  // A minimal schedule reads, with the documented defaults.
  const Schedule s = from_json(head + R"("body_dim": 1, "components": [{"kind": "walls", "walls": [{"normal": [1]}]}]})");
  EXPECT_EQ(s.t_end, 2);
  EXPECT_EQ(s.A.diagonal, -1);
}

TEST(ManufacturedSchedule, TheReadmeExampleReadsWithItsDefaults) {
  // README, "Manufactured problems": a point falling onto x >= 0, held on [0.5, 1], lifting off.
  const Schedule s = from_json(R"({"format": "sweepcheck-manufactured-schedule/1", "name": "floor", "t_end": 2, "body_dim": 1,
     "A": {"diagonal": -1},
     "components": [{"kind": "walls", "walls": [{"normal": [1], "gap": {"contacts": [[0.5, 1.0]]}}]}]})");
  ASSERT_EQ(s.components.size(), 1u);
  const auto& w = std::get<WallsComponent>(s.components[0]).walls[0];
  EXPECT_EQ(w.gap.contacts.size(), 1u);
  EXPECT_EQ(w.gap.gap0, 0.5);
  EXPECT_EQ(s.seed, 0u);
}

}  // namespace
}  // namespace sweepcheck::manufactured
