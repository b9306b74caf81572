// audit --junit: the XML parses (Boost.PropertyTree's XML parser, an
// independent reader), has one <testcase> per check and problem, and each
// verdict maps to the JUnit outcome junit_report.hpp documents, the reason in
// the message, special characters escaped.
#include <gtest/gtest.h>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <sstream>

#include "reports/junit_report.hpp"

namespace sweepcheck {
namespace {

namespace pt = boost::property_tree;

AuditResult junit_sample() {
  AuditResult a;
  a.scheme = "demo <scheme> & \"friends\"";
  a.claim = OrderClaim::at_least(1);
  a.wall_seconds = 12.5;
  CheckResult conv;
  conv.id = "convergence";
  conv.title = "Convergence";
  conv.theorem = "seed 000, Theorem 3.8";
  conv.verdict = CheckVerdict::fail;
  conv.evidence = "order 0.02 < 1";
  conv.per_problem.push_back({"sliding d=3 C=1", Judgement{CheckVerdict::pass, "order 1.00 [0.98, 1.02] >= 1", {}}, false});
  conv.per_problem.push_back({"sliding d=3 C=10", Judgement{CheckVerdict::fail, "order 0.02 < 1 & e < 1e-3\x01", {}}, false});
  conv.per_problem.push_back({"disks N=40", Judgement{CheckVerdict::pre_asymptotic, "local orders rise toward 1", {}}, false});
  conv.per_problem.push_back({"wall", Judgement{CheckVerdict::inconclusive, "2 usable points", {}}, false});
  conv.skipped.push_back({"circuit", "needs S(t) as a polyhedron"});
  a.checks.push_back(conv);
  CheckResult det;
  det.id = "determinism";
  det.title = "Determinism";
  det.verdict = CheckVerdict::pass;
  det.evidence = "two runs hash alike";
  a.checks.push_back(det);
  return a;
}

pt::ptree parse(const std::string& text) {
  std::istringstream in(text);
  pt::ptree tree;
  pt::read_xml(in, tree);  // throws on malformed XML
  return tree;
}

TEST(JunitReport, ParsesAsXmlWithOneTestCasePerCheckAndProblem) {
  const pt::ptree tree = parse(audit_junit(junit_sample()));
  const pt::ptree& root = tree.get_child("testsuites");
  EXPECT_EQ(root.get<std::string>("<xmlattr>.name"), "sweepcheck audit of demo <scheme> & \"friends\"");
  EXPECT_EQ(root.get<int>("<xmlattr>.tests"), 6);  // 5 convergence cases (4 judged, 1 not run) + determinism
  EXPECT_EQ(root.get<int>("<xmlattr>.failures"), 1);
  EXPECT_EQ(root.get<int>("<xmlattr>.errors"), 1);
  EXPECT_EQ(root.get<int>("<xmlattr>.skipped"), 2);
  std::vector<std::string> names;
  for (const auto& [tag, suite] : root) {
    if (tag != "testsuite") continue;
    int cases = 0;
    for (const auto& [t, c] : suite)
      if (t == "testcase") {
        ++cases;
        names.push_back(c.get<std::string>("<xmlattr>.classname") + "/" + c.get<std::string>("<xmlattr>.name"));
      }
    EXPECT_EQ(suite.get<int>("<xmlattr>.tests"), cases);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"sweepcheck.audit.convergence/sliding d=3 C=1",
                                             "sweepcheck.audit.convergence/sliding d=3 C=10",
                                             "sweepcheck.audit.convergence/disks N=40", "sweepcheck.audit.convergence/wall",
                                             "sweepcheck.audit.convergence/circuit",
                                             "sweepcheck.audit.determinism/determinism"}));
}

TEST(JunitReport, AFailIsAFailureWithItsReasonAndAnUnsettledSlopeIsAnErrorNotAFailure) {
  const pt::ptree tree = parse(audit_junit(junit_sample()));
  const pt::ptree& suite = tree.get_child("testsuites.testsuite");  // the first: convergence
  std::vector<const pt::ptree*> cases;
  for (const auto& [t, c] : suite)
    if (t == "testcase") cases.push_back(&c);
  ASSERT_EQ(cases.size(), 5u);
  EXPECT_EQ(cases[0]->count("failure") + cases[0]->count("error") + cases[0]->count("skipped"), 0u);
  ASSERT_EQ(cases[1]->count("failure"), 1u);
  // Escaped on the way out, read back as written; the control character is replaced.
  EXPECT_EQ(cases[1]->get<std::string>("failure.<xmlattr>.message"), "order 0.02 < 1 & e < 1e-3?");
  EXPECT_EQ(cases[1]->get<std::string>("failure.<xmlattr>.type"), "FAIL");
  ASSERT_EQ(cases[2]->count("error"), 1u);
  EXPECT_EQ(cases[2]->get<std::string>("error.<xmlattr>.type"), "PRE-ASYMPTOTIC");
  EXPECT_EQ(cases[3]->get<std::string>("skipped.<xmlattr>.type"), "INCONCLUSIVE");
  EXPECT_EQ(cases[4]->get<std::string>("skipped.<xmlattr>.message"), "needs S(t) as a polyhedron");
}

TEST(JunitReport, RunsNotStartedBecauseThePluginHangsAreFailures) {
  AuditResult a = junit_sample();
  a.checks[0].per_problem[0].not_run = true;
  a.checks[1].not_run = "the plugin hangs";
  const pt::ptree tree = parse(audit_junit(a));
  EXPECT_EQ(tree.get<int>("testsuites.<xmlattr>.failures"), 3);
}

// PropertyTree's parser is lenient about '&' and '<' inside attribute values,
// so the escapes are asserted on the text itself (the ctest audit tests also
// parse a real audit's file with Python's expat, which is strict).
TEST(JunitReport, SpecialCharactersAreEscapedInTheText) {
  const std::string xml = audit_junit(junit_sample());
  EXPECT_NE(xml.find("message=\"order 0.02 &lt; 1 &amp; e &lt; 1e-3?\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("demo &lt;scheme&gt; &amp; &quot;friends&quot;"), std::string::npos) << xml;
}

// Negative control: the parser this suite rests on rejects what is not XML.
TEST(JunitReport, TheParserRejectsAnUnclosedElement) {
  EXPECT_THROW(parse("<testsuites><testsuite></testsuites>"), pt::xml_parser_error);
}

}  // namespace
}  // namespace sweepcheck
