#pragma once
// How a study plugs into the program: it adds its `study NAME` and
// `exact NAME` subcommands, and an entry for the default report.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reports/output_folder.hpp"
#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "reports/summary.hpp"
#include "app/scheme_list_option.hpp"
#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"

namespace sweepcheck::app {

// What a study hands to the default report's index.
struct ReportSection {
  std::string title;
  std::filesystem::path folder;  // relative to the report root
  std::vector<SchemeFit> fits;   // may be empty (sections without convergence fits)
  std::vector<std::string> findings;
  std::string link = "summary.md";  // the section's main page inside its folder
};

struct DefaultReportEntry {
  std::string name;  // sub-folder of the report
  std::function<ReportSection(const std::filesystem::path& dir, const Executor& executor)> run;
};

struct Registry {
  // The MPI ranks when started by mpirun (owned by the program's MpiSession),
  // else null: every command's Executor carries it (studies/runs/executor.hpp).
  RunDistributor* ranks = nullptr;
  CLI::App* study = nullptr;
  CLI::App* exact = nullptr;
  std::vector<DefaultReportEntry> default_report;
};

// Shared options of every `study` subcommand.
struct CommonStudyOptions {
  std::string out;
  int jobs = 0;  // 0: all hardware threads
  bool quiet = false;
  bool resume = false;  // continue from the run journal in --out
  int resolved_jobs() const;
  Executor executor(RunDistributor* ranks) const { return {resolved_jobs(), ranks}; }
};
void add_common_study_options(CLI::App& cmd, CommonStudyOptions& o);
// Why `text` cannot be used as an output folder (empty: it can): it must be
// a writable folder or creatable inside one. As a CLI11 transform on every
// --out, so a bad --out is bad input (exit 2) found before any computation,
// and a good one is made absolute before any plugin code runs.
std::string output_folder_problem(const std::string& text);
CLI::Validator output_folder_validator();

// `text` read whole as a number (std::stod's syntax: "1e-3", "nan", "inf"),
// or nothing when it is not one or has anything after it.
std::optional<double> whole_number(const std::string& text);

// A number option's door check: a finite number in [lo, hi] (CLI::Range lets
// NaN through); CLI11 puts the option's name before the message.
CLI::Validator finite_in(double lo, double hi);


// A study command's --out, held from before the computation until its files
// are published (reports/output_folder.hpp: writable, locked, temporaries of
// dead writers removed, manifest written last), with the run journal that
// --resume continues (studies/runs/run_journal.hpp). The journal's configuration
// is every option of `cmd` except --out, --jobs, --quiet and --resume.
struct StudyOutput {
  std::unique_ptr<OutputFolder> folder;
  std::shared_ptr<RunJournal> journal;
  // Writes the manifest (the files under --out form one set) and drops the journal.
  void publish();
};
// `extra`: more of the configuration (e.g. a plugin's checksum). With
// uses_reference_cache the cache folder is checked writable too.
StudyOutput open_study_output(const CLI::App& cmd, const CommonStudyOptions& o, const std::string& extra = "",
                              bool uses_reference_cache = false);
void add_ladder_options(CLI::App& cmd, StepLadder& ladder, int& points_per_step);
// --phases K and --phases-at WHEN (studies/engine/grid_phases.hpp).
void add_phase_options(CLI::App& cmd, GridPhases& phases);

// Progress lines on stderr for long runs.
std::function<void(const RunRow&, int, int)> progress_printer(const std::string& prefix, bool quiet);

// Writes the study's files to dir and prints where they went.
void write_and_announce(const ConvergenceStudy& study, const ReportText& text, const std::filesystem::path& dir);

// The plugin that runs a scheme written in Python (python/python_scheme_plugin.cpp),
// beside this program: build/python/ in the build tree, <libdir>/sweepcheck/
// when installed. std::invalid_argument naming `option` when this sweepcheck
// was built without it.
std::string python_scheme_plugin(const std::string& option);
// The schemes written in Python that a --schemes list named (module:Class,
// already checked), each labelled "python:module:Class" and loaded (a fresh
// instance per run); a class that cannot be made stops the command here.
std::vector<NamedScheme> python_schemes(const std::vector<std::string>& module_classes);
// What a journal's key holds of a Python object the Python plugin makes
// (`spec` as SWEEPCHECK_PYTHON_SCHEME takes it): for pickle:FILE, the pickle's
// content; for module:Class, the name and the module's source file as
// Python's import finds it first (a PYTHONPATH entry, then the working folder:
// module/path.py or its __init__.py), found without running Python. Not
// hashed: what the module imports in turn (python/isolation.md).
std::string python_identity(const std::string& spec);
// The FNV-1a hash of a file's bytes (an unreadable file hashes as empty):
// what the journals' keys hold of a plugin, a pickle or a module.
std::uint64_t file_fnv1a64(const std::filesystem::path& path);
// The journal key's part for a study's Python schemes (module:Class each).
inline std::string python_identities(const std::vector<std::string>& module_classes) {
  std::string out;
  for (const auto& mc : module_classes) out += " python=" + python_identity(mc);
  return out;
}
// The fault sentences of a study's external schemes (ExternalSchemes::fault)
// as a run-time failure (exit 1) naming each, after the files were written.
void fail_on_external_faults(const std::vector<std::string>& faults, const std::string& out);

void register_sliding(Registry& r);
void register_properties(CLI::App& app, Registry& r);
void register_circuit(Registry& r);
void register_pbd_paper(Registry& r);
void register_crowd(Registry& r);
// `study --problem-plugin FILE` (options on `study` itself).
void register_problem_plugin(Registry& r);
// `audit`: sets exit_code to 1 when a check fails.
void register_audit(CLI::App& app, int& exit_code, RunDistributor* ranks);
// `compare GOLD NEW`: sets exit_code to 1 when the tables differ.
void register_compare(CLI::App& app, int& exit_code);
// `sweepcheck manufactured` (app/manufactured_command.cpp).
void register_manufactured(CLI::App& app);

}  // namespace sweepcheck::app
