#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/study_report.hpp"
#include "studies/runs/plugin_loader.hpp"
#include "studies/runs/reference_cache.hpp"
#include "sweepcheck/studies/engine/fnv1a.hpp"

namespace sweepcheck::app {

int CommonStudyOptions::resolved_jobs() const {
  if (jobs > 0) return jobs;
  return std::max(1u, std::thread::hardware_concurrency());
}

std::string output_folder_problem(const std::string& text) {
  namespace fs = std::filesystem;
  if (text.empty()) return "the output folder must not be empty";
  std::error_code ec;
  fs::path p = fs::absolute(text, ec);
  if (ec) return fmt::format("'{}' is not a usable path ({})", text, ec.message());
  if (fs::exists(p, ec) && !fs::is_directory(p, ec)) return fmt::format("'{}' exists and is not a folder", text);
  // The nearest existing ancestor must be a folder we may write into (to
  // create the rest, or the files): checked before any computation.
  while (!fs::exists(p, ec) && p.has_parent_path() && p.parent_path() != p) p = p.parent_path();
  if (!fs::is_directory(p, ec))
    return fmt::format("'{}' cannot be created: '{}' is not a folder", text, p.string());
  if (::access(p.c_str(), W_OK | X_OK) != 0)
    return fmt::format("'{}' cannot be written: no write permission on '{}'", text, p.string());
  return {};
}

CLI::Validator output_folder_validator() {
  return CLI::Validator(
      [](std::string& s) {
        const auto why = output_folder_problem(s);
        if (!why.empty()) return why + " (rule: an existing writable folder, or a creatable one)";
        // Absolute from here on (a transform: CLI11 keeps what it writes back):
        // a plugin that changes the working folder cannot send the results elsewhere.
        s = std::filesystem::absolute(s).lexically_normal().string();
        return std::string();
      },
      "FOLDER", "output folder");
}

std::optional<double> whole_number(const std::string& text) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used == 0 || used != text.size()) return std::nullopt;
  return v;
}

CLI::Validator finite_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const auto v = whole_number(s);
        if (!v || !std::isfinite(*v) || *v < lo || *v > hi)
          return fmt::format("must be a finite number in [{:g}, {:g}], got '{}'", lo, hi, s);
        return std::string();
      },
      fmt::format("FINITE in [{:g}, {:g}]", lo, hi), "finite range");
}

void add_common_study_options(CLI::App& cmd, CommonStudyOptions& o) {
  cmd.add_option("--out", o.out, "output folder (created if missing)")->required()->transform(output_folder_validator());
  cmd.add_option("--jobs", o.jobs, "threads for independent runs (default: all cores)")->check(CLI::NonNegativeNumber);
  cmd.add_flag("--quiet", o.quiet, "no progress on stderr");
  cmd.add_flag("--resume", o.resume,
               "continue a study that was killed: runs recorded in the journal in --out are not run again");
}

StudyOutput open_study_output(const CLI::App& cmd, const CommonStudyOptions& o, const std::string& extra,
                              bool uses_reference_cache) {
  if (uses_reference_cache)
    check_writable_folder(reference_cache_folder(), "the reference cache folder (SWEEPCHECK_CACHE)");
  StudyOutput s;
  s.folder = std::make_unique<OutputFolder>(o.out);
  if (s.folder->removed_temporaries() > 0 && !o.quiet)
    std::cerr << fmt::format("removed {} temporary files of an earlier, killed run from {}\n",
                             s.folder->removed_temporaries(), o.out);
  // What the study computes depends on every option but these four.
  std::string config = cmd.get_name();
  std::istringstream all(cmd.config_to_str(true, false));
  for (std::string line; std::getline(all, line);) {
    const std::string key = line.substr(0, line.find('='));
    if (key == "out" || key == "jobs" || key == "quiet" || key == "resume") continue;
    config += " " + line;
  }
  config += extra;
  s.journal = std::make_shared<RunJournal>(std::filesystem::path(o.out) / kJournalName, config, o.resume);
  if (o.resume && !o.quiet)
    std::cerr << fmt::format("resuming: {} finished runs taken from {}\n", s.journal->loaded(),
                             s.journal->file().string());
  return s;
}

void StudyOutput::publish() {
  if (journal) journal->remove();
  if (folder) folder->publish_all();
}

void add_ladder_options(CLI::App& cmd, StepLadder& ladder, int& points_per_step) {
  cmd.add_option("--h-max", ladder.h_max, "largest step size")->capture_default_str();
  cmd.add_option("--h-min", ladder.h_min, "smallest step size")->capture_default_str();
  cmd.add_option("--points", ladder.points, "rungs of the geometric step ladder")->capture_default_str();
  cmd.add_option("--points-per-step", points_per_step, "interpolant samples per step for the uniform error")
      ->capture_default_str()
      ->check(CLI::Range(1, kMaxPointsPerStep));
}

void add_phase_options(CLI::App& cmd, GridPhases& phases) {
  cmd.add_option("--phases", phases.count,
                 "grid phases per rung: each rung's error is the worst over K grids of step h whose first step is "
                 "(i/K) h, as a convergence theorem bounds it (studies/engine/grid_phases.hpp)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd.add_option_function<std::string>(
         "--phases-at", [&phases](const std::string& s) { phases.when = parse_phases_when(s); },
         "where the phases are spent: at-events (rungs whose plain grid changes its active set; default), always, "
         "never")
      ->check(CLI::IsMember({"at-events", "always", "never"}));
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

#ifndef SWEEPCHECK_PYTHON_PLUGIN_INSTALLED
#define SWEEPCHECK_PYTHON_PLUGIN_INSTALLED "lib/sweepcheck"
#endif
std::string python_scheme_plugin(const std::string& option) {
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  const char* file = "libsweepcheck_python_scheme.so";
  for (const auto& candidate : {dir / ".." / "python" / file, dir / ".." / SWEEPCHECK_PYTHON_PLUGIN_INSTALLED / file})
    if (!ec && std::filesystem::is_regular_file(candidate)) return std::filesystem::weakly_canonical(candidate).string();
  throw std::invalid_argument(
      option + " needs the Python scheme plugin (libsweepcheck_python_scheme.so), which this sweepcheck was "
      "built without (CMake option SWEEPCHECK_PYTHON; ci/install-deps.sh installs python3-dev pybind11-dev "
      "python3-numpy)");
}

std::vector<NamedScheme> python_schemes(const std::vector<std::string>& module_classes) {
  std::vector<NamedScheme> out;
  if (module_classes.empty()) return out;
  const std::string plugin = python_scheme_plugin("--schemes python:module:Class");
  for (const auto& mc : module_classes) out.push_back({"python:" + mc, load_python_scheme(plugin, mc)});
  return out;
}

std::uint64_t file_fnv1a64(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return fnv1a64(bytes.str());
}

std::string python_identity(const std::string& spec) {
  if (spec.rfind("pickle:", 0) == 0) return fmt::format("pickle-fnv1a64={:016x}", file_fnv1a64(spec.substr(7)));
  std::string relative = spec.substr(0, spec.find(':'));
  std::replace(relative.begin(), relative.end(), '.', '/');
  std::vector<std::filesystem::path> roots;
  if (const char* pp = std::getenv("PYTHONPATH")) {
    std::istringstream in(pp);
    for (std::string entry; std::getline(in, entry, ':');) roots.emplace_back(entry.empty() ? "." : entry);
  }
  roots.emplace_back(".");
  for (const auto& root : roots)
    for (const auto& file : {root / (relative + ".py"), root / relative / "__init__.py"}) {
      std::error_code ec;
      if (std::filesystem::is_regular_file(file, ec))
        return fmt::format("{} source-fnv1a64={:016x}", spec, file_fnv1a64(file));
    }
  return spec + " source=not-found";
}

void fail_on_external_faults(const std::vector<std::string>& faults, const std::string& out) {
  if (faults.empty()) return;
  std::string all;
  for (const auto& f : faults) all += "\n  - " + f;
  throw std::runtime_error(fmt::format("{} run{} of a scheme from outside the catalogue failed (their rows carry the "
                                       "status; every finished run is kept):{}\nthe results are in {}",
                                       faults.size(), faults.size() == 1 ? "" : "s", all, out));
}

}  // namespace sweepcheck::app
