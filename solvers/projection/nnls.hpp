#pragma once
// Non-negative least squares  min_{λ ≥ 0} ‖A λ − b‖  (Lawson & Hanson, 1974,
// Algorithm NNLS, Ch. 23). Used to certify membership in a finitely generated
// cone: v ∈ cone{a_1, ..., a_k} iff the NNLS residual is zero. That is how we
// check x'(t) − f(x(t)) ∈ −N(S, x(t)) and KKT conditions.
#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include <Eigen/QR>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class T>
struct NnlsResult {
  Vec<T> lambda;
  T residual;  // ‖A λ − b‖
  int iterations;
  bool converged;
};

// `warm` (optional): indices expected to be positive at the solution, e.g. the
// active set of a neighbouring problem. It only changes the starting iterate:
// the least-squares solution on `warm` with every index whose coefficient is
// not positive dropped until all are (Lawson–Hanson's invariant: x is the
// least-squares solution on its passive set, with x_P > 0). The algorithm and
// its stopping test (dual feasibility) are then unchanged, so the answer is
// the same; a good guess saves almost all of the one-index-at-a-time growth
// of the passive set, each step of which costs a QR factorisation.
// How each least-squares solve on the passive set is factorised. Same
// algorithm, same stopping test, same answer up to round-off:
//  - refactor: a column-pivoted Householder QR of the passive columns from
//    scratch at every solve (O(m k²) each, k passive columns);
//  - update: one QR kept across the iterations, updated by Givens rotations
//    when a column enters (O(m²)) or leaves (O(m k)) the passive set, as
//    Lawson and Hanson's own NNLS does (1974, Ch. 23-24). A column that is
//    numerically dependent on the passive ones (its new diagonal entry of R
//    below 100 ε |a_j|) is not admitted, as in theirs. On an 81-row problem
//    with ~75 passive columns (the disks' jammed projection) a solve costs
//    ~1/50 of refactor's; solvers/projection/nnls_test.cpp checks both give
//    the same solution.
enum class NnlsFactorisation { refactor, update };

// The pieces both factorisations of nnls() share (Lawson–Hanson's inner loop).
namespace nnls_steps {

// Every passive variable of the unconstrained solution z is positive.
template <class T>
bool passive_positive(const std::vector<bool>& passive, const Vec<T>& z) {
  for (std::size_t j = 0; j < passive.size(); ++j)
    if (passive[j] && z[static_cast<Eigen::Index>(j)] <= T(0)) return false;
  return true;
}

// x ← x + α (z − x) with the largest α ≤ 1 at which the first passive
// variable reaches zero (Lawson–Hanson's step back towards x).
template <class T>
void step_back(const std::vector<bool>& passive, Vec<T>& x, const Vec<T>& z) {
  T alpha(1);
  for (std::size_t k = 0; k < passive.size(); ++k) {
    const auto j = static_cast<Eigen::Index>(k);
    if (passive[k] && z[j] <= T(0)) {
      const T a = x[j] / (x[j] - z[j]);
      if (a < alpha) alpha = a;
    }
  }
  x += alpha * (z - x);
}


// The QR factorisation Qᵀ A_P = [R; 0] of the passive columns A_P (in the
// order they entered), with Qᵀb, kept up to date by Givens rotations.
template <class T>
class UpdatedQr {
 public:
  // Q starts as the identity, formed only when a column is first added one
  // at a time (form_q): a warm start's add_all never needs it.
  UpdatedQr(const Mat<T>& A, const Vec<T>& b)
      : A_(A), b_(b), R_(A.rows(), std::min(A.rows(), A.cols())), Qtb_(b) {}

  Eigen::Index size() const { return static_cast<Eigen::Index>(cols_.size()); }
  const std::vector<Eigen::Index>& columns() const { return cols_; }

  // Appends column j of A; false (nothing changes) when it is numerically
  // dependent on the passive columns or no row is left for it.
  bool add(Eigen::Index j) {
    using std::abs;
    const Eigen::Index m = A_.rows(), k = size();
    if (k >= m || k >= R_.cols()) return false;
    form_q();
    Vec<T> v = Q_.transpose() * A_.col(j);
    const T norm = A_.col(j).norm();
    // Rotations on rows (i − 1, i), i = m − 1 .. k + 1, zero v below row k;
    // the passive columns are zero in those rows, so R keeps its shape.
    std::vector<std::pair<T, T>> rot(static_cast<std::size_t>(m));
    for (Eigen::Index i = m - 1; i > k; --i) {
      T c, s;
      givens(v[i - 1], v[i], c, s);
      v[i - 1] = c * v[i - 1] + s * v[i];
      v[i] = T(0);
      rot[static_cast<std::size_t>(i)] = {c, s};
    }
    if (!(abs(v[k]) > T(100) * epsilon<T>() * norm)) return false;  // dependent: Qᵀ left as it was
    for (Eigen::Index i = m - 1; i > k; --i) {
      const auto [c, s] = rot[static_cast<std::size_t>(i)];
      rotate_rows(i - 1, i, c, s);
    }
    R_.col(k) = v;
    cols_.push_back(j);
    return true;
  }

  // Appends the columns `js` of A (distinct) to an empty factorisation: one
  // blocked Householder QR instead of size() rank-one updates; when a column
  // is numerically dependent on those before it (the test of add), they are
  // added one by one instead, which skips it. Returns the columns admitted.
  const std::vector<Eigen::Index>& add_all(const std::vector<Eigen::Index>& js) {
    using std::abs;
    const Eigen::Index m = A_.rows(), k = static_cast<Eigen::Index>(js.size());
    if (!cols_.empty()) throw std::logic_error("UpdatedQr::add_all: the factorisation is not empty");
    if (k == 0) return cols_;
    bool independent = k <= m && k <= R_.cols();
    if (independent) {
      Mat<T> W(m, k);
      for (Eigen::Index c = 0; c < k; ++c) W.col(c) = A_.col(js[static_cast<std::size_t>(c)]);
      Eigen::HouseholderQR<Mat<T>> qr(W);
      for (Eigen::Index c = 0; c < k && independent; ++c)
        independent = abs(qr.matrixQR()(c, c)) > T(100) * epsilon<T>() * W.col(c).norm();
      if (independent) {
        R_.leftCols(k).setZero();
        R_.topLeftCorner(k, k) = qr.matrixQR().topLeftCorner(k, k).template triangularView<Eigen::Upper>();
        Qtb_ = qr.householderQ().adjoint() * b_;
        // Q itself (m × m) is formed only if a column is added later (add):
        // most warm-started solves end without one.
        householder_ = std::move(qr);
        from_householder_ = true;
        q_formed_ = false;
        pending_.clear();
        cols_ = js;
        return cols_;
      }
    }
    for (const Eigen::Index j : js) add(j);
    return cols_;
  }

  // Removes the passive column at position p (0 <= p < size()).
  void remove(Eigen::Index p) {
    const Eigen::Index k = size();
    for (Eigen::Index c = p; c + 1 < k; ++c) R_.col(c) = R_.col(c + 1);
    cols_.erase(cols_.begin() + p);
    // R is upper Hessenberg from column p on: restore it row pair by row pair.
    for (Eigen::Index c = p; c + 1 < k; ++c) {
      T cs, sn;
      givens(R_(c, c), R_(c + 1, c), cs, sn);
      for (Eigen::Index col = c; col + 1 < k; ++col) {
        const T a = R_(c, col), b = R_(c + 1, col);
        R_(c, col) = cs * a + sn * b;
        R_(c + 1, col) = -sn * a + cs * b;
      }
      R_(c + 1, c) = T(0);
      rotate_rows(c, c + 1, cs, sn);
    }
  }

  // The least-squares solution on the passive columns, scattered into z (size n).
  void solve(Vec<T>& z) const {
    const Eigen::Index k = size();
    z = Vec<T>::Zero(A_.cols());
    if (k == 0) return;
    const Vec<T> zp =
        R_.topLeftCorner(k, k).template triangularView<Eigen::Upper>().solve(Vec<T>(Qtb_.head(k)));
    for (Eigen::Index i = 0; i < k; ++i) z[cols_[static_cast<std::size_t>(i)]] = zp[i];
  }

 private:
  // c, s with [c s; −s c] (a, b)ᵀ = (r, 0)ᵀ.
  static void givens(const T& a, const T& b, T& c, T& s) {
    using std::abs;
    using std::sqrt;
    if (b == T(0)) {
      c = T(1);
      s = T(0);
    } else if (abs(b) > abs(a)) {
      const T t = a / b, u = sqrt(T(1) + t * t);
      s = T(1) / u;
      c = s * t;
      if (b < T(0)) {
        s = -s;
        c = -c;
      }
    } else {
      const T t = b / a, u = sqrt(T(1) + t * t);
      c = T(1) / u;
      s = c * t;
      if (a < T(0)) {
        c = -c;
        s = -s;
      }
    }
  }
  struct Rotation {
    Eigen::Index r0, r1;
    T c, s;
  };
  void rotate_q(const Rotation& g) {
    for (Eigen::Index row = 0; row < Q_.rows(); ++row) {
      const T a = Q_(row, g.r0), b = Q_(row, g.r1);
      Q_(row, g.r0) = g.c * a + g.s * b;
      Q_(row, g.r1) = -g.s * a + g.c * b;
    }
  }
  // Q from add_all's Householder vectors (or the identity, before any) and
  // the rotations since.
  void form_q() {
    if (q_formed_) return;
    if (from_householder_) {
      Q_ = householder_.householderQ();
    } else {
      Q_.setIdentity(A_.rows(), A_.rows());
    }
    for (const auto& g : pending_) rotate_q(g);
    pending_.clear();
    q_formed_ = true;
  }
  // Rows r0, r1 of Qᵀ (columns of Q) and of Qᵀb.
  void rotate_rows(Eigen::Index r0, Eigen::Index r1, const T& c, const T& s) {
    if (q_formed_) {
      rotate_q({r0, r1, c, s});
    } else {
      pending_.push_back({r0, r1, c, s});
    }
    const T a = Qtb_[r0], b = Qtb_[r1];
    Qtb_[r0] = c * a + s * b;
    Qtb_[r1] = -s * a + c * b;
  }

  const Mat<T>& A_;
  const Vec<T>& b_;
  Mat<T> Q_;    // m × m (when q_formed_)
  bool q_formed_ = false;
  bool from_householder_ = false;  // Q is add_all's Householder Q (times pending_), not the identity
  Eigen::HouseholderQR<Mat<T>> householder_;
  std::vector<Rotation> pending_;
  Mat<T> R_;    // its first size() columns: R over the passive columns
  Vec<T> Qtb_;  // Qᵀ b
  std::vector<Eigen::Index> cols_;
};

// Lawson–Hanson NNLS on an UpdatedQr; the same steps as nnls's refactor path.
template <class T>
NnlsResult<T> nnls_updated(const Mat<T>& A, const Vec<T>& b, int max_iterations,
                           const std::vector<Eigen::Index>* warm) {
  const Eigen::Index n = A.cols();
  if (max_iterations <= 0) max_iterations = 3 * static_cast<int>(n) + 10;
  Vec<T> x = Vec<T>::Zero(n), z;
  std::vector<bool> passive(static_cast<std::size_t>(n), false);
  const T tol = T(10) * epsilon<T>() * (A.norm() + T(1)) * (b.norm() + T(1));
  int it = 0;
  bool converged = false;
  UpdatedQr<T> qr(A, b);
  auto drop = [&](Eigen::Index p) {
    passive[static_cast<std::size_t>(qr.columns()[static_cast<std::size_t>(p)])] = false;
    qr.remove(p);
  };

  if (warm != nullptr) {
    std::vector<Eigen::Index> start;
    for (const Eigen::Index j : *warm)
      if (j >= 0 && j < n && !passive[static_cast<std::size_t>(j)]) {
        passive[static_cast<std::size_t>(j)] = true;
        start.push_back(j);
      }
    std::fill(passive.begin(), passive.end(), false);
    for (const Eigen::Index j : qr.add_all(start)) passive[static_cast<std::size_t>(j)] = true;
    for (bool dropped = true; dropped && it < max_iterations;) {
      ++it;
      qr.solve(z);
      dropped = false;
      for (Eigen::Index p = qr.size() - 1; p >= 0; --p)
        if (!(z[qr.columns()[static_cast<std::size_t>(p)]] > T(0))) {
          drop(p);
          dropped = true;
        }
    }
    if (it < max_iterations) {
      x = z;
    } else {
      while (qr.size() > 0) drop(qr.size() - 1);
    }
  }

  std::vector<bool> refused(static_cast<std::size_t>(n), false);  // dependent columns, until the passive set changes
  while (it < max_iterations) {
    const Vec<T> w = A.transpose() * (b - A * x);
    Eigen::Index best = -1;
    T wmax = tol;
    for (Eigen::Index j = 0; j < n; ++j) {
      if (!passive[static_cast<std::size_t>(j)] && !refused[static_cast<std::size_t>(j)] && w[j] > wmax) {
        wmax = w[j];
        best = j;
      }
    }
    if (best < 0) {
      converged = true;
      break;
    }
    if (!qr.add(best)) {
      refused[static_cast<std::size_t>(best)] = true;
      continue;
    }
    std::fill(refused.begin(), refused.end(), false);
    passive[static_cast<std::size_t>(best)] = true;
    bool feasible = false;
    for (;;) {
      ++it;
      qr.solve(z);
      feasible = passive_positive(passive, z);
      if (feasible) break;
      step_back(passive, x, z);
      for (Eigen::Index p = qr.size() - 1; p >= 0; --p) {
        const Eigen::Index j = qr.columns()[static_cast<std::size_t>(p)];
        if (x[j] <= tol) {
          drop(p);
          x[j] = T(0);
        }
      }
      if (it >= max_iterations) break;
    }
    if (!feasible) break;
    x = z;
  }
  return {x, (A * x - b).norm(), it, converged};
}

}  // namespace nnls_steps

template <class T>
NnlsResult<T> nnls(const Mat<T>& A, const Vec<T>& b, int max_iterations = 0,
                   const std::vector<Eigen::Index>* warm = nullptr,
                   NnlsFactorisation factorisation = NnlsFactorisation::refactor) {
  if (factorisation == NnlsFactorisation::update) return nnls_steps::nnls_updated(A, b, max_iterations, warm);
  const Eigen::Index n = A.cols();
  if (max_iterations <= 0) max_iterations = 3 * static_cast<int>(n) + 10;
  Vec<T> x = Vec<T>::Zero(n);
  std::vector<bool> passive(static_cast<std::size_t>(n), false);
  const T tol = T(10) * epsilon<T>() * (A.norm() + T(1)) * (b.norm() + T(1));
  int it = 0;
  bool converged = false;

  auto solve_passive = [&](Vec<T>& z) {
    std::vector<Eigen::Index> idx;
    for (Eigen::Index j = 0; j < n; ++j)
      if (passive[static_cast<std::size_t>(j)]) idx.push_back(j);
    z = Vec<T>::Zero(n);
    if (idx.empty()) return;
    Mat<T> Ap(A.rows(), static_cast<Eigen::Index>(idx.size()));
    for (std::size_t k = 0; k < idx.size(); ++k) Ap.col(static_cast<Eigen::Index>(k)) = A.col(idx[k]);
    const Vec<T> zp = Ap.colPivHouseholderQr().solve(b);
    for (std::size_t k = 0; k < idx.size(); ++k) z[idx[k]] = zp[static_cast<Eigen::Index>(k)];
  };

  if (warm != nullptr) {
    for (const Eigen::Index j : *warm)
      if (j >= 0 && j < n) passive[static_cast<std::size_t>(j)] = true;
    Vec<T> z;
    for (bool dropped = true; dropped && it < max_iterations;) {
      ++it;
      solve_passive(z);
      dropped = false;
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive[static_cast<std::size_t>(j)] && !(z[j] > T(0))) {
          passive[static_cast<std::size_t>(j)] = false;
          dropped = true;
        }
    }
    // z is the least-squares solution on the passive set and positive there
    // (or the set is empty and z = 0); with the cap hit first, start from 0.
    if (it < max_iterations) {
      x = z;
    } else {
      std::fill(passive.begin(), passive.end(), false);
    }
  }

  while (it < max_iterations) {
    const Vec<T> w = A.transpose() * (b - A * x);
    Eigen::Index best = -1;
    T wmax = tol;
    for (Eigen::Index j = 0; j < n; ++j) {
      if (!passive[static_cast<std::size_t>(j)] && w[j] > wmax) {
        wmax = w[j];
        best = j;
      }
    }
    if (best < 0) {
      converged = true;
      break;
    }
    passive[static_cast<std::size_t>(best)] = true;
    Vec<T> z;
    bool feasible = false;
    for (;;) {
      ++it;
      solve_passive(z);
      feasible = nnls_steps::passive_positive(passive, z);
      if (feasible) break;
      nnls_steps::step_back(passive, x, z);
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive[static_cast<std::size_t>(j)] && x[j] <= tol) {
          passive[static_cast<std::size_t>(j)] = false;
          x[j] = T(0);
        }
      if (it >= max_iterations) break;
    }
    if (!feasible) break;
    x = z;
  }
  return {x, (A * x - b).norm(), it, converged};
}

}  // namespace sweepcheck
