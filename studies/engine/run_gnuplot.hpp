#pragma once
// gnuplot run on a script file as a child process with an argument vector:
// no shell ever reads a path, so no folder or file name can run a command
// (`cd '<dir>' && gnuplot ...` through std::system could: a quote in the
// folder's name ended the string).
#include <filesystem>
#include <string>

namespace sweepcheck {

// Runs `gnuplot script` in `folder` (its relative output names resolve
// there), with standard input, output and error on /dev/null. Returns true
// when gnuplot exited 0; false when it is not on the PATH, failed, or did
// not finish within `timeout_seconds` (it is then killed).
bool run_gnuplot_script(const std::filesystem::path& folder, const std::string& script, double timeout_seconds = 120);

}  // namespace sweepcheck
