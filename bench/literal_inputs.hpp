#pragma once
// Literal inputs for the benchmark's random sequences: booleans, small integers, enumerators of
// the parameter's enum, and strings chosen by the parameter's name (URLs for `url`, SQL for
// `sql`, ...) or mined from the callable's body.

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::bench {

/// A uniform pick from a non-empty vector (rng() % size: the same on every standard library).
template <typename T>
const T& one_of(const std::vector<T>& items, std::mt19937_64& rng) {
  return items[rng() % items.size()];
}

/// Whether an integer type is unsigned ("std::size_t", "unsigned int", "std::uint8_t", ...).
bool is_unsigned_type(const std::string& base);

class LiteralPicker {
 public:
  explicit LiteralPicker(const api::Api& api);

  /// A literal for parameter `p` of `c`; nullopt when p does not take a literal.
  std::optional<harness::protocol::Input> pick(const api::Callable& c, const api::Param& p, std::mt19937_64& rng) const;

 private:
  std::string pick_string(const api::Callable& c, const api::Param& p, std::mt19937_64& rng) const;

  std::map<std::string, std::vector<std::int64_t>> enums_;  ///< enumerator values by enum name
};

}  // namespace palus::bench
