#include "studies/runs/run_row_text.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "studies/runs/reference_cache.hpp"

namespace sweepcheck {

std::string escape_field(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\\') out += "\\\\";
    else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else out += c;
  }
  return out;
}

std::string unescape_field(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    const char c = s[++i];
    out += c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c;
  }
  return out;
}

std::string hex_double(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

std::optional<double> parse_hex_double(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  return v;
}

namespace {

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const auto tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

std::optional<long long> parse_int(std::string_view s) {
  if (s.empty()) return std::nullopt;
  const std::string t(s);
  char* end = nullptr;
  const long long v = std::strtoll(t.c_str(), &end, 10);
  if (end != t.c_str() + t.size()) return std::nullopt;
  return v;
}

constexpr int kFields = 30;  // + the checksum
constexpr int kFieldsBeforePhases = 25;  // a journal written before grid phases: one grid per row

}  // namespace

std::string encode_run_row(const RunRow& r) {
  std::string body = fmt::format(
      "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
      escape_field(r.problem),
      escape_field(r.parameters), escape_field(r.scheme), hex_double(r.h), r.steps, hex_double(r.t_end),
      hex_double(r.error_uniform), hex_double(r.error_grid), hex_double(r.violation), hex_double(r.max_increment),
      hex_double(r.scale), hex_double(r.noise_floor), r.work.constraint_evaluations, r.work.projections,
      r.work.sweeps, r.work.inner_iterations, hex_double(r.wall_seconds), to_string(r.status), r.fail_step,
      r.inner_cap_hits, hex_double(r.claimed_order), r.claim_is_sharp ? 1 : 0, r.refined ? 1 : 0, hex_double(r.error_final),
      r.work.field_evaluations, r.phases, hex_double(r.phase), hex_double(r.error_phase_best),
      hex_double(r.phase_work_units), r.events);
  return body + fmt::format("\t{:016x}", fnv1a64(body));
}

std::optional<RunRow> decode_run_row(std::string_view line) {
  const auto f = split_tabs(line);
  if (f.size() != kFields + 1 && f.size() != kFieldsBeforePhases + 1) return std::nullopt;
  const std::string_view body = line.substr(0, line.size() - f.back().size() - 1);
  if (fmt::format("{:016x}", fnv1a64(std::string(body))) != f.back()) return std::nullopt;
  RunRow r;
  r.problem = unescape_field(f[0]);
  r.parameters = unescape_field(f[1]);
  r.scheme = unescape_field(f[2]);
  auto d = [&](int i, double& out) {
    const auto v = parse_hex_double(std::string(f[static_cast<std::size_t>(i)]));
    if (v) out = *v;
    return v.has_value();
  };
  auto n = [&](int i, auto& out) {
    const auto v = parse_int(f[static_cast<std::size_t>(i)]);
    if (v) out = static_cast<std::decay_t<decltype(out)>>(*v);
    return v.has_value();
  };
  bool ok = d(3, r.h) && n(4, r.steps) && d(5, r.t_end) && d(6, r.error_uniform) && d(7, r.error_grid) &&
            d(8, r.violation) && d(9, r.max_increment) && d(10, r.scale) && d(11, r.noise_floor) &&
            n(12, r.work.constraint_evaluations) && n(13, r.work.projections) && n(14, r.work.sweeps) &&
            n(15, r.work.inner_iterations) && d(16, r.wall_seconds) && n(18, r.fail_step) && n(19, r.inner_cap_hits) &&
            d(20, r.claimed_order) && d(23, r.error_final) && n(24, r.work.field_evaluations);
  if (f.size() == kFields + 1)
    ok = ok && n(25, r.phases) && d(26, r.phase) && d(27, r.error_phase_best) && d(28, r.phase_work_units) &&
         n(29, r.events) && r.phases >= 1;
  if (!ok) return std::nullopt;
  bool known = false;
  for (RunStatus s : kAllRunStatuses)
    if (to_string(s) == f[17]) r.status = s, known = true;
  if (!known || (f[21] != "0" && f[21] != "1") || (f[22] != "0" && f[22] != "1")) return std::nullopt;
  r.claim_is_sharp = f[21] == "1";
  r.refined = f[22] == "1";
  return r;
}

}  // namespace sweepcheck
