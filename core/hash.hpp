#pragma once
// FNV-1a, 64 bits: stable across runs and machines. Over bytes (fnv1a: object names, probe
// tables) or mixing 64-bit words (the structural hashes of sequences and of what a statement did).

#include <cstdint>
#include <string_view>

namespace palus::hash {

inline constexpr std::uint64_t kSeed = 0xcbf29ce484222325ull;
inline constexpr std::uint64_t kPrime = 0x100000001b3ull;

/// `h` with the word `v` mixed in.
constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return (h ^ v) * kPrime; }

/// FNV-1a of the bytes of `text`.
constexpr std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t h = kSeed;
  for (unsigned char ch : text) h = mix(h, ch);
  return h;
}

}  // namespace palus::hash
