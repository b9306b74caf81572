#pragma once
// One way to get a value back from a child process (run_in_child,
// studies/runs/isolated_run.hpp): the child's work returns child_value(v...),
// the run codec's bytes (studies/runs/run_codec.hpp: doubles as their 8
// bytes, never as text, so a value computed in a child is the very value the
// host would have computed), and the host reads them back with
// read_child_value(payload, v...), which throws when the payload is not
// exactly the values asked for. Every isolated computation uses these two,
// whatever it sends: a run, a probe, two hashes, a scale or a cause.
//
// A type travels when codec::encode / codec::decode, or an encode / decode
// found beside the type (argument-dependent lookup), handle it.
#include <stdexcept>
#include <string>
#include <utility>

#include "studies/runs/run_codec.hpp"

namespace sweepcheck {

// The child's side: the values as the bytes its work returns.
template <class... T>
std::string child_value(const T&... v) {
  using codec::encode;
  codec::Writer w;
  (encode(w, v), ...);
  return std::move(w.bytes);
}

// The host's side: the values back from a child's payload, every byte of it
// read. A short or a long payload throws std::runtime_error: the child ran
// untrusted code, which may have corrupted its memory, the payload included.
template <class... T>
void read_child_value(const std::string& payload, T&... v) {
  using codec::decode;
  codec::Reader r{payload.data(), payload.data() + payload.size()};
  (decode(r, v), ...);
  if (r.p != r.end) throw std::runtime_error("run codec: trailing bytes");
}

}  // namespace sweepcheck
