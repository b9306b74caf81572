#pragma once
// One constraint g_j(t, x) >= 0 of a set S = S_1 ∩ ... ∩ S_m, as a closed sum
// type: dispatch is a switch (std::visit), never a virtual call, so sweeps
// stay inlinable.
#include <string>
#include <variant>

#include "sweepcheck/solvers/sets/ball.hpp"
#include "sweepcheck/solvers/sets/ball_complement.hpp"
#include "sweepcheck/solvers/sets/disk_segment_wall.hpp"
#include "sweepcheck/solvers/sets/half_space.hpp"
#include "sweepcheck/solvers/sets/pair_non_overlap.hpp"

namespace sweepcheck {

template <class T>
using Constraint = std::variant<HalfSpace<T>, Ball<T>, BallComplement<T>, PairNonOverlap<T>, DiskSegmentWall<T>>;

template <class T>
T value(const Constraint<T>& c, const T& t, const Vec<T>& x) {
  return std::visit([&](const auto& s) { return s.value(t, x); }, c);
}

template <class T>
T distance(const Constraint<T>& c, const T& t, const Vec<T>& x) {
  return std::visit([&](const auto& s) { return s.distance(t, x); }, c);
}

// Unit gradient of g_j (the outward normal of the complement of S_j).
template <class T>
void gradient(const Constraint<T>& c, const T& t, const Vec<T>& x, Vec<T>& g) {
  std::visit([&](const auto& s) { s.gradient(t, x, g); }, c);
}

// Exact projection onto S_j, in place; true when x moved.
template <class T>
bool project(const Constraint<T>& c, const T& t, Vec<T>& x) {
  return std::visit([&](const auto& s) { return s.project(t, x); }, c);
}

template <class T>
std::string kind_name(const Constraint<T>& c) {
  struct Namer {
    std::string operator()(const HalfSpace<T>&) const { return "half-space"; }
    std::string operator()(const Ball<T>&) const { return "ball"; }
    std::string operator()(const BallComplement<T>&) const { return "ball-complement"; }
    std::string operator()(const PairNonOverlap<T>&) const { return "pair-non-overlap"; }
    std::string operator()(const DiskSegmentWall<T>&) const { return "disk-segment-wall"; }
  };
  return std::visit(Namer{}, c);
}

}  // namespace sweepcheck
