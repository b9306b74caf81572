#pragma once
// Progress of anything a user waits for more than a few seconds (study runs,
// audit runs, report sections, the disks reference): one line that updates in
// place on a terminal (runs done / total, time left), plain lines when stderr
// is not a terminal (logs, CI), nothing with --quiet.
//
// The studies only expose callbacks (done, total) or a fraction done; this is
// the one place that turns them into text.
#include <chrono>
#include <iosfwd>
#include <string>

namespace sweepcheck::app {

// "4 s", "2 min 05 s", "1 h 02 min".
std::string format_duration(double seconds);

// The text of one progress line, at most `width` characters (the detail is
// cut first). total > 1: a count of runs, "label: 3/40 runs (7%), 2 s elapsed,
// ~26 s left  detail"; total == 1: a fraction done, "label: 37%, ...". The
// time left extrapolates the rate so far; "estimating" before the first unit.
std::string progress_text(const std::string& label, double done, double total, double elapsed_seconds,
                          const std::string& detail, std::size_t width);

// Silences every Progress of the process (`sweepcheck report --quiet`, whose
// sections create their own).
void silence_progress(bool silenced);
// Whether progress of a command with this --quiet is shown at all.
bool progress_wanted(bool quiet);

class Progress {
 public:
  enum class Mode { quiet, terminal, lines };
  // quiet (or silenced): quiet; stderr a terminal: terminal; else lines.
  static Mode mode_for(bool quiet);

  Progress(std::string label, Mode mode, std::ostream& out);
  explicit Progress(std::string label, bool quiet = false);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress();

  // Terminal: redraws at most every 0.1 s; lines: prints when `detail` is
  // given (one line per finished run), else at most every 2 s. Both always
  // show the last update (done ≥ total), which ends the terminal line.
  void update(double done, double total, const std::string& detail = "");
  // Ends an unfinished terminal line so that later output starts on its own line.
  void finish();

 private:
  std::string label_;
  Mode mode_;
  std::ostream& out_;
  std::chrono::steady_clock::time_point start_, last_;
  bool open_line_ = false, printed_ = false;
};

}  // namespace sweepcheck::app
