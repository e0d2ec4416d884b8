#pragma once
// FNV-1a over 64-bit words: the structural hashes of sequences and of what a statement did.

#include <cstdint>

namespace palus::generation {

inline constexpr std::uint64_t kHashSeed = 0xcbf29ce484222325ull;

inline std::uint64_t hash_mix(std::uint64_t h, std::uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

}  // namespace palus::generation
