#include "properties/disk_configurations.hpp"

#include <cmath>

namespace sweepcheck {

namespace {
constexpr double kTwoPi = 6.283185307179586;
}

std::ostream& operator<<(std::ostream& os, const DiskConfiguration& c) {
  os << c.n << " disks of radius " << c.r << " at";
  for (int i = 0; i < c.n; ++i) os << " (" << c.x[2 * static_cast<std::size_t>(i)] << ", " << c.x[2 * static_cast<std::size_t>(i) + 1] << ")";
  return os;
}

rc::Gen<DiskConfiguration> feasible_disks(int max_disks, double r) {
  return rc::gen::exec([max_disks, r] {
    DiskConfiguration c;
    c.r = r;
    const int n = *rc::gen::inRange(2, max_disks + 1);
    c.x = {0.0, 0.0};
    for (int k = 1; k < n; ++k) {
      for (int attempt = 0; attempt < 20; ++attempt) {
        const int anchor = *rc::gen::inRange(0, k);
        const double angle = kTwoPi * *rc::gen::inRange(0, 3600) / 3600.0;
        const bool touching = *rc::gen::arbitrary<bool>();
        const double gap = touching ? 0.0 : *rc::gen::inRange(1, 1001) / 1000.0;
        const double d = 2 * r * (1 + gap);
        const double px = c.x[2 * anchor] + d * std::cos(angle), py = c.x[2 * anchor + 1] + d * std::sin(angle);
        bool ok = true;
        for (int j = 0; j < k && ok; ++j)
          if (j != anchor && std::hypot(px - c.x[2 * j], py - c.x[2 * j + 1]) < 2 * r) ok = false;
        if (ok) {
          c.x.push_back(px);
          c.x.push_back(py);
          break;
        }
      }
      if (static_cast<int>(c.x.size()) < 2 * (k + 1)) break;  // no room found: keep fewer disks
    }
    c.n = static_cast<int>(c.x.size() / 2);
    return c;
  });
}

rc::Gen<std::vector<double>> perturbation(int size, double scale) {
  return rc::gen::container<std::vector<double>>(
      static_cast<std::size_t>(size),
      rc::gen::map(rc::gen::inRange(-100000, 100001), [scale](int k) { return scale * k / 1e5; }));
}

}  // namespace sweepcheck
