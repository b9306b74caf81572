#include "app/progress.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <iostream>

namespace sweepcheck::app {

namespace {
std::atomic<bool> g_silenced{false};

std::size_t terminal_width() {
  winsize w{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 20) return w.ws_col;
  return 100;
}
}  // namespace

std::string format_duration(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  const auto t = static_cast<long long>(std::llround(s));
  if (t < 60) return fmt::format("{} s", t);
  if (t < 3600) return fmt::format("{} min {:02} s", t / 60, t % 60);
  return fmt::format("{} h {:02} min", t / 3600, (t % 3600) / 60);
}

std::string progress_text(const std::string& label, double done, double total, double elapsed, const std::string& detail,
                          std::size_t width) {
  const double fraction = total > 0 ? std::clamp(done / total, 0.0, 1.0) : 1.0;
  std::string s = label + ": ";
  if (total > 1)
    s += fmt::format("{}/{} runs ({:.0f}%)", static_cast<long long>(done), static_cast<long long>(total), 100 * fraction);
  else
    s += fmt::format("{:.0f}%", 100 * fraction);
  s += ", " + format_duration(elapsed) + " elapsed";
  if (fraction >= 1)
    s += ", done";
  else if (fraction > 0)
    s += ", ~" + format_duration(elapsed * (1 - fraction) / fraction) + " left";
  else
    s += ", estimating time left";
  if (!detail.empty()) s += "  " + detail;
  if (s.size() > width) s.resize(width);
  return s;
}

void silence_progress(bool silenced) { g_silenced = silenced; }

bool progress_wanted(bool quiet) { return !quiet && !g_silenced; }

Progress::Mode Progress::mode_for(bool quiet) {
  if (quiet || g_silenced) return Mode::quiet;
  return isatty(STDERR_FILENO) ? Mode::terminal : Mode::lines;
}

Progress::Progress(std::string label, Mode mode, std::ostream& out)
    : label_(std::move(label)), mode_(mode), out_(out), start_(std::chrono::steady_clock::now()), last_(start_) {}

Progress::Progress(std::string label, bool quiet) : Progress(std::move(label), mode_for(quiet), std::cerr) {}

Progress::~Progress() { finish(); }

void Progress::update(double done, double total, const std::string& detail) {
  if (mode_ == Mode::quiet) return;
  const auto now = std::chrono::steady_clock::now();
  const double since_last = std::chrono::duration<double>(now - last_).count();
  const bool last = done >= total;
  if (mode_ == Mode::terminal) {
    if (!last && printed_ && since_last < 0.1) return;
  } else if (!last && detail.empty() && printed_ && since_last < 2.0) {
    return;
  }
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (mode_ == Mode::terminal) {
    // \r and "erase to end of line": the line is redrawn in place.
    out_ << '\r' << progress_text(label_, done, total, elapsed, detail, terminal_width() - 1) << "\033[K";
    open_line_ = true;
    if (last) finish();
  } else {
    out_ << progress_text(label_, done, total, elapsed, detail, 1000) << '\n';
  }
  out_.flush();
  last_ = now;
  printed_ = true;
}

void Progress::finish() {
  if (open_line_) {
    out_ << '\n';
    out_.flush();
    open_line_ = false;
  }
}

}  // namespace sweepcheck::app
