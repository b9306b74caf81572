#include "reports/disks_figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include "reports/gnuplot_files.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

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
  return render_png_and_svg(stem, 1200, 620, [&](Gnuplot& gp) {
    gp << "set multiplot layout 1,2 title " << gnuplot_string(title) << "\n";
    gp << fmt::format("set size ratio -1\nset xrange [{0}:{1}]\nset yrange [{0}:{1}]\nset grid\n", -lim, lim);
    gp << "set title 'initial configuration'\nplot '-' using 1:2:3 with circles fs transparent solid 0.4 lc rgb "
          "'steelblue' notitle\n";
    gp.send1d(circles(x0));
    gp << "set title 'final configuration'\nplot '-' using 1:2:3 with circles fs transparent solid 0.4 lc rgb "
          "'dark-orange' notitle\n";
    gp.send1d(circles(x1));
    gp << "unset multiplot\n";
  });
}

}  // namespace sweepcheck
