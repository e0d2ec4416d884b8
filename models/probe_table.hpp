#pragma once
// probes.yaml: the probe table of an instrumented copy (models/instrumenter.hpp). A trace names
// callables by probe index; this file says what each index is. The hash ties a trace to the
// table it was recorded with.

#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

#include "models/trace_event.hpp"

namespace palus::models {

struct ProbeTable {
  std::uint64_t hash = 0;
  std::vector<ProbeInfo> probes;  ///< index i = probe i
};

/// 64-bit FNV-1a over every field of every probe, in order: stable across runs and machines.
std::uint64_t probe_table_hash(const std::vector<ProbeInfo>& probes);

/// "function", "method", "constructor", "destructor".
std::string_view to_string(ProbeRole role);

/// Writes `path` atomically:
///   hash: 0123456789abcdef
///   probes:
///     - {index: 0, id: "ns::f(int)", owner: "", role: function, static: false, file: src/f.cpp, line: 3}
void write_probe_table(const std::filesystem::path& path, const std::vector<ProbeInfo>& probes, std::uint64_t hash);

/// Reads what write_probe_table wrote. Throws UserError "<path>:<line>: expected ..." for a
/// malformed file (YAML syntax, missing or unknown key, bad value, indices out of order) and
/// "<path>: cannot read ..." when it cannot be opened.
ProbeTable read_probe_table(const std::filesystem::path& path);

}  // namespace palus::models
