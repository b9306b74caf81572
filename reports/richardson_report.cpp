#include "reports/richardson_report.hpp"

#include <fmt/format.h>

#include "reports/csv_text.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

std::string richardson_csv(const std::vector<SchemeEstimate>& estimates) {
  std::string out =
      "scheme,h_fine,h_mid,h_coarse,d_fine,d_coarse,triple_order,gci_fine,order,gci,indicator,asymptotic,"
      "expected_order,verdict,reason\n";
  for (const auto& s : estimates) {
    const auto& e = s.estimate;
    const std::string tail = fmt::format("{:.17g},{:.17g},{:.17g},{},{:.17g},{},{}", e.order, e.gci, e.indicator,
                                         e.asymptotic ? "true" : "false", e.expected_order, to_string(e.verdict),
                                         csv_quoted(e.reason));
    if (e.triples.empty()) out += fmt::format("{},,,,,,,,{}\n", csv_quoted(s.scheme), tail);
    for (const auto& t : e.triples)
      out += fmt::format("{},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{:.17g},{}\n", csv_quoted(s.scheme),
                         t.h_fine, t.h_mid, t.h_coarse, t.d_fine, t.d_coarse, t.order, t.gci_fine, tail);
  }
  return out;
}

void write_richardson_csv(const std::vector<SchemeEstimate>& estimates, const std::filesystem::path& file) {
  write_file_atomically(file, richardson_csv(estimates));
}

}  // namespace sweepcheck
