#pragma once
// What the coverage of the library covers: the folders of its sources and its headers, as
// gcovr's filters and as GCC's instrumentation filter for the tests' own translation units.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "palus/config/config.hpp"

namespace palus::suite {

/// The folders of the library's sources, and its headers one by one (a header-only library's
/// folder may be /usr/include, which holds the standard library too).
std::set<std::filesystem::path> coverage_folders(const Config& config);

/// `path` as a regex for gcovr (which takes a filter that starts with '/' as an absolute path):
/// a folder matches what lies below it, a file itself.
std::string folder_filter(const std::filesystem::path& folder);

/// Coverage flags of a test source: --coverage, and with GCC -fprofile-filter-files naming the
/// coverage folders, so that only the library's inline code is instrumented there and not the
/// test's own assertions (which halves the compile of a test file and its gcov data).
std::vector<std::string> test_coverage_flags(const Config& config);

}  // namespace palus::suite
