#include <fmt/format.h>

#include <iostream>
#include <thread>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/study_report.hpp"

namespace sweepcheck::app {

int CommonStudyOptions::resolved_jobs() const {
  if (jobs > 0) return jobs;
  return std::max(1u, std::thread::hardware_concurrency());
}

void add_common_study_options(CLI::App& cmd, CommonStudyOptions& o) {
  cmd.add_option("--out", o.out, "output folder (created if missing)")->required();
  cmd.add_option("--jobs", o.jobs, "threads for independent runs (default: all cores)")->check(CLI::NonNegativeNumber);
  cmd.add_flag("--quiet", o.quiet, "no progress on stderr");
}

void add_ladder_options(CLI::App& cmd, StepLadder& ladder, int& points_per_step) {
  cmd.add_option("--h-max", ladder.h_max, "largest step size")->capture_default_str();
  cmd.add_option("--h-min", ladder.h_min, "smallest step size")->capture_default_str();
  cmd.add_option("--points", ladder.points, "rungs of the geometric step ladder")->capture_default_str();
  cmd.add_option("--points-per-step", points_per_step, "interpolant samples per step for the uniform error")
      ->capture_default_str();
}

std::function<void(const RunRow&, int, int)> progress_printer(const std::string& prefix, bool quiet) {
  if (Progress::mode_for(quiet) == Progress::Mode::quiet) return {};
  // Shared: the study copies the callback; the line ends when the last copy goes.
  auto line = std::make_shared<Progress>(prefix, quiet);
  return [line](const RunRow& r, int done, int total) {
    std::string status = to_string(r.status);
    if (r.fail_step >= 0) status += fmt::format(" at step {}", r.fail_step);
    line->update(done, total,
                 fmt::format("{} h={:.3e} error={:.3e} {} ({:.2f} s)", r.scheme, r.h, r.error_uniform, status,
                             r.wall_seconds));
  };
}

void write_and_announce(const ConvergenceStudy& study, const ReportText& text, const std::filesystem::path& dir) {
  const auto files = write_study_report(study, text, dir);
  std::cerr << "wrote";
  for (const auto& f : files) std::cerr << ' ' << (dir / f).string();
  std::cerr << '\n';
}

}  // namespace sweepcheck::app
