#pragma once
// The source instrumenter of `palus trace` (DESIGN §3): copies the library into a shadow tree and
// inserts a probe of the trace runtime (models/runtime/palus_trace.hpp) at the start of every
// function body, so the sample program built from the copy records its calls. The user's files
// are never written.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "models/trace_event.hpp"

namespace palus::models {

struct InstrumentRequest {
  std::filesystem::path root;                  ///< project root (the config's folder)
  std::vector<std::filesystem::path> sources;  ///< library .cpp files (absolute)
  std::vector<std::filesystem::path> headers;  ///< the project's own headers to instrument (absolute)
  /// Compile flags of the sources; relative -I/-iquote/-isystem/-idirafter folders are taken
  /// relative to `root`.
  std::vector<std::string> flags;
  std::filesystem::path out;  ///< shadow root, e.g. .palus/trace/src; belongs to the instrumenter
};

struct InstrumentResult {
  /// Index i is the probe `i` inserted in the copy (the `callable` of trace events). Numbered
  /// over the sources, then the headers, in the order given, then by position in the file.
  std::vector<ProbeInfo> probes;
  std::vector<std::filesystem::path> shadow_sources;  ///< out/<source relative to root>, in order
  /// The flags with every include folder under root preceded by its shadow folder, so the copy's
  /// headers win and files that were not copied still resolve to the originals.
  std::vector<std::string> shadow_flags;
  std::uint64_t table_hash = 0;  ///< probe_table_hash(probes)
};

/// Writes out/<path relative to root> for every source and header (instrumented) and for every
/// other file under root they include (as is, so that quoted includes resolve inside the copy),
/// and removes files under `out` it did not write.
///
/// Probes go into every function definition with a body in those files: free functions, methods,
/// static methods, constructors (after the mem-initializers), destructors, operators, private ones,
/// those in anonymous namespaces, inline functions and template definitions (one probe per
/// definition in the text). Left alone: constexpr and consteval functions, defaulted and deleted
/// ones, lambdas, coroutines, function-try-blocks, bodies written by a macro, operator new and
/// delete (the runtime allocates). A probe is inserted right after the body's `{` on the same
/// line, so line numbers do not change.
///
/// Throws UserError for a file outside root, a file that cannot be read or written, or code that
/// does not compile (file:line:col).
InstrumentResult instrument(const InstrumentRequest& request);

}  // namespace palus::models
