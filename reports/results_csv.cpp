#include "reports/results_csv.hpp"
#include "reports/csv_text.hpp"

#include <fmt/format.h>

#include <cmath>
// The CSV parser's header trips GCC's -Wstringop-truncation on inlining; the
// truncation it warns about is of an error message's file name, harmless.
// (clang has no such warning, and would warn about the unknown name.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-truncation"
#endif
#include <libfccp/csv.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#include <limits>

#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

// Round-trip precision for doubles; "inf" / "nan" for non-finite values.
std::string num(double v) { return fmt::format("{:.17g}", v); }

RunStatus parse_status(const std::string& s, const std::string& where) {
  for (RunStatus r : kAllRunStatuses)
    if (to_string(r) == s) return r;
  throw std::runtime_error(where + ": unknown status '" + s + "'");
}

double parse_double(const std::string& s, const std::string& where) {
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "nan" || s == "-nan") return std::numeric_limits<double>::quiet_NaN();
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || s.empty()) throw std::runtime_error(where + ": not a number: '" + s + "'");
  return v;
}

}  // namespace

std::string results_csv(const std::vector<RunRow>& rows) {
  std::string out =
      "problem,parameters,scheme,h,steps,t_end,error_uniform,error_grid,violation,max_increment,scale,noise_floor,"
      "constraint_evaluations,evaluations_per_step,projections,sweeps,inner_iterations,wall_seconds,status,fail_step,"
      "inner_cap_hits,claimed_order,claim,ladder,error_final,field_evaluations,phases,phase,error_phase_best,"
      "events\n";
  for (const auto& r : rows) {
    // claim: how claimed_order is meant — "bound" (order >= claimed_order, the default: a theorem bounds the error from above), "sharp" (order = claimed_order) or "none".
    const char* claim = std::isnan(r.claimed_order) ? "none" : r.claim_is_sharp ? "sharp" : "bound";
    // ladder: "given" (the study's own step list) or "refined" (added by refinement, studies/engine/refinement.hpp).
    // phases: the grids of step h the row is the worst of (phase: the worst one's first step / h;
    // error_phase_best: the best one's uniform error), studies/engine/grid_phases.hpp.
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_quoted(r.problem),
                       csv_quoted(r.parameters), csv_quoted(r.scheme), num(r.h), r.steps, num(r.t_end), num(r.error_uniform),
                       num(r.error_grid), num(r.violation), num(r.max_increment), num(r.scale), num(r.noise_floor),
                       r.work.constraint_evaluations, num(r.evaluations_per_step()), r.work.projections, r.work.sweeps,
                       r.work.inner_iterations, num(r.wall_seconds), to_string(r.status), r.fail_step,
                       r.inner_cap_hits, num(r.claimed_order), claim, r.refined ? "refined" : "given", num(r.error_final),
                       r.work.field_evaluations, r.phases, num(r.phase), num(r.error_phase_best), r.events);
  }
  return out;
}

void write_results_csv(const std::vector<RunRow>& rows, const std::filesystem::path& file) {
  write_file_atomically(file, results_csv(rows));
}

std::vector<RunRow> read_results_csv(const std::filesystem::path& file) {
  std::vector<RunRow> rows;
  try {
    io::CSVReader<30, io::trim_chars<' '>, io::double_quote_escape<',', '"'>> in(file.string());
    // error_final and field_evaluations are newer than the other columns: a table
    // without them reads as "not measured" (NaN) and 0 f evaluations.
    in.read_header(io::ignore_extra_column | io::ignore_missing_column, "problem", "parameters", "scheme", "h", "steps", "t_end", "error_uniform",
                   "error_grid", "violation", "max_increment", "scale", "noise_floor", "constraint_evaluations",
                   "evaluations_per_step", "projections", "sweeps", "inner_iterations", "wall_seconds", "status",
                   "fail_step", "inner_cap_hits", "claimed_order", "claim", "ladder", "error_final",
                   "field_evaluations", "phases", "phase", "error_phase_best", "events");
    for (const char* required : {"problem", "parameters", "scheme", "h", "steps", "t_end", "error_uniform", "error_grid",
                                 "violation", "max_increment", "scale", "noise_floor", "constraint_evaluations",
                                 "evaluations_per_step", "projections", "sweeps", "inner_iterations", "wall_seconds",
                                 "status", "fail_step", "inner_cap_hits", "claimed_order", "claim", "ladder"})
      if (!in.has_column(required)) throw std::runtime_error(file.string() + ": no column '" + required + "'");
    std::string problem, parameters, scheme, h, t_end, eu, eg, viol, inc, scale, floor, eps, wall, status, claimed, claim, ladder;
    std::string ef = "nan", phase = "0", best = "nan";
    long long steps, evals, projections, sweeps, inner, fail, caps, fevals = 0, phases = 1, changes = 0;
    while (in.read_row(problem, parameters, scheme, h, steps, t_end, eu, eg, viol, inc, scale, floor, evals, eps,
                       projections, sweeps, inner, wall, status, fail, caps, claimed, claim, ladder, ef, fevals, phases,
                       phase, best, changes)) {
      const std::string where = file.string() + " line " + std::to_string(in.get_file_line());
      RunRow r;
      r.problem = problem;
      r.parameters = parameters;
      r.scheme = scheme;
      r.h = parse_double(h, where);
      r.steps = steps;
      r.t_end = parse_double(t_end, where);
      r.error_uniform = parse_double(eu, where);
      r.error_grid = parse_double(eg, where);
      r.error_final = parse_double(ef, where);
      r.violation = parse_double(viol, where);
      r.max_increment = parse_double(inc, where);
      r.scale = parse_double(scale, where);
      r.noise_floor = parse_double(floor, where);
      r.work.constraint_evaluations = evals;
      r.work.projections = projections;
      r.work.sweeps = sweeps;
      r.work.inner_iterations = inner;
      r.work.field_evaluations = fevals;
      r.wall_seconds = parse_double(wall, where);
      r.status = parse_status(status, where);
      r.fail_step = fail;
      r.inner_cap_hits = caps;
      r.claimed_order = parse_double(claimed, where);
      // "lower-bound": the name of "bound" in tables written before claims became one-sided by default.
      if (claim != "sharp" && claim != "bound" && claim != "lower-bound" && claim != "none")
        throw std::runtime_error(where + ": claim must be bound, sharp or none, not '" + claim + "'");
      r.claim_is_sharp = claim == "sharp";
      if (ladder != "given" && ladder != "refined")
        throw std::runtime_error(where + ": ladder must be given or refined, not '" + ladder + "'");
      r.refined = ladder == "refined";
      // Tables written before grid phases: one grid per row.
      if (phases < 1) throw std::runtime_error(where + ": phases must be >= 1");
      r.phases = static_cast<int>(phases);
      r.phase = parse_double(phase, where);
      r.error_phase_best = parse_double(best, where);
      r.events = changes;
      if (!(r.h > 0)) throw std::runtime_error(where + ": h must be > 0");
      rows.push_back(std::move(r));
    }
  } catch (const io::error::base& e) {
    throw std::runtime_error("malformed results table " + file.string() + ": " + e.what());
  }
  return rows;
}

}  // namespace sweepcheck
