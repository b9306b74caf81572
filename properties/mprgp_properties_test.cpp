// MPRGP's flat iteration (MprgpQp::solve_from on CompactRows, issue 15)
// against the plain iteration it replaced (mprgp_solve_simple, qp_mprgp_plain.hpp, kept
// as the oracle): over random polyhedra and random crowds, the same
// multipliers, projection, iteration count, status and certificate, bit for
// bit. Bit equality is the requirement, not a tolerance: the crowd study's
// cached references and fits were computed with the plain iteration.
//
// Polyhedra: 1–40 rows of 1–6 entries on 1–30 columns (rows of at most 4
// entries take CompactRows' padded path, longer ones the generic path),
// coefficients with exact zeros and repeated columns in a row, q with +0
// and −0 entries (transpose_times' −0 rule), feasible and possibly empty
// polyhedra, cold and warm starts (negative, zero and wrong-size λ), and
// small iteration caps. Crowds: Venel steps of seed 001's crowd at random
// sizes, densities and seeds with either solver, state and work compared
// after every step.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>
#include <random>

#include "sweepcheck/analytic/crowd_evacuation.hpp"
#include "sweepcheck/solvers/qp/compact_rows.hpp"
#include "sweepcheck/solvers/qp/qp_mprgp.hpp"
#include "sweepcheck/solvers/qp/qp_mprgp_plain.hpp"
#include "sweepcheck/solvers/schemes/venel.hpp"

namespace sweepcheck {
namespace {

bool same_bits(const Vec<double>& a, const Vec<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(double) * std::size_t(a.size())) == 0;
}
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool same_certificate(const QpCertificate<double>& a, const QpCertificate<double>& b) {
  return same_bits(a.stationarity, b.stationarity) && same_bits(a.primal_infeasibility, b.primal_infeasibility) &&
         same_bits(a.dual_infeasibility, b.dual_infeasibility) && same_bits(a.gap, b.gap) &&
         same_bits(a.complementarity, b.complementarity) && same_bits(a.lambda_l1, b.lambda_l1);
}

struct QpCase {
  SparseRows<double> G;
  Vec<double> q;
  Vec<double> lambda0;  // warm start (any size, any sign)
  std::int64_t cap = 200000;
};

std::ostream& operator<<(std::ostream& os, const QpCase& c) {
  os << "rows=" << c.G.rows() << " cols=" << c.G.cols() << " cap=" << c.cap << " q=" << c.q.transpose()
     << " lambda0=" << c.lambda0.transpose();
  return os;
}

rc::Gen<double> coefficient() {
  return rc::gen::oneOf(rc::gen::element(0.0, -0.0, 1.0, -1.0, 0.5),
                        rc::gen::map(rc::gen::inRange(-1000000, 1000001), [](int k) { return k / 1e6; }));
}

rc::Gen<QpCase> any_qp() {
  return rc::gen::exec([] {
    QpCase c;
    const int cols = *rc::gen::inRange(1, 31);
    const int rows = *rc::gen::inRange(1, 41);
    const int widest = *rc::gen::element(2, 4, 6);
    c.G.clear(cols);
    // A point the polyhedron contains (feasible mode) and the rows through it.
    Vec<double> y0(cols);
    for (int k = 0; k < cols; ++k) y0[k] = *coefficient() * 3;
    const bool feasible = *rc::gen::inRange(0, 5) > 0;
    for (int i = 0; i < rows; ++i) {
      const int len = *rc::gen::inRange(1, widest + 1);
      std::vector<std::pair<int, double>> e;
      bool nonzero = false;
      for (int k = 0; k < len; ++k) {
        const int col = *rc::gen::inRange(0, cols);
        double v = *coefficient();
        if (k == len - 1 && !nonzero && v == 0) v = 1;  // no zero row (solve rejects them)
        nonzero = nonzero || v != 0;
        e.emplace_back(col, v);
      }
      double a_y0 = 0;
      for (const auto& [col, v] : e) a_y0 += v * y0[col];
      const double rhs = feasible ? a_y0 - std::abs(*coefficient()) : *coefficient() * 5;
      c.G.add_row(e, rhs);
    }
    c.q.resize(cols);
    for (int k = 0; k < cols; ++k) c.q[k] = *rc::gen::oneOf(rc::gen::element(0.0, -0.0), coefficient()) * 4;
    const int warm = *rc::gen::inRange(0, 4);  // 0: cold; 1: λ of the right size; 2: wrong size; 3: zeros
    if (warm == 1) {
      c.lambda0.resize(rows);
      for (int i = 0; i < rows; ++i) c.lambda0[i] = *coefficient();
    } else if (warm == 2) {
      c.lambda0 = Vec<double>::Ones(rows + 1);
    } else if (warm == 3) {
      c.lambda0 = Vec<double>::Zero(rows);
    }
    c.cap = *rc::gen::element<std::int64_t>(1, 3, 17, 200000);
    return c;
  });
}

RC_GTEST_PROP(MprgpFlat, TheFlatIterationReproducesThePlainIterationBitForBit, ()) {
  const QpCase c = *any_qp();
  MprgpQp<double>::Options o;
  o.max_iterations = c.cap;
  const MprgpQp<double> solver(o);
  Vec<double> yf, yp, lf = c.lambda0, lp = c.lambda0;
  const auto rf = solver.solve_from(c.G, c.q, yf, lf);
  const auto rp = mprgp_solve_simple(solver, c.G, c.q, yp, lp);
  RC_ASSERT(rf.status == rp.status);
  RC_ASSERT(rf.iterations == rp.iterations);
  RC_ASSERT(same_bits(lf, lp));
  RC_ASSERT(same_bits(yf, yp));
  RC_ASSERT(same_certificate(rf.certificate, rp.certificate));
  RC_TAG(rf.status == StepStatus::ok ? "ok" : rf.status == StepStatus::infeasible ? "infeasible" : "cap");
}

// CompactRows' products against SparseRows' row-by-row formulas, for any v
// (zeros included) and start (±0 included).
RC_GTEST_PROP(MprgpFlat, CompactProductsAreTheRowByRowProductsBitForBit, ()) {
  const QpCase c = *any_qp();
  const int m = c.G.rows();
  Vec<double> v(m);
  for (int i = 0; i < m; ++i) v[i] = *rc::gen::oneOf(rc::gen::element(0.0, -0.0), coefficient());
  CompactRows<double> A;
  A.assign(c.G);
  const int n = A.active();
  // Row by row: y = q + Gᵀv (rows with v_i = 0 skipped), then G y − b.
  Vec<double> y;
  c.G.primal_from_dual(c.q, v, y);
  std::vector<double> qc(static_cast<std::size_t>(n) + 1), yc(static_cast<std::size_t>(n) + 1), g(static_cast<std::size_t>(m));
  for (int k = 0; k < n; ++k) qc[static_cast<std::size_t>(k)] = c.q[A.active_columns()[static_cast<std::size_t>(k)]];
  A.transpose_times(v.data(), qc.data(), yc.data());
  for (int k = 0; k < n; ++k) RC_ASSERT(same_bits(yc[static_cast<std::size_t>(k)], y[A.active_columns()[static_cast<std::size_t>(k)]]));
  A.times(yc.data(), c.G.rhs_values().data(), g.data());
  for (int i = 0; i < m; ++i) RC_ASSERT(same_bits(g[static_cast<std::size_t>(i)], c.G.dot(i, y) - c.G.rhs(i)));
  RC_ASSERT(same_bits(A.gram_norm_bound(), c.G.gram_norm_bound()));
}

// The crowd: Venel's steps with either solver, the state and the work
// counters compared after every step (linearise, the margin re-solves and
// the QP together, as the crowd study runs them).
RC_GTEST_PROP(MprgpFlat, VenelOnTheCrowdTakesTheSameStepsWithEitherIteration, ()) {
  CrowdOptions o;
  o.people = *rc::gen::inRange(2, 160);
  o.seed = *rc::gen::inRange<std::uint64_t>(1, 1000);
  o.room = *rc::gen::element(6.0, 7.0, 10.0);
  o.lattice = *rc::gen::element(0.45, 0.5);  // 0.45: a denser start, contacts from the first steps
  o.jitter = 0.02;
  const double h = *rc::gen::element(0.01, 0.05, 0.1);
  const int steps = *rc::gen::inRange(1, 80);
  try {
    o.validate();
  } catch (const std::invalid_argument&) {
    RC_DISCARD("the room holds fewer start sites than people");
  }
  const CrowdEvacuation<double> p(o);
  const Venel<double, MprgpQp<double>> flat;
  const Venel<double, PlainMprgpQp<double>> plain;
  Vec<double> xf = p.x0(), xp = p.x0(), nf, np;
  Work wf, wp;
  for (int k = 0; k < steps; ++k) {
    const auto sf = flat.step(p, h * k, xf, h, nf, wf);
    const auto sp = plain.step(p, h * k, xp, h, np, wp);
    RC_ASSERT(sf == sp);
    RC_ASSERT(same_bits(nf, np));
    RC_ASSERT(wf.inner_iterations == wp.inner_iterations);
    RC_ASSERT(wf.constraint_evaluations == wp.constraint_evaluations);
    RC_ASSERT(wf.sweeps == wp.sweeps);
    xf.swap(nf);
    xp.swap(np);
  }
  RC_TAG(wf.inner_iterations == 0 ? "no contact" : wf.inner_iterations < 20 * steps ? "contacts" : "jammed");
}

// CrowdSet::pair_direction (linearise's row direction without a heap
// vector) against PairNonOverlap::direction, which it replaced.
RC_GTEST_PROP(MprgpFlat, TheCrowdsPairDirectionIsPairNonOverlapsBitForBit, ()) {
  const int n = *rc::gen::inRange(2, 6);
  Vec<double> q(2 * n);
  for (int k = 0; k < 2 * n; ++k) q[k] = *rc::gen::oneOf(rc::gen::element(0.0, -0.0, 1.0), coefficient()) * 10;
  const int i = *rc::gen::inRange(0, n);
  const int j = (i + 1 + *rc::gen::inRange(0, n - 1)) % n;  // any other disk
  if (*rc::gen::arbitrary<bool>()) q.segment<2>(2 * i) = q.segment<2>(2 * j);  // coincident: the tie-break
  double ex, ey;
  CrowdSet<double>::pair_direction(q, i, j, ex, ey);
  const Vec<double> e = PairNonOverlap<double>(i, j, 2, 0.4).direction(q);
  RC_ASSERT(same_bits(ex, e[0]));
  RC_ASSERT(same_bits(ey, e[1]));
}

// CrowdSet::linearisation_drift (one square root) against the per-disk
// norms it replaced.
RC_GTEST_PROP(MprgpFlat, TheCrowdsDriftIsTheLargestPerDiskNormBitForBit, ()) {
  CrowdOptions o;
  o.people = *rc::gen::inRange(1, 40);
  const CrowdSet<double> set(o);
  Vec<double> q(2 * o.people), y(2 * o.people);
  for (int k = 0; k < 2 * o.people; ++k) {
    q[k] = *coefficient() * 10;
    y[k] = q[k] + *coefficient() * *rc::gen::element(1e-8, 1e-3, 1.0);
  }
  double m = 0;  // the replaced formula
  for (int i = 0; i < o.people; ++i) m = std::max(m, (y.segment<2>(2 * i) - q.segment<2>(2 * i)).norm());
  RC_ASSERT(same_bits(set.linearisation_drift(q, y), 2 * m));
}

// Negative control: the bit comparison above is not vacuous. Summing each
// column of Gᵀv in decreasing instead of increasing row order (a plausible
// slip in a column-wise product) gives different bits on a good share of
// random polyhedra, so the comparison would catch it.
TEST(MprgpFlat, AReorderedColumnSumIsCaughtByTheBitComparison) {
  std::mt19937_64 rng(20261123);
  std::uniform_real_distribution<double> U(-1, 1);
  int compared = 0, caught = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int cols = 6, rows = 30;
    SparseRows<double> G(cols);
    for (int i = 0; i < rows; ++i) {
      std::vector<std::pair<int, double>> e;
      for (int k = 0; k < 3; ++k) e.emplace_back(int(rng() % cols), U(rng));
      G.add_row(e, 0.0);
    }
    Vec<double> v(rows), zero = Vec<double>::Zero(cols), y;
    for (int i = 0; i < rows; ++i) v[i] = U(rng);
    G.primal_from_dual(zero, v, y);  // increasing row order
    Vec<double> reversed = Vec<double>::Zero(cols);
    for (int i = rows - 1; i >= 0; --i) G.axpy(i, v[i], reversed);
    ++compared;
    if (!same_bits(y, reversed)) ++caught;
  }
  EXPECT_GE(caught, compared / 2) << caught << " of " << compared;
}

}  // namespace
}  // namespace sweepcheck
