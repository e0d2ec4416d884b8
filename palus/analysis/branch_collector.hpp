#pragma once
// The branch conditions of one function body and what they depend on (DESIGN §13): parameters,
// fields of the object or of parameter objects, calls that read the environment, followed through
// the function's local variables (every assignment to a local counts, wherever it is).

#include <clang-c/Index.h>

#include <functional>
#include <string>

#include "palus/uncovered/branch_map.hpp"

namespace palus::analysis {

/// Whether a file holds the library's own code (not the system's, not another library's).
using LibraryFileTest = std::function<bool(const std::string& file)>;

/// Appends the branch sites of `definition` (a function definition) and its span to `map`.
void collect_branches(CXCursor definition, const LibraryFileTest& in_library, uncovered::BranchMap& map);

/// True when a call to `callee` (not in the library) reads the world outside the program: files,
/// streams, the environment, the clock, random devices, sockets, processes.
bool reads_environment(CXCursor callee);

}  // namespace palus::analysis
