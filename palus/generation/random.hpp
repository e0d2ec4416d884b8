#pragma once
// The one seeded random generator every choice of a generation run comes from (DESIGN §6).
// Choices use only `next()`, so they are the same on every standard library.

#include <cstdint>
#include <random>
#include <vector>

namespace palus::generation {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}

  std::uint64_t next() { return engine_(); }
  /// Uniform in [0, n); n > 0.
  std::uint64_t below(std::uint64_t n) { return engine_() % n; }
  /// True with probability `p`.
  bool chance(double p) { return static_cast<double>(engine_() >> 11) * 0x1.0p-53 < p; }
  /// Uniform in [0, 1).
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

  template <typename T>
  const T& one_of(const std::vector<T>& items) {
    return items[below(items.size())];
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace palus::generation
