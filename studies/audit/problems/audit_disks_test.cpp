// The disks as an audit problem, on a small instance (N = 10, T = 0.1) with
// its own cache folder: the audit's error is the sampled error against the
// cached reference, the reference-error estimate is what it says, and the
// probe's base points and projection are those of a projection onto S.
#include <gtest/gtest.h>

#include <cmath>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "sweepcheck/solvers/schemes/pngs.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "studies/audit/audit.hpp"
#include "studies/audit/problems/audit_test_support.hpp"
#include "studies/audit/problems/audit_disks.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"

namespace sweepcheck {
namespace {

using audit_test::TempCache;
using audit_test::reference_pngs;

DisksAuditOptions small_disks() {
  DisksAuditOptions o;
  o.disks = {.N = 10, .R = 0.1, .gamma = 1, .t_end = 0.1, .seed = 4};
  o.reference = {.steps = 4000, .samples = 40};
  o.ladder = {0.01, 1e-3, 4};
  o.probe_times = {0.0, 0.05, 0.1};
  return o;
}

TEST(DisksAuditProblem, PngsThroughTheViewAtTwiceTheReferenceStepHasExactlyTheReferenceErrorEstimate) {
  // The estimate is max_i |x_(2 h_ref)(τ_i) − x_(h_ref)(τ_i)| with both runs
  // made in-tree on the cell-list set; the audit's run of the same scheme
  // through the all-pairs view is the same computation (same sweep order,
  // same operations), and its sampled error compares it at the same τ_i.
  TempCache cache("disks");
  const auto o = small_disks();
  const AuditProblem p = disks_audit_problem(o);
  ASSERT_GT(p.reference_error, 0.0);
  const auto run = run_stepper(p, reference_pngs(o.reference), o.reference.steps / 2, 1);
  ASSERT_EQ(run.row.status, RunStatus::ok);
  EXPECT_EQ(run.row.error_uniform, p.reference_error);
  // And at the reference's own step the error is zero.
  EXPECT_EQ(run_stepper(p, reference_pngs(o.reference), o.reference.steps, 1).row.error_uniform, 0.0);
}

TEST(DisksAuditProblem, ItsErrorIsTheLargestDistanceAtTheSampleTimesNotADenseError) {
  TempCache cache("disks");
  const auto o = small_disks();
  const AuditProblem p = disks_audit_problem(o);
  ASSERT_FALSE(p.exact);
  ASSERT_TRUE(p.sampled);
  EXPECT_EQ(p.sampled->times.size(), std::size_t(o.reference.samples) + 1);
  // PBD with 30 steps (h = 1/300): most sample times τ_i = i/400 fall between
  // grid points, where the interpolant is compared. Recomputed here from the
  // in-tree scheme on the in-tree problem with seed 001's recorder.
  const SchemeFactory pbd = catalog_scheme_factory(parse_scheme_spec("pbd"));
  const auto audited = run_stepper(p, pbd, 30, 1);
  const Disks<double> disks(o.disks);
  SampleRecorder<double> rec(std::vector<double>(p.sampled->times.begin() + 1, p.sampled->times.end()));
  integrate(disks, Pbd<double>{}, 30, rec);
  ASSERT_TRUE(rec.complete());
  std::vector<Vec<double>> ref(p.sampled->states.begin() + 1, p.sampled->states.end());
  EXPECT_NEAR(audited.row.error_uniform, max_sample_distance(rec.samples(), ref), 1e-14);
}

TEST(DisksAuditProblem, ProbeBasePointsAreFeasibleReferenceStatesAndProjectIsAProjection) {
  TempCache cache("disks");
  const auto o = small_disks();
  const AuditProblem p = disks_audit_problem(o);
  const DisksSet<double> set(o.disks.N, o.disks.R);
  ASSERT_EQ(p.probe_points.size(), o.probe_times.size());
  for (std::size_t k = 0; k < p.probe_points.size(); ++k) {
    const auto& [t, xs] = p.probe_points[k];
    EXPECT_NEAR(t, o.probe_times[k], 1e-12);
    EXPECT_LE(set.max_violation(t, xs), 1e-10);  // PNGS's tolerance, not exact feasibility
    // P_S(y) of y = x* + 0.05 u is feasible and no farther from y than the
    // feasible x* (the definition of a projection).
    Vec<double> u = Vec<double>::Ones(xs.size()).normalized();
    for (Eigen::Index i = 0; i < u.size(); i += 2) u[i] = -u[i];
    const Vec<double> y = xs + 0.05 * u;
    const Vec<double> q = p.project(t, y);
    EXPECT_LE(set.max_violation(t, q), 1e-12);
    EXPECT_LE((q - y).norm(), (xs - y).norm() + 1e-12);
  }
}

TEST(DisksAuditProblem, TimeScaleIsTheFastestDiskCrossingItsRadius) {
  TempCache cache("disks");
  const auto o = small_disks();
  const AuditProblem p = disks_audit_problem(o);
  const Vec<double> x0 = disks_initial_configuration(o.disks);
  double fastest = 0;  // |X_i'| = γ |X_i| at t = 0
  for (int i = 0; i < o.disks.N; ++i) fastest = std::max(fastest, std::hypot(x0[2 * i], x0[2 * i + 1]));
  EXPECT_DOUBLE_EQ(p.time_scale, o.disks.R / fastest);
  EXPECT_EQ(p.view->constraints().size(), 10 * 9 / 2);
  ASSERT_TRUE(p.ladder.has_value());
}

TEST(DisksAuditProblem, ATruncatedReferenceFileIsNamedMovedAsideAndRecomputedNotFatal) {
  // Issue 14: the audit used to stop with "two references have different
  // sample times" on a cut cache file, naming no file.
  TempCache cache("disks");
  const auto o = small_disks();
  const AuditProblem first = disks_audit_problem(o);
  DisksReferenceOptions half = o.reference;
  half.steps /= 2;
  const auto coarse_file = reference_cache_file(half.key(o.disks));
  const auto size = std::filesystem::file_size(coarse_file);
  std::filesystem::resize_file(coarse_file, size / 2);
  const AuditProblem again = disks_audit_problem(o);
  EXPECT_NE(again.notes.find("cache file " + coarse_file.string() + " rejected"), std::string::npos) << again.notes;
  EXPECT_EQ(again.reference_error, first.reference_error);
  EXPECT_EQ(std::filesystem::file_size(coarse_file), size);
  int aside = 0;
  for (const auto& e : std::filesystem::directory_iterator(cache.dir))
    aside += e.path().filename().string().find(".corrupt-") != std::string::npos;
  EXPECT_EQ(aside, 1);
}

TEST(DisksAuditProblem, OptionsThatCannotGiveSampleTimesAreRejectedByName) {
  auto o = small_disks();
  o.probe_times = {0.0333};
  EXPECT_THROW(o.validate(), std::invalid_argument);
  o = small_disks();
  o.reference.steps = 4040;  // 2020 is no multiple of 40 samples
  EXPECT_THROW(o.validate(), std::invalid_argument);
}

TEST(AuditRun, AProblemHasAtMostOneReferenceAndWithoutOneItIsReferenceFree) {
  auto p = audit_problems(1).front();
  const SchemeFactory pbd = catalog_scheme_factory(parse_scheme_spec("pbd"));
  auto both = p;
  both.sampled = std::make_shared<const SampledReference<double>>();
  EXPECT_THROW(run_stepper(both, pbd, 10, 1), std::invalid_argument);
  // Neither (a problem plugin without x(t)): no error of its own, the states
  // at the sample times instead (studies/engine/reference_free.hpp).
  auto neither = p;
  neither.exact = nullptr;
  ASSERT_TRUE(neither.reference_free());
  const auto run = run_stepper(neither, pbd, 10, 1, {0.5 * (p.t0 + p.t_end), p.t_end});
  EXPECT_TRUE(std::isnan(run.row.error_uniform));
  EXPECT_EQ(run.samples.size(), 2u);
}

}  // namespace
}  // namespace sweepcheck
