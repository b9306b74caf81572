#pragma once
// The rows of a SparseRows {y : G y >= b} renumbered onto the columns they
// touch ("active" columns), stored twice: by rows (CSR) and by columns
// (CSC, each column's entries in increasing row order). MprgpQp's products
// run on it (issue 15):
//
// - A crowd of N disks has 2N columns but only the disks in contact appear
//   in a row (N = 1e4: ~230 rows on ~20 000 columns). The plain products
//   cleared and copied all 2N entries of u = Gᵀv and y = q + Gᵀλ every
//   iteration and allocated them every solve; here they cost O(non-zeros).
// - Rows of at most 4 entries (a crowd's pair and wall rows) are also kept
//   padded to 4 (times), and the columns are numbered by their length
//   (transpose_times runs one fixed-length loop per group).
// - Gᵀv is computed column by column, gathering the column's entries in
//   increasing row order and skipping rows with v_i = 0: exactly the
//   additions, in exactly the order, of the row-by-row scatter
//   `u += v_i a_i` (rows increasing, v_i = 0 skipped) that it replaces, so
//   every u_c is bit for bit the same; without the scatter's chain of
//   stores and reloads of u_c, and without a branch per row.
//
// The row-by-row formulas it reproduces are those of SparseRows::axpy, dot,
// primal_from_dual and gram_norm_bound; properties/mprgp_properties_test.cpp
// checks the equality bit for bit. Building it costs O(non-zeros); the
// buffers are kept, so a rebuild allocates nothing once warm.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "sweepcheck/solvers/qp/sparse_rows.hpp"

namespace sweepcheck {

template <class T>
class CompactRows {
 public:
  // Renumbers G's rows (O(non-zeros)).
  void assign(const SparseRows<T>& G) {
    const int m = G.rows();
    const auto& st = G.starts();
    const auto& col = G.columns();
    const auto& val = G.values();
    const std::size_t nnz = col.size();
    if (compact_of_.size() < static_cast<std::size_t>(G.cols())) compact_of_.resize(static_cast<std::size_t>(G.cols()), -1);
    // Active columns, first in order of first appearance, counting their
    // entries.
    active_.clear();
    count_.clear();
    active_.reserve(nnz);  // so nothing below throws while compact_of_ is in use
    count_.reserve(nnz);
    for (std::size_t k = 0; k < nnz; ++k) {
      int& c = compact_of_[static_cast<std::size_t>(col[k])];
      if (c < 0) {
        c = static_cast<int>(active_.size());
        active_.push_back(col[k]);
        count_.push_back(0);
      }
      ++count_[static_cast<std::size_t>(c)];
    }
    // Then renumbered by their number of entries (stable): transpose_times
    // runs one short loop per column, and with columns of equal length in a
    // row its exit branch is predictable (the order of the columns changes
    // no sum: each u_c is computed on its own).
    const std::size_t n = active_.size();
    int longest = 0;
    for (const int k : count_) longest = std::max(longest, k);
    by_length_.assign(static_cast<std::size_t>(longest) + 2, 0);
    for (const int k : count_) ++by_length_[static_cast<std::size_t>(k) + 1];
    for (std::size_t k = 1; k < by_length_.size(); ++k) by_length_[k] += by_length_[k - 1];
    sorted_.resize(n);
    for (std::size_t c = 0; c < n; ++c) {
      const int pos = by_length_[static_cast<std::size_t>(count_[c])]++;
      sorted_[static_cast<std::size_t>(pos)] = active_[c];
    }
    active_.swap(sorted_);
    for (std::size_t c = 0; c < n; ++c) compact_of_[static_cast<std::size_t>(active_[c])] = static_cast<int>(c);
    row_col_.resize(nnz);
    for (std::size_t k = 0; k < nnz; ++k) row_col_[k] = compact_of_[static_cast<std::size_t>(col[k])];
    for (const int c : active_) compact_of_[static_cast<std::size_t>(c)] = -1;  // clean for the next build
    row_start_.assign(st.begin(), st.end());
    row_val_.assign(val.begin(), val.end());
    // By columns: a counting sort of the entries, visited in row order, so
    // each column's entries come out in increasing row order.
    col_start_.assign(n + 1, 0);
    for (std::size_t k = 0; k < nnz; ++k) ++col_start_[static_cast<std::size_t>(row_col_[k]) + 1];
    for (std::size_t c = 0; c < n; ++c) col_start_[c + 1] += col_start_[c];
    fill_.assign(col_start_.begin(), col_start_.end() - 1);
    col_row_.resize(nnz);
    col_val_.resize(nnz);
    for (int i = 0; i < m; ++i)
      for (int k = st[static_cast<std::size_t>(i)]; k < st[static_cast<std::size_t>(i) + 1]; ++k) {
        const int pos = fill_[static_cast<std::size_t>(row_col_[static_cast<std::size_t>(k)])]++;
        col_row_[static_cast<std::size_t>(pos)] = i;
        col_val_[static_cast<std::size_t>(pos)] = val[static_cast<std::size_t>(k)];
      }
    rows_ = m;
    finite_ = true;
    for (const T& a : row_val_) finite_ = finite_ && std::isfinite(to_double(a));
    int widest = 0;
    for (int i = 0; i < m; ++i) widest = std::max(widest, st[static_cast<std::size_t>(i) + 1] - st[static_cast<std::size_t>(i)]);
    padded_ = std::is_floating_point_v<T> && finite_ && widest <= 4;
    if (padded_) {
      pad_col_.assign(4 * static_cast<std::size_t>(m), static_cast<int>(n));  // the zero entry u[n]
      pad_val_.assign(4 * static_cast<std::size_t>(m), T(0));
      for (int i = 0; i < m; ++i)
        for (int k = st[static_cast<std::size_t>(i)], j = 0; k < st[static_cast<std::size_t>(i) + 1]; ++k, ++j) {
          pad_col_[4 * static_cast<std::size_t>(i) + static_cast<std::size_t>(j)] = row_col_[static_cast<std::size_t>(k)];
          pad_val_[4 * static_cast<std::size_t>(i) + static_cast<std::size_t>(j)] = row_val_[static_cast<std::size_t>(k)];
        }
    }
  }

  int rows() const { return rows_; }
  int active() const { return static_cast<int>(active_.size()); }
  // The original column of compact column c.
  const std::vector<int>& active_columns() const { return active_; }

  // u_c = start_c + Σ_{i : v_i != 0, increasing} v_i a_ic for every active c
  // (start = nullptr: 0). Equals, bit for bit, u = start; then
  // `for i: if (v_i != 0) u += v_i a_i` (SparseRows::axpy, primal_from_dual).
  // u has active() + 1 entries: the last is the zero that padded rows read.
  void transpose_times(const T* v, const T* start, T* u) const {
    const int n = active();
    u[n] = T(0);
    if constexpr (std::is_floating_point_v<T>) {
      bool plain = finite_;
      if (plain && start)
        for (int c = 0; c < n; ++c) plain = plain && !(start[c] == T(0) && std::signbit(start[c]));
      if (plain) {
        // No test of v_i: a skipped row's term v_i a_ic is ±0 (a_ic
        // finite), and s + (±0) = s for every s but −0, which s never is
        // here (it starts at +0 or at a start value checked above, and a
        // sum is −0 only if both terms are). The branch on v_i (which rows
        // are zero follows the free set, so it is unpredictable) cost more
        // than the product. Columns come grouped by length (assign), so
        // each group runs a loop of fixed length.
        for (std::size_t L = 1; L + 1 < by_length_.size(); ++L) {
          const int c0 = L == 1 ? 0 : by_length_[L - 1], c1 = by_length_[L];
          switch (L) {
            case 1: gather<1>(c0, c1, v, start, u); break;
            case 2: gather<2>(c0, c1, v, start, u); break;
            case 3: gather<3>(c0, c1, v, start, u); break;
            case 4: gather<4>(c0, c1, v, start, u); break;
            default:
              for (int c = c0; c < c1; ++c) {
                T s = start ? start[c] : T(0);
                for (int k = col_start_[static_cast<std::size_t>(c)]; k < col_start_[static_cast<std::size_t>(c) + 1]; ++k)
                  s += v[col_row_[static_cast<std::size_t>(k)]] * col_val_[static_cast<std::size_t>(k)];
                u[c] = s;
              }
          }
        }
        return;
      }
    }
    for (int c = 0; c < n; ++c) {
      T s = start ? start[c] : T(0);
      for (int k = col_start_[static_cast<std::size_t>(c)]; k < col_start_[static_cast<std::size_t>(c) + 1]; ++k) {
        const T& vi = v[col_row_[static_cast<std::size_t>(k)]];
        if (vi != T(0)) s += vi * col_val_[static_cast<std::size_t>(k)];
      }
      u[c] = s;
    }
  }

  // a_i · u over the active columns (SparseRows::dot's order: s = 0, then
  // the row's entries in order).
  T dot(int i, const T* u) const {
    T s(0);
    for (int k = row_start_[static_cast<std::size_t>(i)]; k < row_start_[static_cast<std::size_t>(i) + 1]; ++k)
      s += row_val_[static_cast<std::size_t>(k)] * u[row_col_[static_cast<std::size_t>(k)]];
    return s;
  }

  // out_i = a_i · u − b_i for every row (b = nullptr: out_i = a_i · u); u as
  // transpose_times leaves it. Rows of at most 4 entries are stored padded
  // to 4 with coefficient 0 on the zero entry u[active()]: a padded term is
  // +0 and s + (+0) = s (s, a sum from +0, is never −0), so the sums are
  // dot's, with no loop and no branch per row.
  void times(const T* u, const T* b, T* out) const {
    if (padded_) {
      for (int i = 0; i < rows_; ++i) {
        const std::size_t k = 4 * static_cast<std::size_t>(i);
        T s(0);
        s += pad_val_[k] * u[pad_col_[k]];
        s += pad_val_[k + 1] * u[pad_col_[k + 1]];
        s += pad_val_[k + 2] * u[pad_col_[k + 2]];
        s += pad_val_[k + 3] * u[pad_col_[k + 3]];
        out[i] = b ? s - b[i] : s;
      }
    } else {
      for (int i = 0; i < rows_; ++i) out[i] = b ? dot(i, u) - b[i] : dot(i, u);
    }
  }

  // SparseRows::gram_norm_bound, from the columns: the same sums in the
  // same order (inactive columns sum to 0 and cannot raise the maximum).
  T gram_norm_bound() const {
    using std::abs;
    using std::max;
    T rowmax(0);
    for (int i = 0; i < rows_; ++i) {
      T r(0);
      for (int k = row_start_[static_cast<std::size_t>(i)]; k < row_start_[static_cast<std::size_t>(i) + 1]; ++k)
        r += abs(row_val_[static_cast<std::size_t>(k)]);
      rowmax = max(rowmax, r);
    }
    T colmax(0);
    for (int c = 0; c < active(); ++c) {
      T s(0);
      for (int k = col_start_[static_cast<std::size_t>(c)]; k < col_start_[static_cast<std::size_t>(c) + 1]; ++k)
        s += abs(col_val_[static_cast<std::size_t>(k)]);
      colmax = max(colmax, s);
    }
    return rowmax * colmax;
  }

 private:
  // transpose_times for the columns [c0, c1), all of length L.
  template <int L>
  void gather(int c0, int c1, const T* v, const T* start, T* u) const {
    // The group's entries are contiguous, L per column.
    std::size_t k = c0 < c1 ? static_cast<std::size_t>(col_start_[static_cast<std::size_t>(c0)]) : 0;
    for (int c = c0; c < c1; ++c, k += std::size_t(L)) {
      T s = start ? start[c] : T(0);
      for (std::size_t j = 0; j < std::size_t(L); ++j) s += v[col_row_[k + j]] * col_val_[k + j];
      u[c] = s;
    }
  }

  int rows_ = 0;
  bool padded_ = false;  // rows stored padded to 4 entries (times)
  std::vector<int> pad_col_;
  std::vector<T> pad_val_;
  bool finite_ = true;  // every coefficient finite (transpose_times' unconditional sum)
  std::vector<int> compact_of_;  // original column → compact index, −1 between builds
  std::vector<int> active_;      // compact index → original column
  std::vector<int> row_start_, row_col_;
  std::vector<T> row_val_;
  std::vector<int> col_start_, col_row_, fill_;
  std::vector<int> count_, by_length_, sorted_;  // assign's work arrays
  std::vector<T> col_val_;
};

}  // namespace sweepcheck
