// Built as C++17 (Boost 1.74's uBLAS, used by Siconos, calls
// std::allocator::construct, removed in C++20). See siconos_lcs.hpp.
#include "studies/runs/siconos_lcs.hpp"

#include <SiconosKernel.hpp>
#include <cmath>
#include <mutex>
#include <stdexcept>

namespace sweepcheck {

namespace {

// Siconos' b(t) plugin is a plain function pointer without user data: the
// current problem is held here, under a mutex for the whole run.
std::mutex g_mutex;
const LcsData<double>* g_lcs = nullptr;
double g_h = 0;

void input_b(double t, unsigned int n, double* b, unsigned int, double*) {
  const auto k = std::llround(t / g_h);  // step index: u at t_k = k h exactly as sweepcheck does
  const double u = g_lcs->input.value(double(k) * g_h);
  for (unsigned int i = 0; i < n; ++i) b[i] = g_lcs->E[i] * u;
}

SP::SimpleMatrix to_siconos(const Mat<double>& m) {
  auto s = std::make_shared<SimpleMatrix>(static_cast<unsigned>(m.rows()), static_cast<unsigned>(m.cols()));
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) (*s)(i, j) = m(i, j);
  return s;
}

}  // namespace

bool siconos_available() { return true; }
std::string siconos_unavailable_reason() { return ""; }

SiconosTrajectory run_siconos_euler_moreau(const LcsData<double>& lcs, std::int64_t n, double theta) {
  lcs.validate();
  if (n < 1) throw std::invalid_argument("run_siconos_euler_moreau: n must be >= 1");
  std::lock_guard lock(g_mutex);
  const double T = lcs.t_end;
  const double h = T / double(n);
  g_lcs = &lcs;
  g_h = h;
  const unsigned nx = static_cast<unsigned>(lcs.n()), m = static_cast<unsigned>(lcs.m());

  auto x0 = std::make_shared<SiconosVector>(nx);
  for (unsigned i = 0; i < nx; ++i) (*x0)(i) = lcs.x0[i];
  auto ds = std::make_shared<FirstOrderLinearDS>(x0, to_siconos(lcs.A));
  ds->setComputebFunction(input_b);

  auto rel = std::make_shared<FirstOrderLinearTIR>(to_siconos(lcs.C), to_siconos(lcs.B));
  auto e = std::make_shared<SiconosVector>(m);
  auto set_e = [&](std::int64_t k) {
    const double u = lcs.input.value(double(k) * h);
    for (unsigned i = 0; i < m; ++i) (*e)(i) = lcs.G[i] * u + lcs.F[i];
  };
  set_e(0);
  rel->setePtr(e);
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(m), rel);

  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h));
  sim->insertIntegrator(std::make_shared<EulerMoreauOSI>(theta));
  sim->insertNonSmoothProblem(std::make_shared<LCP>());

  SiconosTrajectory out;
  out.t.push_back(0.0);
  out.x.push_back(lcs.x0);
  for (std::int64_t k = 0; k < n; ++k) {
    if (!sim->hasNextEvent()) throw std::runtime_error("Siconos stopped after " + std::to_string(k) + " steps of " + std::to_string(n));
    set_e(k + 1);  // the LCP of step k is posed at t_{k+1}
    sim->computeOneStep();
    Vec<double> x(nx);
    for (unsigned i = 0; i < nx; ++i) x[i] = (*ds->x())(i);
    if (!all_finite(x)) throw std::runtime_error("Siconos produced a non-finite state at step " + std::to_string(k + 1));
    out.t.push_back(double(k + 1) * h);
    out.x.push_back(x);
    sim->nextStep();
  }
  g_lcs = nullptr;
  return out;
}

}  // namespace sweepcheck
