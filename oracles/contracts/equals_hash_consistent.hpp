#pragma once
// Contract equals_hash_consistent (DESIGN §8): a == b implies std::hash<T>(a) == std::hash<T>(b).

#include <functional>
#include <string>

#include "oracles/contracts/exception_text.hpp"

namespace palus::contracts {

/// Empty when `a == b` is false or both hash alike; else what went wrong.
template <typename T>
std::string equals_hash_consistent(const T& a, const T& b) {
  try {
    if (!static_cast<bool>(a == b)) return {};
  } catch (...) {
    return threw("a == b");
  }
  std::size_t hash_a = 0, hash_b = 0;
  try {
    hash_a = std::hash<T>{}(a);
    hash_b = std::hash<T>{}(b);
  } catch (...) {
    return threw("std::hash");
  }
  if (hash_a == hash_b) return {};
  return "a == b but std::hash differs: " + std::to_string(hash_a) + " vs " + std::to_string(hash_b);
}

}  // namespace palus::contracts
