#include "palus/config/config_values.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/text.hpp"

namespace palus {
namespace {

/// A number followed by a unit, as split by split_number_and_unit.
struct NumberAndUnit {
  double number = 0;
  std::string unit;  ///< lower-cased, surrounding spaces removed; empty when there is none
};

using text::trim;

/// "1.5 GiB" -> {1.5, "gib"}. Only plain decimal numbers (no sign, exponent, hex, inf or nan),
/// so that "1e3s" or "-2s" are rejected rather than silently read.
std::optional<NumberAndUnit> split_number_and_unit(std::string_view text) {
  text = trim(text);
  std::size_t end = 0;
  bool seen_digit = false;
  bool seen_point = false;
  for (; end < text.size(); ++end) {
    const char c = text[end];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      seen_digit = true;
    } else if (c == '.' && !seen_point) {
      seen_point = true;
    } else {
      break;
    }
  }
  if (!seen_digit) return std::nullopt;
  NumberAndUnit result;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + end, result.number);
  if (ec != std::errc() || ptr != text.data() + end || !std::isfinite(result.number)) return std::nullopt;
  for (const char c : trim(text.substr(end))) {
    if (!std::isalpha(static_cast<unsigned char>(c))) return std::nullopt;
    result.unit += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return result;
}

struct Unit {
  std::string_view name;
  double factor;
};

std::optional<double> factor_of(std::string_view unit, const auto& units) {
  for (const Unit& u : units) {
    if (u.name == unit) return u.factor;
  }
  return std::nullopt;
}

}  // namespace

std::chrono::milliseconds parse_duration(std::string_view text) {
  static constexpr std::array<Unit, 4> units{{{"ms", 1.0}, {"s", 1e3}, {"m", 60e3}, {"h", 3600e3}}};
  const auto parts = split_number_and_unit(text);
  const auto factor = parts ? factor_of(parts->unit, units) : std::nullopt;
  // A year in milliseconds is far below this; the bound only keeps the cast well defined.
  constexpr double max_ms = 1e15;
  if (!factor || parts->number * *factor > max_ms) {
    throw UserError(fmt::format("expected a duration like 60s, 500ms or 2m, got '{}'", text));
  }
  return std::chrono::milliseconds(static_cast<std::int64_t>(std::llround(parts->number * *factor)));
}

std::uint64_t parse_size(std::string_view text) {
  constexpr double kib = 1024.0;
  static constexpr std::array<Unit, 14> units{{{"", 1.0},
                                               {"b", 1.0},
                                               {"kb", 1e3},
                                               {"mb", 1e6},
                                               {"gb", 1e9},
                                               {"tb", 1e12},
                                               {"k", kib},
                                               {"m", kib * kib},
                                               {"g", kib * kib * kib},
                                               {"t", kib * kib * kib * kib},
                                               {"kib", kib},
                                               {"mib", kib * kib},
                                               {"gib", kib * kib * kib},
                                               {"tib", kib * kib * kib * kib}}};
  const auto parts = split_number_and_unit(text);
  const auto factor = parts ? factor_of(parts->unit, units) : std::nullopt;
  // 2^63: comfortably inside uint64_t and far above any real memory size.
  constexpr double max_bytes = 9.2e18;
  if (!factor || parts->number * *factor > max_bytes) {
    throw UserError(fmt::format("expected a size like 2GiB, 512MiB, 100MB or 1024 (bytes), got '{}'", text));
  }
  return static_cast<std::uint64_t>(parts->number * *factor);
}

Shard parse_shard(std::string_view text) {
  Shard shard;
  const std::size_t slash = text.find('/');
  const auto whole = [](std::string_view digits, std::uint32_t& out) {
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return !digits.empty() && error == std::errc() && end == digits.data() + digits.size();
  };
  if (slash == std::string_view::npos || !whole(text.substr(0, slash), shard.index) ||
      !whole(text.substr(slash + 1), shard.count) || shard.index < 1 || shard.index > shard.count ||
      shard.count > 10000) {
    throw UserError(fmt::format("expected a shard like 2/4 (K of N, 1 <= K <= N <= 10000), got '{}'", text));
  }
  return shard;
}

std::uint64_t shard_seed(std::uint64_t seed, Shard shard) {
  if (shard.whole()) return seed;
  return hash::mix(hash::mix(hash::mix(hash::kSeed, seed), shard.index), shard.count);
}

}  // namespace palus
