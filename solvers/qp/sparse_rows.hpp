#pragma once
// The constraint matrix of a polyhedron {y : G y >= b}, stored row by row
// (compressed sparse rows). One row per linearised constraint
// g_i(t, q) + <∇g_i(t, q), y − q> >= 0 of seed 001's Q̃(t, q) (scheme (11)),
// i.e. row a_i = ∇g_i(t, q) and b_i = <∇g_i(t, q), q> − g_i(t, q).
// A disk–disk row has 4 non-zeros and a disk–wall row 2, so a step with N
// disks never forms an N × N (or d × d) matrix.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class T>
class SparseRows {
 public:
  explicit SparseRows(int cols = 0) : cols_(cols) {}

  void clear(int cols) {
    cols_ = cols;
    start_.assign(1, 0);
    col_.clear();
    val_.clear();
    b_.clear();
    key_.clear();
  }

  int cols() const { return cols_; }
  int rows() const { return static_cast<int>(b_.size()); }
  std::size_t non_zeros() const { return col_.size(); }

  // Appends the row a·y >= rhs; `entries` are (column, coefficient) pairs.
  // `key` names the constraint the row linearises, so that a solver can
  // match rows across steps (Venel's warm start); 0: unnamed.
  template <class Entries>
  void add_row(const Entries& entries, const T& rhs, std::uint64_t key = 0) {
    for (const auto& [c, v] : entries) {
      if (c < 0 || c >= cols_) throw std::out_of_range("SparseRows: column out of range");
      col_.push_back(c);
      val_.push_back(v);
    }
    start_.push_back(static_cast<int>(col_.size()));
    b_.push_back(rhs);
    key_.push_back(key);
  }

  std::uint64_t key(int i) const { return key_[static_cast<std::size_t>(i)]; }

  // The CSR arrays themselves: row i's entries are k in [starts()[i],
  // starts()[i + 1]) with column columns()[k] and value values()[k]
  // (CompactRows, compact_rows.hpp, renumbers them once per solve).
  const std::vector<int>& starts() const { return start_; }
  const std::vector<int>& columns() const { return col_; }
  const std::vector<T>& values() const { return val_; }
  const std::vector<T>& rhs_values() const { return b_; }
  const std::vector<std::uint64_t>& keys() const { return key_; }

  const T& rhs(int i) const { return b_[static_cast<std::size_t>(i)]; }

  // a_i · y
  T dot(int i, const Vec<T>& y) const {
    T s(0);
    for (int k = begin(i); k < end(i); ++k) s += val_[static_cast<std::size_t>(k)] * y[col_[static_cast<std::size_t>(k)]];
    return s;
  }
  // y += alpha a_i
  void axpy(int i, const T& alpha, Vec<T>& y) const {
    for (int k = begin(i); k < end(i); ++k) y[col_[static_cast<std::size_t>(k)]] += alpha * val_[static_cast<std::size_t>(k)];
  }
  // |a_i|²
  T squared_norm(int i) const {
    T s(0);
    for (int k = begin(i); k < end(i); ++k) s += val_[static_cast<std::size_t>(k)] * val_[static_cast<std::size_t>(k)];
    return s;
  }
  // y = q + Gᵀ λ
  void primal_from_dual(const Vec<T>& q, const Vec<T>& lambda, Vec<T>& y) const {
    y = q;
    for (int i = 0; i < rows(); ++i)
      if (lambda[i] != T(0)) axpy(i, lambda[i], y);
  }
  // ‖G‖_1 ‖G‖_∞ (largest column sum times largest row sum of |a_ij|): an
  // upper bound of ‖G‖_2² = ‖G Gᵀ‖_2, computed in O(non-zeros).
  T gram_norm_bound() const {
    using std::abs;
    using std::max;
    std::vector<T> colsum(static_cast<std::size_t>(cols_), T(0));
    T rowmax(0);
    for (int i = 0; i < rows(); ++i) {
      T r(0);
      for (int k = begin(i); k < end(i); ++k) {
        const T a = abs(val_[static_cast<std::size_t>(k)]);
        r += a;
        colsum[static_cast<std::size_t>(col_[static_cast<std::size_t>(k)])] += a;
      }
      rowmax = max(rowmax, r);
    }
    T colmax(0);
    for (const auto& c : colsum) colmax = max(colmax, c);
    return rowmax * colmax;
  }

 private:
  int begin(int i) const { return start_[static_cast<std::size_t>(i)]; }
  int end(int i) const { return start_[static_cast<std::size_t>(i) + 1]; }

  int cols_;
  std::vector<int> start_{0};
  std::vector<int> col_;
  std::vector<T> val_;
  std::vector<T> b_;
  std::vector<std::uint64_t> key_;
};

}  // namespace sweepcheck
