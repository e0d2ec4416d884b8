#pragma once
// Wall time measured on the steady clock, in seconds: what the stages, the generator and the
// checker report about where a run's time went.

#include <chrono>

namespace palus {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace palus
