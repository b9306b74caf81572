#include "app/scheme_list_option.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sweepcheck::app {
namespace {

// Parses `args` (after the program's name) as CLI11 does for the program.
void parse(CLI::App& app, std::vector<const char*> args) {
  args.insert(args.begin(), "sweepcheck");
  app.parse(static_cast<int>(args.size()), args.data());
}

TEST(SchemeListOption, TurnsTheTextIntoValuesAndKeepsTheTextAsGiven) {
  CLI::App app;
  std::vector<SchemeSpec> schemes{{"pbd", {}}};
  std::string given;
  add_scheme_list_option(app, "--schemes", schemes, "schemes", false, &given);
  parse(app, {"--schemes", "pbd,pngs:reltol=1e-8"});
  ASSERT_EQ(schemes.size(), 2u);
  EXPECT_EQ(schemes[0].name, "pbd");
  EXPECT_EQ(schemes[1].name, "pngs");
  EXPECT_EQ(schemes[1].parameters.at("reltol"), 1e-8);
  // The label is not the text given: a report that prints the list prints `given`.
  EXPECT_EQ(schemes[1].label(), "pngs:reltol=1e-08");
  EXPECT_EQ(given, "pbd,pngs:reltol=1e-8");
}

TEST(SchemeListOption, NotGivenKeepsTheDefaultValuesAndShowsTheirLabelsInTheHelp) {
  CLI::App app;
  std::vector<SchemeSpec> schemes{{"pbd", {}}, {"penalty", {{"gamma", 100}}}};
  std::string given = "untouched";
  CLI::Option* opt = add_scheme_list_option(app, "--schemes", schemes, "schemes", false, &given);
  parse(app, {});
  ASSERT_EQ(schemes.size(), 2u);
  EXPECT_EQ(schemes[1].get("gamma"), 100);
  EXPECT_EQ(given, "untouched");
  EXPECT_EQ(opt->get_default_str(), "pbd,penalty:gamma=100");
  EXPECT_NE(app.help().find("--schemes TEXT:SPECS=pbd,penalty:gamma=100"), std::string::npos) << app.help();
}

TEST(SchemeListOption, ABadSpecIsAValidationErrorNamingTheOptionAndTheCulprit) {
  CLI::App app;
  std::vector<SchemeSpec> schemes{{"pbd", {}}};
  add_scheme_list_option(app, "--disks-schemes", schemes, "schemes");
  try {
    parse(app, {"--disks-schemes", "pbd,foo"});
    FAIL() << "a bad spec was accepted";
  } catch (const CLI::ValidationError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--disks-schemes: unknown scheme 'foo' (known: pbd, ", 0), 0u) << e.what();
  }
  ASSERT_EQ(schemes.size(), 1u);  // the values are left as they were
  EXPECT_EQ(schemes[0].name, "pbd");
}

TEST(SchemeListOption, AnEmptyListMeansNoneOnlyWhereAllowed) {
  CLI::App allowed;
  std::vector<SchemeSpec> none{{"moreau-euler", {}}};
  add_scheme_list_option(allowed, "--schemes", none, "schemes", true);
  parse(allowed, {"--schemes", ""});
  EXPECT_TRUE(none.empty());

  CLI::App refused;
  std::vector<SchemeSpec> some{{"pbd", {}}};
  add_scheme_list_option(refused, "--schemes", some, "schemes");
  EXPECT_THROW(parse(refused, {"--schemes", ""}), CLI::ValidationError);
}

TEST(SchemeListOption, PythonSchemesAreTakenApartInOrderWhereTheOptionTakesThem) {
  CLI::App app;
  std::vector<SchemeSpec> schemes{{"pngs", {}}};
  std::vector<std::string> python{"stale:Value"};
  add_scheme_list_option(app, "--schemes", schemes, "schemes", false, nullptr, &python);
  parse(app, {"--schemes", "pbd,python:my_schemes:MyPbd,penalty:gamma=30,python:pkg.sub:Other_2"});
  ASSERT_EQ(schemes.size(), 2u);
  EXPECT_EQ(schemes[0].label(), "pbd");
  EXPECT_EQ(schemes[1].label(), "penalty:gamma=30");
  EXPECT_EQ(python, (std::vector<std::string>{"my_schemes:MyPbd", "pkg.sub:Other_2"}));

  CLI::App only;
  add_scheme_list_option(only, "--schemes", schemes, "schemes", false, nullptr, &python);
  parse(only, {"--schemes", "python:m:C"});
  EXPECT_TRUE(schemes.empty());
  EXPECT_EQ(python, (std::vector<std::string>{"m:C"}));
}

TEST(SchemeListOption, APythonSchemeThatIsNotAnImportableNameOrNotTakenIsRefusedByName) {
  const auto message = [](const char* text, bool takes_python) -> std::string {
    CLI::App app;
    std::vector<SchemeSpec> schemes{{"pbd", {}}};
    std::vector<std::string> python;
    add_scheme_list_option(app, "--schemes", schemes, "schemes", false, nullptr, takes_python ? &python : nullptr);
    try {
      parse(app, {"--schemes", text});
    } catch (const CLI::ValidationError& e) {
      return e.what();
    }
    return "accepted";
  };
  for (const char* bad : {"python:m", "python:m:C:D", "python::C", "python:m:", "python:.m:C", "python:m.:C",
                          "python:a..b:C", "python:1m:C", "python:m:C()", "python:os;rm:C", "python:../x:C",
                          "python:m:C.D", "pbd,python:m:C,"})
    EXPECT_NE(message(bad, true).find("--schemes: "), std::string::npos) << bad << ": " << message(bad, true);
  EXPECT_NE(message("python:m:C()", true).find("'python:m:C()': a scheme written in Python must be module:Class"),
            std::string::npos);
  EXPECT_NE(message("pbd,python:m:C", false).find("'python:m:C': this option takes in-tree schemes only"),
            std::string::npos);
  EXPECT_EQ(message("pbd,python:a.b_c.d:E9", true), "accepted");
}

}  // namespace
}  // namespace sweepcheck::app
