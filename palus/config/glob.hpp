#pragma once
// Glob patterns in palus.yaml ("src/*.cpp", "include/**/*.hpp").

#include <filesystem>
#include <string_view>
#include <vector>

namespace palus {

/// True when `pattern` contains a glob metacharacter (*, ? or [), i.e. it is not a plain path.
bool has_glob_magic(std::string_view pattern);

/// Expands `pattern` with POSIX glob(3) rules: relative patterns are relative to `base` (an
/// absolute folder), absolute patterns are taken as they are. A path component that is exactly
/// "**" matches any number (zero or more) of folders; a trailing "**" matches every file below.
/// Like glob(3), wildcards do not match names starting with '.', and "**" does not descend into
/// hidden folders. Returns the existing files and folders that match, as absolute, lexically
/// normal paths, sorted and without duplicates; empty when nothing matches. Throws UserError
/// when glob(3) fails for another reason than "no match" (e.g. out of memory, unreadable folder).
std::vector<std::filesystem::path> expand_glob(const std::filesystem::path& base, std::string_view pattern);

}  // namespace palus
