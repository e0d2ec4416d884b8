#pragma once
// Reads a trace recorded by the trace runtime (models/runtime/palus_trace.hpp) in the layout of
// models/runtime/trace_format.hpp. Only the committed bytes count: a program that crashed or was
// killed leaves a readable trace whose `complete` is false.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>

#include "models/trace_event.hpp"

namespace palus::models {

/// A trace file that is not readable; the message names the file, the byte offset and what was
/// expected ("trace: byte 1234: expected an event kind (1-3), found 9").
struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct TraceHeader {
  std::uint32_t version = 0;
  bool has_table_hash = false;  ///< the program set the probe table hash
  std::uint64_t table_hash = 0;
  std::uint64_t committed_end = 0;  ///< file offset just past the last complete event
  bool complete = false;            ///< the program finished normally (exit or return from main)
};

/// Reads the header, then calls `visit` with each event in recording order. The event object is
/// reused from call to call: copy what you keep.
TraceHeader for_each_event(const std::filesystem::path& file, const std::function<void(const TraceEvent&)>& visit);

/// The whole trace in memory.
Trace read_trace(const std::filesystem::path& file);

}  // namespace palus::models
