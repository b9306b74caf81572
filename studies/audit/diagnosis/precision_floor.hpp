#pragma once
// A settled level the diagnosis reads (the error that stalls, the violation
// that does not vanish, the step's displacement that does not shrink with h)
// against the round-off floors of double and single precision (issue 47).
// Pure arithmetic: tested with known answers in precision_floor_test.cpp.
//
// The floors. Rounding a number x to a format with machine epsilon ε (the gap
// from 1 to the next number: 2^-52 for double, 2^-23 = 1.19e-7 for float)
// moves it by at most u |x|, u = ε/2. Rounding a state vector coordinate by
// coordinate moves it by at most u ‖x‖ in the Euclidean norm (each coordinate
// by u |x_i|). So one rounding of the state, or of a temporary of the size of
// the state, leaves a floor F = ε ‖x‖ · c with c <= 1/2 for the state alone.
//
// Settled or accumulated. A scheme that keeps x in float rounds it once per
// step. Whether those roundings add up depends on what the level measures:
// - the violation d_S(x_k) after a projection: the projection puts x on S and
//   the rounding moves it off by at most u ‖x‖; the next step projects again,
//   so nothing accumulates: the level is F with steps = 1, whatever n is;
// - the error against the exact solution: a rounding per step, propagated by
//   a stable step (the projections are non-expansive, the field Lipschitz),
//   sums to at most e^{LT} n u ‖x‖ (a biased rounding, e.g. h f below half an
//   ulp of x, adds up linearly; an unbiased one like √n). Such an error grows
//   as h shrinks (n = T/h grows). An error that stays at one level while n
//   grows at least 4-fold over the finest rows is not accumulating: the projections
//   reset it each step (a state held against the constraints), steps = 1.
// So the caller passes steps = 1 for a level that settles as h -> 0 (it is
// the same at every n over the rows read), and steps = n for a level that
// grows with n.
//
// The small factor. A level is single-precision round-off when
//   ε_f ‖x‖ / kBelow <= level <= kAbove · ε_f ‖x‖ · steps.
// - Above (kAbove = 8): rounding the state alone gives at most 1/2; a step
//   computed in float adds the rounding of each of its operations on numbers
//   of the size of x (x + h f: two; a projection: a difference, a norm of a
//   few coordinates with relative error about (k/2) u for k terms, a scaling),
//   about 16 u = 8 ε_f in all for the few-coordinate constraints of the
//   battery.
// - Below (kBelow = 64): the rounding of a coordinate is at most half its ulp,
//   and an ulp is a power of two between ε|x_i|/2 and ε|x_i|; a constraint sees
//   only the coordinates of its bodies, which can be a fraction of ‖x‖ (the
//   disks: one disk of 40 holds about 1/√40 = 0.16 of the norm), and the
//   largest rounding over a run along the constraint's normal comes near, not
//   to, that half ulp: 1/2 (half an ulp) · 1/2 (the ulp's lower end) · 1/8 (a
//   body at 1/8 of the norm, about a disk of 40) · 1/2 (the normal shared by
//   two coordinates, and the run's largest short of the bound) = 1/64.
// The double floor is the same band for ε_d = 2^-52 (at or below it: the
// arithmetic's own). The floors are 2^29 (5e8) apart, the bands 2^20 (1e6)
// for steps = 1, so no settled level can be both; for an accumulated level
// (steps = n) they meet when 8 ε_d n >= ε_f / 64, n >= 2^20: then the level
// is `ambiguous` and said so, not guessed.
// Anything above the single band is a slack, a tolerance or another solution;
// anything between the bands is neither precision's round-off (a tolerance of
// that size), never called either.
#include <cstdint>
#include <string>

namespace sweepcheck {

inline constexpr double kEpsDouble = 2.220446049250313e-16;  // 2^-52
inline constexpr double kEpsSingle = 1.1920928955078125e-07;  // 2^-23
inline constexpr double kFloorAbove = 8;   // the band's upper factor (see above)
inline constexpr double kFloorBelow = 64;  // the band's lower divisor (see above)

enum class FloorKind {
  double_roundoff,  // at or below double's floor: the arithmetic's own, nothing to say
  between,          // above double's band, below single's: neither precision's round-off
  single_roundoff,  // within single's band: "single-precision round-off in the state or in the step"
  above,            // above single's band: a slack, a tolerance, another solution
  ambiguous,        // the two bands overlap (steps >= 2^20): cannot tell
};

struct PrecisionFloor {
  FloorKind kind = FloorKind::above;
  double single_floor = 0;  // ε_f ‖x‖ steps
  double double_floor = 0;  // ε_d ‖x‖ steps
  double factor = 0;        // level / single_floor: "0.4 ε_f ‖x‖"
};

// `level` against the floors for a state of norm `scale` (RunRow::scale,
// max_k ‖x_k‖; <= 0 is read as 1) over `steps` roundings that add up (1 for
// a settled level). A non-finite or negative level is `above` (it is no
// round-off).
PrecisionFloor classify_floor(double level, double scale, std::int64_t steps = 1);

// "0.42 ε_f ‖x‖" (steps 1) or "0.42 ε_f ‖x‖ n with n = 240000": the level in
// units of the single floor, for the findings' text.
std::string floor_words(const PrecisionFloor& p, std::int64_t steps = 1);

}  // namespace sweepcheck
