#include "palus/suite/coverage_scope.hpp"

#include <regex>

#include "harness/codegen/build_tools.hpp"

namespace fs = std::filesystem;

namespace palus::suite {
namespace {

std::string escaped(const std::string& path, bool file) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
  return std::regex_replace(path, special, R"(\$&)") + (file ? "$" : "/");
}

}  // namespace

std::set<fs::path> coverage_folders(const Config& config) {
  std::set<fs::path> folders;
  for (const auto& s : config.project.sources) folders.insert(s.parent_path());
  for (const auto& h : config.project.headers) folders.insert(h);
  return folders;
}

std::string folder_filter(const fs::path& folder) {
  return escaped(fs::weakly_canonical(folder).string(), fs::is_regular_file(folder));
}

std::vector<std::string> test_coverage_flags(const Config& config) {
  std::vector<std::string> flags{"--coverage"};
  if (harness::compiler().find("clang") != std::string::npos) return flags;  // GCC's flag only
  // GCC matches the file names as the compile spells them: the canonical path and the path as
  // configured, when they differ (a symbolic link on the way).
  std::set<std::string> patterns;
  for (const fs::path& folder : coverage_folders(config)) {
    const bool file = fs::is_regular_file(folder);
    patterns.insert(escaped(fs::weakly_canonical(folder).string(), file));
    patterns.insert(escaped(fs::absolute(folder).lexically_normal().string(), file));
  }
  std::string joined;
  for (const auto& p : patterns) {
    if (p.find(';') != std::string::npos) return flags;  // the flag's own separator
    joined += (joined.empty() ? "" : ";") + p;
  }
  if (!joined.empty()) flags.push_back("-fprofile-filter-files=" + joined);
  return flags;
}

}  // namespace palus::suite
