#pragma once
// Scalar-generic vector types and tolerances. Every numerical component of
// sweepcheck is a template on the scalar T (double, or a Boost.Multiprecision
// type from multiprecision.hpp); tolerances come from T's traits, never from a
// literal at the call site.
#include <Eigen/Core>
#include <cmath>
#include <limits>

namespace sweepcheck {

template <class T>
using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;

template <class T>
using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

// Machine epsilon of T.
template <class T>
T epsilon() {
  return Eigen::NumTraits<T>::epsilon();
}

// A tolerance for "numerically zero" decisions (degenerate directions,
// active-constraint detection): about sqrt(eps), as Eigen's
// dummy_precision() is for double.
template <class T>
T dummy_precision() {
  return Eigen::NumTraits<T>::dummy_precision();
}

// Converts any scalar to double (for reporting only, never inside a scheme).
template <class T>
double to_double(const T& x) {
  return static_cast<double>(x);
}

template <class T>
bool all_finite(const Vec<T>& x) {
  using std::isfinite;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (!isfinite(x[i])) return false;
  }
  return true;
}

}  // namespace sweepcheck
