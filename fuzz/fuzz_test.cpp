// Fuzz targets, driven by rapidcheck: hostile inputs to the four readers of
// untrusted text or files. Each target states what must hold for *every*
// input — a clear, typed rejection or a checked acceptance; never a crash,
// an undefined behaviour (the sanitizer job runs these), an exception of an
// unexpected type, or a silently accepted bad value.
//
// Case count and seed: SWEEPCHECK_FUZZ_CASES (default 300 per target, the
// bounded CI run) and SWEEPCHECK_FUZZ_SEED (default fixed, so CI is
// reproducible); a failure prints the seed and the shrunk input.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "reports/results_csv.hpp"
#include "studies/runs/plugin_loader.hpp"
#include "studies/runs/reference_cache.hpp"
#include "studies/runs/scheme_catalog.hpp"

namespace sweepcheck {
namespace {

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::atoi(v) : fallback;
}

class SilentListener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

template <class Property>
void fuzz(const std::string& name, Property property, int case_factor = 1) {
  rc::detail::TestParams params;
  params.seed = static_cast<std::uint64_t>(env_int("SWEEPCHECK_FUZZ_SEED", 20261123));
  params.maxSuccess = std::max(1, env_int("SWEEPCHECK_FUZZ_CASES", 300) / case_factor);
  params.maxSize = 100;
  params.maxDiscardRatio = 10;
  rc::detail::TestMetadata meta;
  meta.id = name;
  meta.description = name;
  SilentListener listener;
  const std::unordered_map<std::string, rc::detail::Reproduce> none;
  const auto result = rc::detail::checkProperty(rc::detail::toProperty(property), meta, params, listener, none);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream msg;
    rc::detail::printResultMessage(result, msg);
    ADD_FAILURE() << name << " (seed " << params.seed << ", " << params.maxSuccess << " cases):\n" << msg.str();
  }
}

// Applies 1..4 random edits to `text`: replace a byte (by a "dangerous"
// character or any byte), delete or duplicate a span, insert text, or cut.
std::string mutate(std::string text) {
  static const std::vector<std::string> tokens = {",", "\n", "-", ".", "e", "E", "+", "inf", "nan", "-inf", "1e999",
                                                  "0x1p3", " ", "\"", "\r", std::string(1, '\0'), "9999999999999999999",
                                                  "#", "=", ":", "2.5", "1e30", "-0", "\xff"};
  const int edits = *rc::gen::inRange(1, 5);
  for (int k = 0; k < edits; ++k) {
    const std::size_t n = text.size();
    const std::size_t at = n == 0 ? 0 : *rc::gen::inRange<std::size_t>(0, n);
    switch (*rc::gen::inRange(0, 6)) {
      case 0:
        if (n > 0) text[at] = *rc::gen::arbitrary<char>();
        break;
      case 1:
        if (n > 0) text.replace(at, 1, *rc::gen::elementOf(tokens));
        break;
      case 2:
        text.erase(at, *rc::gen::inRange<std::size_t>(0, 40));
        break;
      case 3:
        text.insert(at, *rc::gen::elementOf(tokens));
        break;
      case 4:
        text.insert(at, text.substr(at, *rc::gen::inRange<std::size_t>(0, 60)));
        break;
      default:
        text.resize(at);
        break;
    }
  }
  return text;
}

// --- the scheme-spec parser ------------------------------------------------

std::string random_spec() {
  static const std::vector<std::string> parts = {
      "pbd", "pngs", "pgs", "penalty", "venel", "moreau-euler", "catching-up", "inexact-catching-up", "nosuch", ":", "=",
      ",", "reltol", "abstol", "max_sweeps", "max_iterations", "solver", "tol", "gamma", "eta_power", "1e-8", "2.5",
      "1e30", "-1", "0", "3", "nan", "inf", "0x10", " ", "", "1e-320", "2147483648", "2147483647", "1e", "--"};
  std::string s;
  const int n = *rc::gen::inRange(1, 9);
  for (int i = 0; i < n; ++i) s += *rc::gen::elementOf(parts);
  if (*rc::gen::inRange(0, 4) == 0) s = mutate(s);
  return s;
}

TEST(Fuzz, SchemeSpecsAreAcceptedValidOrRejectedWithInvalidArgument) {
  fuzz("scheme spec parser", [] {
    const std::string text = random_spec();
    try {
      const SchemeSpec spec = parse_scheme_spec(text);
      scheme_info(spec.name);  // a known scheme
      for (const auto& [key, v] : spec.parameters) {
        RC_ASSERT(std::isfinite(v));
        if (is_integer_parameter(key)) RC_ASSERT(v == std::floor(v) && v >= 0 && v <= std::numeric_limits<int>::max());
      }
    } catch (const std::invalid_argument& e) {
      RC_ASSERT(std::string(e.what()).size() > 0);
    }
    try {
      for (const auto& spec : parse_scheme_list(text)) RC_ASSERT(!spec.name.empty());
    } catch (const std::invalid_argument&) {
    }
  });
}

// --- the results.csv reader ------------------------------------------------

std::vector<RunRow> sample_rows() {
  std::vector<RunRow> rows;
  for (int i = 0; i < 3; ++i) {
    RunRow r;
    r.problem = "sliding";
    r.parameters = "d=3 C=1, \"quoted\"";
    r.scheme = i == 2 ? "pngs:reltol=1e-08" : "pbd";
    r.h = 0.1 / (i + 1);
    r.steps = 10 * (i + 1);
    r.t_end = 1;
    r.error_uniform = 0.01 / (i + 1);
    r.error_grid = r.error_uniform;
    r.violation = i == 1 ? std::numeric_limits<double>::infinity() : 1e-3;
    r.status = i == 1 ? RunStatus::diverged : RunStatus::ok;
    r.claimed_order = i == 2 ? std::numeric_limits<double>::quiet_NaN() : 1.0;
    rows.push_back(r);
  }
  return rows;
}

std::filesystem::path scratch(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("sweepcheck-fuzz-" + std::to_string(::getpid()) + "-" + name);
}

TEST(Fuzz, TheResultsCsvReaderReturnsRowsOrThrowsRuntimeError) {
  const std::string good = results_csv(sample_rows());
  const auto file = scratch("results.csv");
  fuzz("results.csv reader", [&] {
    const std::string text = mutate(good);
    {
      std::ofstream out(file, std::ios::binary | std::ios::trunc);
      out << text;
    }
    try {
      for (const auto& r : read_results_csv(file)) RC_ASSERT(r.h > 0);
    } catch (const std::runtime_error& e) {
      RC_ASSERT(std::string(e.what()).find(file.string()) != std::string::npos);  // names the file
    }
  }, 2);
  std::filesystem::remove(file);
}

// --- the reference-cache reader ----------------------------------------------

SampledReference<double> small_reference() {
  SampledReference<double> r;
  for (int i = 0; i <= 8; ++i) {
    r.times.push_back(i / 8.0);
    Vec<double> x(4);
    x << std::sin(i), std::cos(i) * 1e-9, -std::exp(0.1 * i), i * 1e12;
    r.states.push_back(x);
  }
  return r;
}
const std::string kKey = "fuzz v1 | N=2";
const ReferenceExpectation kExpect{.rows = 9, .dimension = 4, .t_first = 0, .t_last = 1};

TEST(Fuzz, TheCacheReaderNeverThrowsAndAcceptsOnlyCheckedFiniteReferences) {
  const std::string good = serialize_reference(kKey, small_reference());
  ASSERT_TRUE(parse_reference(good, kKey, kExpect).reference);
  fuzz("reference cache reader", [&] {
    const std::string text = mutate(good);
    ParsedReference p;
    try {
      p = parse_reference(text, kKey, kExpect);
    } catch (...) {
      RC_FAIL("parse_reference threw");
    }
    if (!p.reference) {
      RC_ASSERT(!p.reason.empty());
      return;
    }
    // Accepted: only if it is the good file's content (the hash covers it).
    const auto& r = *p.reference;
    RC_ASSERT(r.times.size() == 9u);
    for (std::size_t i = 0; i < r.times.size(); ++i) {
      RC_ASSERT(std::isfinite(r.times[i]));
      RC_ASSERT(r.states[i].allFinite());
      RC_ASSERT(r.states[i] == small_reference().states[i]);
    }
  });
}

TEST(Fuzz, EverySingleByteChangeOfTheDataIsRejected) {
  // FNV-1a maps each prefix bijectively, so one substituted byte always
  // changes the hash: no single-byte corruption can be accepted.
  const std::string good = serialize_reference(kKey, small_reference());
  const std::size_t data = good.find("\n", good.find("# check:")) + 1;
  fuzz("single-byte corruption", [&] {
    std::string text = good;
    const auto at = *rc::gen::inRange(data, good.size());
    const char c = *rc::gen::arbitrary<char>();
    RC_PRE(c != text[at]);
    text[at] = c;
    RC_ASSERT(!parse_reference(text, kKey, kExpect).reference);
  });
}

// --- the plugin loader's checks ---------------------------------------------

TEST(Fuzz, ThePluginLoaderRejectsEveryBrokenFileWithInvalidArgumentNamingIt) {
  std::string good;
  {
    std::ifstream in(FIXTURE_GOOD, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    good = s.str();
  }
  ASSERT_GT(good.size(), 1000u);
  ASSERT_NO_THROW(load_plugin(FIXTURE_GOOD));
  const auto file = scratch("plugin.so");
  fuzz("plugin loader", [&] {
    std::string bytes;
    // Only files that are not ELF objects are fuzzed in-process: an ELF header
    // followed by junk, or a real plugin cut short, crashed the fuzz process
    // inside dlopen (measured: silent death of the test program), which no
    // in-process check can survive. Those belong to the child-process
    // loader of the plugin-isolation work (issue 14 item 2); set
    // SWEEPCHECK_FUZZ_ELF=1 to include them.
    switch (*rc::gen::inRange(0, env_int("SWEEPCHECK_FUZZ_ELF", 0) != 0 ? 3 : 1)) {
      case 0:  // anything
        bytes = *rc::gen::container<std::string>(rc::gen::arbitrary<char>());
        break;
      case 1:  // an ELF header, then anything
        bytes = good.substr(0, *rc::gen::inRange<std::size_t>(4, 64)) +
                *rc::gen::container<std::string>(rc::gen::arbitrary<char>());
        break;
      default:  // a real plugin cut short (a copy interrupted, a full disk)
        bytes = good.substr(0, *rc::gen::inRange<std::size_t>(0, 4096));
        break;
    }
    {
      std::ofstream out(file, std::ios::binary | std::ios::trunc);
      out << bytes;
    }
    try {
      load_plugin(file.string());
      RC_FAIL("a broken plugin file was accepted");
    } catch (const std::invalid_argument& e) {
      RC_ASSERT(std::string(e.what()).find(file.string()) != std::string::npos);
    }
  }, 3);
  std::filesystem::remove(file);
  for (const std::string& bad : {std::string(""), std::string("/"), std::string("/nonexistent/lib.so"),
                                std::string("no-slash.so"), std::string(300, 'x')})
    EXPECT_THROW(load_plugin(bad), std::invalid_argument) << bad;
}

}  // namespace
}  // namespace sweepcheck
