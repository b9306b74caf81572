#pragma once
// The reference-free order estimate: Richardson extrapolation on the ladder
// itself, with Roache's grid convergence index (GCI) and the asymptotic-range
// indicator (Roache 1994, "Perspective: a method for uniform reporting of grid
// refinement studies", J. Fluids Eng. 116; Celik et al. 2008, "Procedure for
// estimation and reporting of uncertainty due to discretization in CFD
// applications", J. Fluids Eng. 130, eqs. (3)-(4) for non-constant ratios).
// The rule and its reasoning: studies/engine/richardson.md.
//
// Input: step sizes h_1 < h_2 < ... < h_N (finest first) and the N − 1
// differences d_i = ‖x_{h_i} − x_{h_{i+1}}‖ of successive solutions, measured
// in one norm at common sample times. No exact solution and no reference run
// enters anywhere.
#include <limits>
#include <string>
#include <vector>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

struct RichardsonOptions {
  // Roache's factor of safety for three or more grids.
  double safety_factor = 1.25;
  // The two finest triples are in the asymptotic range when their orders
  // agree to this (for a constant ratio r: |ln I| <= tolerance · ln r, I the
  // indicator); it is the window tolerance of fit_order.md halved.
  double order_tolerance = 0.1;
  // Smallest half-width of the claim test (fit_order.md's resolution).
  double resolution = 0.05;
  // Orders searched in (0, max_order]; beyond that the differences do not
  // behave like a power of h at all.
  double max_order = 20;
  // As FitOptions::floor_factor.
  double floor_factor = 10;

  void validate() const;
};

// One triple of grids (h_a < h_b < h_c) and its two differences.
struct RichardsonTriple {
  double h_fine = 0, h_mid = 0, h_coarse = 0;
  double d_fine = 0;    // ‖x_{h_a} − x_{h_b}‖ (Celik's ε_21)
  double d_coarse = 0;  // ‖x_{h_b} − x_{h_c}‖ (ε_32)
  // Observed order solving d_coarse / d_fine = r21^p (r32^p − 1)/(r21^p − 1)
  // (Celik et al., (3)-(4) with s = 1: differences are norms); NaN when no
  // p in (0, max_order] does (the differences do not shrink as h does).
  double order = std::numeric_limits<double>::quiet_NaN();
  // GCI_21 = Fs d_fine/(r21^p − 1): the estimated bound on the error of x_{h_a};
  // GCI_32 = Fs d_coarse/(r32^p − 1), the same for x_{h_b}.
  double gci_fine = std::numeric_limits<double>::quiet_NaN();
  double gci_coarse = std::numeric_limits<double>::quiet_NaN();
};

struct RichardsonEstimate {
  std::vector<double> h;            // ascending
  std::vector<double> differences;  // d_i between h[i] and h[i + 1]
  std::vector<RichardsonTriple> triples;  // finest first, the usable ones (above the noise floor)
  int dropped_floor = 0;                  // triples left out at round-off level
  // From the finest triple: the order and the GCI of the finest solution.
  double order = std::numeric_limits<double>::quiet_NaN();
  double gci = std::numeric_limits<double>::quiet_NaN();
  // Roache's asymptotic-range indicator GCI_32 / (r21^p GCI_21) on the second
  // finest triple, with p the finest triple's order: 1 when both triples
  // follow one power law (r^{Δp} for a constant ratio r). NaN with three
  // grids, where it is 1 by construction and proves nothing.
  double indicator = std::numeric_limits<double>::quiet_NaN();
  double drift = std::numeric_limits<double>::quiet_NaN();  // |order − order of the second triple|
  bool asymptotic = false;
  double expected_order = std::numeric_limits<double>::quiet_NaN();
  bool expected_is_sharp = false;
  FitVerdict verdict = FitVerdict::inconclusive;
  std::string reason;  // one sentence: why this verdict
};

// The order of one triple (exposed for tests).
double richardson_order(double h_fine, double h_mid, double h_coarse, double d_fine, double d_coarse,
                        double max_order = 20);

// Throws std::invalid_argument for malformed input (sizes, h not ascending,
// negative or NaN differences). A zero or non-finite difference is not an
// error: the triples that contain it have no order.
//
// noise_floors (empty, or one per difference): a triple whose difference is
// below floor_factor times its floor is round-off, not discretisation error,
// and is left out; the estimate uses the finest triples that remain.
RichardsonEstimate richardson_estimate(const std::vector<double>& h, const std::vector<double>& differences,
                                       double expected_order = std::numeric_limits<double>::quiet_NaN(),
                                       bool expected_is_sharp = false, const RichardsonOptions& opt = {},
                                       const std::vector<double>& noise_floors = {});

// One line for summaries: "p = 1.02 (GCI 3.1e-04, indicator 1.01, asymptotic)".
std::string describe(const RichardsonEstimate& e);

}  // namespace sweepcheck
