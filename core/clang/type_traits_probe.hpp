#pragma once
// Asks the compiler what each class supports (constructible, copyable, ==, <, std::hash, <<),
// by compiling a probe that evaluates type traits from outside the classes, so access rules
// and deleted or implicit members are judged exactly as a test would see them.

#include <map>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/clang/translation_unit.hpp"

namespace palus::analysis {

/// `probe_file` is a path for the in-memory probe source (never written to disk). Classes whose
/// traits could not be evaluated are missing from the result.
std::map<std::string, api::ClassTraits> probe_traits(const std::vector<std::string>& class_names,
                                                     const std::vector<std::string>& headers,
                                                     const std::vector<std::string>& flags,
                                                     const std::string& probe_file, UnsavedFiles unsaved);

/// `#include "<header>"` lines for every header, in order.
std::string include_lines(const std::vector<std::string>& headers);

}  // namespace palus::analysis
