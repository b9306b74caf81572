#pragma once
// Bit-exact byte encoding of run results, so runs done on another MPI rank
// come back as the very same values (studies/runs/run_distribution.hpp). Doubles
// travel as their 8 bytes, never as text: a distributed study must be byte
// identical to a single-process one. (reports/results_csv.* round-trips rows
// through text for files; studies/ may not depend on reports/, and the wire
// needs no text.) All ranks run the same binary, so byte order and layout agree.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck::codec {

struct Writer {
  std::string bytes;
  template <class T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void raw(const T& v) {
    bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
};

struct Reader {
  const char* p;
  const char* end;
  template <class T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void raw(T& v) {
    if (end - p < static_cast<std::ptrdiff_t>(sizeof v)) throw std::runtime_error("run codec: truncated message");
    std::memcpy(&v, p, sizeof v);
    p += sizeof v;
  }
};

template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
void encode(Writer& w, const T& v) { w.raw(v); }
template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
void decode(Reader& r, T& v) { r.raw(v); }

inline void encode(Writer& w, const std::string& s) {
  w.raw(static_cast<std::uint64_t>(s.size()));
  w.bytes += s;
}
inline void decode(Reader& r, std::string& s) {
  std::uint64_t n = 0;
  r.raw(n);
  if (static_cast<std::uint64_t>(r.end - r.p) < n) throw std::runtime_error("run codec: truncated string");
  s.assign(r.p, n);
  r.p += n;
}

inline void encode(Writer& w, const Vec<double>& x) {
  w.raw(static_cast<std::int64_t>(x.size()));
  for (Eigen::Index i = 0; i < x.size(); ++i) w.raw(x[i]);
}
inline void decode(Reader& r, Vec<double>& x) {
  std::int64_t n = 0;
  r.raw(n);
  if (n < 0 || n > (r.end - r.p) / 8) throw std::runtime_error("run codec: bad vector length");
  x.resize(n);
  for (Eigen::Index i = 0; i < n; ++i) r.raw(x[i]);
}

template <class T>
void encode(Writer& w, const std::vector<T>& v);
template <class T>
void decode(Reader& r, std::vector<T>& v);

inline void encode(Writer& w, const Work& x) {
  w.raw(x.constraint_evaluations), w.raw(x.projections), w.raw(x.sweeps), w.raw(x.inner_iterations), w.raw(x.field_evaluations);
}
inline void decode(Reader& r, Work& x) {
  r.raw(x.constraint_evaluations), r.raw(x.projections), r.raw(x.sweeps), r.raw(x.inner_iterations), r.raw(x.field_evaluations);
}

// Every field of RunRow, in declaration order. The size check trips when a
// field is added (not always: a bool may fit in padding, as `refined` did), so the codec is updated with it (a forgotten field would
// make MPI runs silently differ; the ctest mpi.* comparison would catch it too).
static_assert(sizeof(RunRow) == 3 * sizeof(std::string) + 200, "RunRow changed: update studies/runs/run_codec.hpp");  // + 8: Work::field_evaluations (encoded with Work); + 32: the grid phases
template <class Io, class Row>
void fields(Io& io, Row& x) {
  io(x.problem), io(x.parameters), io(x.scheme), io(x.h), io(x.steps), io(x.t_end), io(x.error_uniform),
      io(x.error_grid), io(x.violation), io(x.max_increment), io(x.scale), io(x.noise_floor), io(x.work),
      io(x.wall_seconds), io(x.status), io(x.fail_step), io(x.inner_cap_hits), io(x.claimed_order),
      io(x.claim_is_sharp), io(x.refined), io(x.error_final), io(x.phases), io(x.phase), io(x.error_phase_best),
      io(x.phase_work_units), io(x.events);
}
inline void encode(Writer& w, const RunRow& x) {
  auto io = [&w](const auto& v) { encode(w, v); };
  fields(io, x);
}
inline void decode(Reader& r, RunRow& x) {
  auto io = [&r](auto& v) { decode(r, v); };
  fields(io, x);
}

template <class T>
void encode(Writer& w, const std::vector<T>& v) {
  w.raw(static_cast<std::uint64_t>(v.size()));
  for (const auto& x : v) encode(w, x);
}
template <class T>
void decode(Reader& r, std::vector<T>& v) {
  std::uint64_t n = 0;
  r.raw(n);
  if (n > static_cast<std::uint64_t>(r.end - r.p)) throw std::runtime_error("run codec: bad list length");
  v.resize(n);
  for (auto& x : v) decode(r, x);
}

}  // namespace sweepcheck::codec
