#pragma once
// Values written as text in palus.yaml and on the command line: durations ("60s") and sizes
// ("2GiB"). Shared by the config loader and the CLI so both accept exactly the same spellings.

#include <chrono>
#include <cstdint>
#include <string_view>

namespace palus {

/// Parses a duration: a non-negative number (integer or decimal) followed by one of the units
/// ms, s, m, h, optionally separated by spaces: "60s", "500ms", "2m", "1h", "1.5s".
/// The result is rounded to the nearest millisecond. Throws UserError (no location; callers
/// add it) "expected a duration like 60s, 500ms or 2m, got '<text>'" when malformed or too large.
std::chrono::milliseconds parse_duration(std::string_view text);

/// Parses a size in bytes: a non-negative number, optionally followed by a unit B, KB, MB, GB, TB
/// (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024); units are case-insensitive, "K",
/// "M", "G", "T" mean the binary ones. "2GiB", "512MiB", "100MB", "1024", "64KiB".
/// Rounded down to whole bytes. Throws UserError
/// "expected a size like 2GiB, 512MiB, 100MB or 1024 (bytes), got '<text>'" when malformed.
std::uint64_t parse_size(std::string_view text);

/// One of N shares of a run (palus run --shard K/N, DESIGN §12); 1/1 is the whole run.
struct Shard {
  std::uint32_t index = 1;  ///< K, 1-based
  std::uint32_t count = 1;  ///< N
  bool whole() const { return count == 1; }
};

/// Parses "K/N" with 1 <= K <= N <= 10000. Throws UserError (no location; callers add it)
/// "expected a shard like 2/4 (K of N, 1 <= K <= N), got '<text>'" when malformed.
Shard parse_shard(std::string_view text);

/// The seed a shard generates with: `seed` itself for the whole run, else a stream of its own
/// derived from `seed`, K and N (the same on every machine).
std::uint64_t shard_seed(std::uint64_t seed, Shard shard);

}  // namespace palus
