#pragma once
// Pieces of the generated build.ninja files shared by the harness build and the builds of
// generated tests (palus/suite): the compiler, the instrumentation flags of a variant, quoting
// for ninja, object names and the rules.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace palus::harness {

/// The C++ compiler: $CXX when set and not empty, else "c++".
std::string compiler();

/// Compile flags of an instrumented variant, as the sanitizers' documentation recommends (DESIGN §7):
/// -O1 -g -fno-omit-frame-pointer -fno-optimize-sibling-calls -Wno-error, then sanitize_flags(sanitizers),
/// with UBSan's checks recoverable (harness/runtime/recover.hpp).
std::vector<std::string> instrumentation_flags(const std::vector<std::string>& sanitizers);

/// "-fsanitize=a,b" and "-fno-sanitize-recover=all"; empty without sanitizers. The first of them
/// is also what a link needs.
std::vector<std::string> sanitize_flags(const std::vector<std::string>& sanitizers);

/// A command-line fragment inside build.ninja: shell-quoted words, then `$` escaped for ninja.
std::string ninja_words(const std::vector<std::string>& words);

/// A path in a build statement: `$`, space and colon escaped.
std::string ninja_path(const std::filesystem::path& path);

/// "obj/lib/<stem>-<8 hex digits of the path's hash>.o": one object per library source, distinct
/// for sources of the same name in different folders.
std::string library_object(const std::filesystem::path& source);

/// The first lines of a generated build.ninja: `comment`, the compiler as $cxx, and the rules
/// cxx (flags in $flags, header dependencies through a depfile), archive and link ($libs after $in).
std::string ninja_prelude(const std::string& comment);

}  // namespace palus::harness
