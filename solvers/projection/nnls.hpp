#pragma once
// Non-negative least squares  min_{λ ≥ 0} ‖A λ − b‖  (Lawson & Hanson, 1974,
// Algorithm NNLS, Ch. 23). Used to certify membership in a finitely generated
// cone: v ∈ cone{a_1, ..., a_k} iff the NNLS residual is zero. That is how we
// check x'(t) − f(x(t)) ∈ −N(S, x(t)) and KKT conditions.
#include <algorithm>
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
template <class T>
NnlsResult<T> nnls(const Mat<T>& A, const Vec<T>& b, int max_iterations = 0,
                   const std::vector<Eigen::Index>* warm = nullptr) {
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
      feasible = true;
      for (Eigen::Index j = 0; j < n; ++j)
        if (passive[static_cast<std::size_t>(j)] && z[j] <= T(0)) feasible = false;
      if (feasible) break;
      // Step back towards x until the first passive variable hits zero.
      T alpha(1);
      for (Eigen::Index j = 0; j < n; ++j) {
        if (passive[static_cast<std::size_t>(j)] && z[j] <= T(0)) {
          const T a = x[j] / (x[j] - z[j]);
          if (a < alpha) alpha = a;
        }
      }
      x += alpha * (z - x);
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
