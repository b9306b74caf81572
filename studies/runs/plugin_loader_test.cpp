// Loading plugins: every failure mode gives a message naming the file and the
// cause, never a crash; a good plugin yields fresh instances.
#include <gtest/gtest.h>

#include "studies/runs/plugin_loader.hpp"

namespace sweepcheck {
namespace {

std::string message_of(const std::string& path) {
  try {
    load_plugin(path);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(PluginLoader, MissingFileIsReportedAsSuch) {
  const std::string m = message_of("/nonexistent/libnothing.so");
  EXPECT_NE(m.find("no such file"), std::string::npos) << m;
}

TEST(PluginLoader, FileThatIsNotALibraryCannotBeLoaded) {
  const std::string m = message_of(FIXTURE_NOT_A_LIBRARY);
  EXPECT_NE(m.find("cannot load"), std::string::npos) << m;
}

TEST(PluginLoader, LibraryWithoutTheEntryPointIsRejected) {
  const std::string m = message_of(FIXTURE_NO_ENTRY);
  EXPECT_NE(m.find("does not export sweepcheck_create_scheme"), std::string::npos) << m;
}

TEST(PluginLoader, AbiVersionMismatchNamesBothVersions) {
  const std::string m = message_of(FIXTURE_WRONG_ABI);
  EXPECT_NE(m.find("ABI version 999"), std::string::npos) << m;
  EXPECT_NE(m.find("version " + std::to_string(plugin::kAbiVersion)), std::string::npos) << m;
}

TEST(PluginLoader, GoodPluginMakesFreshInstancesWithItsName) {
  const SchemeFactory f = load_plugin(FIXTURE_GOOD);
  const auto a = f();
  const auto b = f();
  EXPECT_NE(a.get(), b.get());
  EXPECT_EQ(a->name(), "fixture-good");
  EXPECT_TRUE(std::isnan(a->claimed_order()));  // the interface's default: none claimed
}

}  // namespace
}  // namespace sweepcheck
