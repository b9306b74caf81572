// junit_check JUNIT.xml AUDIT.json: the test-side reader of `audit --junit`.
// Parses the XML with Boost.PropertyTree (not the code that wrote it) and
// checks it against audit.json: exactly one <testcase> per check and problem
// (classname sweepcheck.audit.<check>, name = the problem), a <failure>
// exactly where the audit says FAIL (or runs were not started), a <skipped>
// for every problem a check could not run on, and the counts on <testsuites>.
// Exit 0 and "ok: N test cases", or exit 1 naming the first mismatch.
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace pt = boost::property_tree;

namespace {

struct Seen {
  std::string outcome;  // "", "failure", "error", "skipped"
  std::string message;
  int count = 0;
};

void expect(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc != 3) throw std::runtime_error("usage: junit_check JUNIT.xml AUDIT.json");
  pt::ptree tree;
  pt::read_xml(argv[1], tree);
  std::ifstream js(argv[2]);
  const nlohmann::json audit = nlohmann::json::parse(js);

  const pt::ptree& root = tree.get_child("testsuites");
  std::map<std::string, Seen> cases;  // "classname/name"
  int total = 0, failures = 0, skipped = 0;
  for (const auto& [tag, suite] : root) {
    if (tag != "testsuite") continue;
    for (const auto& [t, c] : suite) {
      if (t != "testcase") continue;
      Seen& s = cases[c.get<std::string>("<xmlattr>.classname") + "/" + c.get<std::string>("<xmlattr>.name")];
      ++s.count;
      ++total;
      for (const char* o : {"failure", "error", "skipped"})
        if (c.count(o)) {
          s.outcome = o;
          s.message = c.get<std::string>(std::string(o) + ".<xmlattr>.message", "");
        }
      failures += s.outcome == "failure";
      skipped += s.outcome == "skipped";
    }
  }
  expect(root.get<int>("<xmlattr>.tests") == total, "testsuites tests= does not count the test cases");
  expect(root.get<int>("<xmlattr>.failures") == failures, "testsuites failures= does not count the failures");
  expect(root.get<int>("<xmlattr>.skipped") == skipped, "testsuites skipped= does not count the skipped cases");

  int expected = 0;
  for (const auto& c : audit.at("checks")) {
    const std::string cls = "sweepcheck.audit." + c.at("id").get<std::string>();
    auto one = [&](const std::string& name) -> const Seen& {
      const auto it = cases.find(cls + "/" + name);
      expect(it != cases.end(), "no test case for " + cls + "/" + name);
      expect(it->second.count == 1, "more than one test case for " + cls + "/" + name);
      ++expected;
      return it->second;
    };
    if (c.contains("problems")) {
      for (const auto& p : c["problems"]) {
        const Seen& s = one(p.at("problem").get<std::string>());
        const bool fails = p.at("verdict") == "FAIL" || p.value("not_run", false);
        expect((s.outcome == "failure") == fails, cls + "/" + p.at("problem").get<std::string>() + ": verdict " +
                                                      p.at("verdict").get<std::string>() + " but JUnit outcome '" +
                                                      s.outcome + "'");
        if (p.at("verdict") == "FAIL")
          expect(s.message == p.at("evidence").get<std::string>(), cls + ": the failure message is not the evidence");
      }
    } else {
      const Seen& s = one(c.at("id").get<std::string>());
      expect((s.outcome == "failure") == (c.at("verdict") == "FAIL" || c.contains("not_run")),
             cls + ": the check's verdict and the JUnit outcome disagree");
    }
    if (c.contains("skipped"))
      for (const auto& k : c["skipped"]) expect(one(k.at("problem").get<std::string>()).outcome == "skipped",
                                                cls + ": a problem the check did not run on is not skipped");
  }
  expect(expected == total, std::to_string(total) + " test cases, but the audit has " + std::to_string(expected) +
                                " check-problem pairs");
  std::cout << "ok: " << total << " test cases, " << failures << " failures\n";
  return 0;
} catch (const std::exception& e) {
  std::cerr << "junit_check: " << e.what() << "\n";
  return 1;
}
