#include "reports/disks_figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <gnuplot-iostream.h>
#include <stdexcept>
#include <tuple>

#include "solvers/atomic_file.hpp"

namespace sweepcheck {

std::vector<std::string> render_disks_figure(const Vec<double>& x0, const Vec<double>& x1, double R,
                                             const std::string& title, const std::filesystem::path& stem) {
  if (x0.size() != x1.size() || x0.size() % 2 != 0) throw std::invalid_argument("render_disks_figure: bad states");
  std::filesystem::create_directories(stem.parent_path());
  double lim = 0;
  for (Eigen::Index i = 0; i < x0.size(); ++i) lim = std::max({lim, std::abs(x0[i]), std::abs(x1[i])});
  lim += 2 * R;
  auto circles = [R](const Vec<double>& x) {
    std::vector<std::tuple<double, double, double>> c;
    for (Eigen::Index i = 0; i + 1 < x.size(); i += 2) c.emplace_back(x[i], x[i + 1], R);
    return c;
  };
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {".png", "pngcairo size 1200,620 noenhanced font 'sans,11'"},
      {".svg", "svg size 1200,620 dynamic noenhanced font 'sans,11'"}};
  std::vector<std::string> written;
  for (const auto& [ext, terminal] : outputs) {
    const std::filesystem::path target = stem.string() + ext;
    const auto tmp = temporary_sibling(target);
    {
      Gnuplot gp("gnuplot");
      gp << "set terminal " << terminal << "\nset output \"" << tmp.string() << "\"\n";
      gp << "set multiplot layout 1,2 title \"" << title << "\"\n";
      gp << fmt::format("set size ratio -1\nset xrange [{0}:{1}]\nset yrange [{0}:{1}]\nset grid\n", -lim, lim);
      gp << "set title 'initial configuration'\nplot '-' using 1:2:3 with circles fs transparent solid 0.4 lc rgb "
            "'steelblue' notitle\n";
      gp.send1d(circles(x0));
      gp << "set title 'final configuration'\nplot '-' using 1:2:3 with circles fs transparent solid 0.4 lc rgb "
            "'dark-orange' notitle\n";
      gp.send1d(circles(x1));
      gp << "unset multiplot\nunset output\nexit\n";
    }
    std::error_code ec;
    if (!std::filesystem::exists(tmp, ec) || std::filesystem::file_size(tmp, ec) == 0)
      throw std::runtime_error("gnuplot produced no " + target.string() + " (is gnuplot installed?)");
    commit_file(tmp, target);
    written.push_back(target.filename().string());
  }
  return written;
}

}  // namespace sweepcheck
