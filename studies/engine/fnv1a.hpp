#pragma once
// FNV-1a, 64 bits: the one hash of the harness. Cache file names and their
// checksums (studies/runs/reference_cache.hpp, run_row_cache.hpp) and the
// audit's determinism check (the bytes of every state of a run) use it.
#include <cstdint>
#include <span>
#include <string_view>

namespace sweepcheck {

inline constexpr std::uint64_t kFnv1a64Basis = 14695981039346656037ull;
inline constexpr std::uint64_t kFnv1a64Prime = 1099511628211ull;

// Continue a hash `h` over `bytes` (start from kFnv1a64Basis).
inline std::uint64_t fnv1a64(std::span<const unsigned char> bytes, std::uint64_t h = kFnv1a64Basis) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= kFnv1a64Prime;
  }
  return h;
}

inline std::uint64_t fnv1a64(std::string_view text, std::uint64_t h = kFnv1a64Basis) {
  return fnv1a64(std::span<const unsigned char>(reinterpret_cast<const unsigned char*>(text.data()), text.size()), h);
}

}  // namespace sweepcheck
