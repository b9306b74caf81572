#pragma once
// S(t) = S_1(t) ∩ ... ∩ S_m(t) with an explicit, deterministic sweep order:
// constraints are visited in the order they were added. PBD's result depends
// on that order (seed 000, scheme (4) composes P_{S_m} ∘ ... ∘ P_{S_1}), so
// the order is part of the problem definition, not an implementation detail.
//
// Schemes only need the members used here (dim, size, sweep,
// max_violation), so a problem may supply another set type with the same
// members, e.g. one that finds candidate pairs with a neighbour structure.
#include <stdexcept>
#include <vector>

#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/sets/constraint.hpp"

namespace sweepcheck {

template <class T>
class ConstraintSet {
 public:
  using Scalar = T;

  explicit ConstraintSet(int dim) : dim_(dim) {
    if (dim < 1) throw std::invalid_argument("ConstraintSet: dim must be >= 1");
  }

  void add(Constraint<T> c) { items_.push_back(std::move(c)); }
  // HalfSpace<T>::below(axis, level) / above(...), in this set's dimension.
  void add(const AxisBound<T>& b) { add(b.in(dim_)); }

  int dim() const { return dim_; }
  int size() const { return static_cast<int>(items_.size()); }
  const Constraint<T>& operator[](int j) const { return items_[static_cast<std::size_t>(j)]; }

  // One Gauss–Seidel sweep x <- P_{S_m} ∘ ... ∘ P_{S_1}(x) (seed 000, (4)).
  void sweep(const T& t, Vec<T>& x, Work& work) const {
    for (const auto& c : items_) {
      ++work.constraint_evaluations;
      if (project(c, t, x)) ++work.projections;
    }
    ++work.sweeps;
  }

  // max_j d_{S_j}(x): the constraint violation we report. It is a lower bound
  // of d_S(x), and d_S(x) <= max_j d_{S_j}(x) / alpha under metric calmness
  // (seed 000, (H6)), so both vanish together and scale alike.
  T max_violation(const T& t, const Vec<T>& x) const {
    using std::max;
    T v(0);
    for (const auto& c : items_) v = max(v, distance(c, t, x));
    return v;
  }

  // Indices j with |g_j(t, x)| <= tol: the active constraints.
  std::vector<int> active(const T& t, const Vec<T>& x, const T& tol) const {
    using std::abs;
    std::vector<int> out;
    for (int j = 0; j < size(); ++j)
      if (abs(value((*this)[j], t, x)) <= tol) out.push_back(j);
    return out;
  }

 private:
  int dim_;
  std::vector<Constraint<T>> items_;
};

}  // namespace sweepcheck
