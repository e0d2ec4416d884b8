#include "palus/config/glob.hpp"

#include <glob.h>

#include <algorithm>
#include <string>
#include <system_error>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace palus {
namespace {

/// `path` with glob metacharacters backslash-escaped, so glob(3) matches it literally.
std::string escape_for_glob(const std::string& path) {
  std::string escaped;
  for (const char c : path) {
    if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

/// Runs glob(3) on `pattern` (absolute, may hold escaped literal parts) and appends the matches.
void run_glob(const std::string& pattern, int flags, std::vector<fs::path>& matches) {
  glob_t result{};
  const int status = ::glob(pattern.c_str(), flags, nullptr, &result);
  if (status == 0) {
    for (std::size_t i = 0; i < result.gl_pathc; ++i) matches.emplace_back(result.gl_pathv[i]);
  }
  globfree(&result);
  if (status != 0 && status != GLOB_NOMATCH) {
    throw UserError(fmt::format("cannot expand '{}': {}", pattern,
                                status == GLOB_NOSPACE ? "out of memory" : "cannot read a folder"));
  }
}

bool is_hidden(const fs::path& path) {
  const std::string name = path.filename().string();
  return !name.empty() && name.front() == '.';
}

/// `folder` and every non-hidden folder below it (symbolic links to folders are not followed,
/// so a link cycle cannot make this endless).
std::vector<fs::path> folder_and_descendants(const fs::path& folder) {
  std::vector<fs::path> folders{folder};
  std::error_code error;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    std::error_code entry_error;  // an unreadable entry is skipped, not the end of the walk
    if (!it->is_directory(entry_error) || it->is_symlink(entry_error)) continue;
    if (is_hidden(it->path())) {
      it.disable_recursion_pending();
      continue;
    }
    folders.push_back(it->path());
  }
  return folders;
}

/// glob(3) pattern for `components` inside `folder` (a plain absolute path, escaped here).
std::string pattern_in(const fs::path& folder, std::vector<std::string>::const_iterator first,
                       std::vector<std::string>::const_iterator last) {
  std::string pattern = escape_for_glob(folder.string());
  for (auto it = first; it != last; ++it) {
    if (pattern.empty() || pattern.back() != '/') pattern += '/';
    pattern += *it;
  }
  return pattern;
}

/// Appends the matches of `components` (a relative pattern split at '/') inside `folder`.
void expand_components(const fs::path& folder, const std::vector<std::string>& components,
                       std::vector<fs::path>& matches) {
  const auto double_star = std::find(components.begin(), components.end(), "**");
  if (double_star == components.end()) {
    run_glob(pattern_in(folder, components.begin(), components.end()), 0, matches);
    return;
  }
  // The part before "**" names the starting folders; "**" stands for each of them and every
  // folder below; the part after it is matched inside each of those.
  std::vector<fs::path> starts;
  if (double_star == components.begin()) {
    starts.push_back(folder);
  } else {
    run_glob(pattern_in(folder, components.begin(), double_star), GLOB_ONLYDIR, starts);
  }
  const std::vector<std::string> rest(double_star + 1, components.end());
  const std::vector<std::string> every_name{"*"};
  for (const fs::path& start : starts) {
    std::error_code error;
    if (!fs::is_directory(start, error)) continue;
    for (const fs::path& below : folder_and_descendants(start)) {
      expand_components(below, rest.empty() ? every_name : rest, matches);
    }
  }
}

std::vector<std::string> split_components(const std::string& pattern) {
  std::vector<std::string> components;
  std::size_t start = 0;
  while (start <= pattern.size()) {
    std::size_t slash = pattern.find('/', start);
    if (slash == std::string::npos) slash = pattern.size();
    if (slash > start) components.push_back(pattern.substr(start, slash - start));
    start = slash + 1;
  }
  return components;
}

}  // namespace

bool has_glob_magic(std::string_view pattern) { return pattern.find_first_of("*?[") != std::string_view::npos; }

std::vector<fs::path> expand_glob(const fs::path& base, std::string_view pattern) {
  const std::string text(pattern);
  const fs::path folder = fs::path(text).is_absolute() ? fs::path("/") : base.lexically_normal();
  std::vector<fs::path> matches;
  expand_components(folder, split_components(text), matches);
  for (fs::path& match : matches) match = match.lexically_normal();
  std::sort(matches.begin(), matches.end());
  matches.erase(std::unique(matches.begin(), matches.end()), matches.end());
  return matches;
}

}  // namespace palus
