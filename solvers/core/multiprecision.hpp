#pragma once
// Boost.Multiprecision scalars usable with Eigen 3.4.
//
// Boost 1.74's <boost/multiprecision/eigen.hpp> does not fit Eigen 3.4: its
// NumTraits::lowest() returns the smallest positive value instead of the most
// negative one, and it has no infinity()/quiet_NaN(). We therefore specialise
// Eigen::NumTraits ourselves, per type, and turn expression templates off
// (Eigen's own expression templates and Boost's do not compose).
#include <Eigen/Core>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <limits>

namespace sweepcheck {

// 50 decimal digits, header-only, no external library needed.
using Float50 = boost::multiprecision::number<boost::multiprecision::cpp_bin_float<50>,
                                              boost::multiprecision::et_off>;

}  // namespace sweepcheck

namespace Eigen {

template <>
struct NumTraits<sweepcheck::Float50> : GenericNumTraits<sweepcheck::Float50> {
  using Self = sweepcheck::Float50;
  using Real = Self;
  using NonInteger = Self;
  using Literal = Self;
  using Nested = Self;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = HugeCost,
    AddCost = HugeCost,
    MulCost = HugeCost
  };
  static Self epsilon() { return std::numeric_limits<Self>::epsilon(); }
  // sqrt(eps) plays the role 1e-12 plays for double.
  static Self dummy_precision() { return Self(1e-40); }
  static Self highest() { return (std::numeric_limits<Self>::max)(); }
  static Self lowest() { return std::numeric_limits<Self>::lowest(); }
  static Self infinity() { return std::numeric_limits<Self>::infinity(); }
  static Self quiet_NaN() { return std::numeric_limits<Self>::quiet_NaN(); }
  static int digits10() { return std::numeric_limits<Self>::digits10; }
};

}  // namespace Eigen
