#pragma once
// The few words the diagnosis writes numbers in, shared by the measured
// stencil (its `law`) and the findings' text.
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace sweepcheck::diagnosis_words {

// A fraction as the text shows it: "0", "1", "0.25".
inline std::string num(double c) {
  if (std::abs(c) < 5e-7) return "0";
  return fmt::format("{:.4g}", c);
}

inline std::string list_of(const std::vector<double>& v) {
  std::string s;
  for (double c : v) s += (s.empty() ? "" : ", ") + num(c);
  return s;
}

inline std::string join(const std::vector<std::string>& v, const std::string& sep = ", ") {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// Where a grouped finding holds: "on every problem (N)" when `names` are all
// `total` problems, else "on a; b (2 of N)".
inline std::string on_problems(const std::vector<std::string>& names, std::size_t total) {
  if (names.size() == total) return fmt::format("on every problem ({})", total);
  return fmt::format("on {} ({} of {})", join(names, "; "), names.size(), total);
}

}  // namespace sweepcheck::diagnosis_words
