#include "palus/mutants/program_suite.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string_view>

#include "core/error.hpp"
#include "core/yaml_reader.hpp"
#include "palus/config/glob.hpp"

namespace palus::mutants {

namespace fs = std::filesystem;

namespace {

class ProgramSuiteReader : public YamlReader {
 public:
  ProgramSuiteReader(const fs::path& file) : YamlReader(file.string()), folder_(fs::absolute(file).parent_path()) {}

  std::vector<SuiteProgram> read(const YAML::Node& root) const {
    known_keys(root, {"flags", "link", "programs"});
    std::vector<std::string> flags, link;
    if (const YAML::Node f = root["flags"]; f.IsDefined())
      for (const auto& flag : list(f, "flags")) flags.push_back(absolute_flag(scalar(flag, "flags")));
    if (const YAML::Node l = root["link"]; l.IsDefined())
      for (const auto& flag : list(l, "link")) link.push_back(scalar(flag, "link"));
    std::vector<SuiteProgram> programs;
    std::set<std::string> names;
    for (const auto& p : list(get(root, "programs"), "programs")) {
      known_keys(p, {"name", "sources", "exclude", "runs"});
      SuiteProgram program;
      program.name = scalar(get(p, "name"), "name");
      if (program.name.empty() || program.name.find('/') != std::string::npos || program.name.starts_with('.'))
        fail_at(where(p), "expected a program name without '/' or a leading '.', got '{}'", program.name);
      if (!names.insert(program.name).second) fail_at(where(p), "a second program named '{}'", program.name);
      program.flags = flags;
      program.link = link;
      program.cwd = folder_;
      for (const auto& pattern : list(get(p, "sources"), "sources")) {
        const auto found = expand_glob(folder_, scalar(pattern, "sources"));
        if (found.empty()) fail_at(where(pattern), "'{}' matches no file", pattern.Scalar());
        program.sources.insert(program.sources.end(), found.begin(), found.end());
      }
      if (const YAML::Node e = p["exclude"]; e.IsDefined()) {
        for (const auto& pattern : list(e, "exclude")) {
          const auto left_out = expand_glob(folder_, scalar(pattern, "exclude"));
          std::erase_if(program.sources, [&](const fs::path& s) {
            return std::find(left_out.begin(), left_out.end(), s) != left_out.end();
          });
        }
      }
      if (program.sources.empty()) fail_at(where(p), "expected at least one source in 'sources'");
      for (const auto& r : list(get(p, "runs"), "runs")) read_run(r, program.runs);
      programs.push_back(std::move(program));
    }
    if (programs.empty()) fail_at(where(root), "expected at least one program under 'programs'");
    return programs;
  }

 private:
  /// Fails at the first key of `map` not among `keys`; a node that is no map is left to the reads.
  void known_keys(const YAML::Node& map, std::initializer_list<std::string_view> keys) const {
    if (!map.IsMap()) return;
    for (const auto& entry : map) {
      const std::string key = entry.first.Scalar();
      if (std::find(keys.begin(), keys.end(), key) == keys.end())
        fail_at(where(entry.first), "unknown key '{}' (expected one of: {})", key, fmt::join(keys, ", "));
    }
  }

  void read_run(const YAML::Node& run, std::vector<std::vector<std::string>>& runs) const {
    if (!run.IsMap()) fail_at(where(run), "expected a run as a map with 'args' (and 'each'), got {}", describe(run));
    known_keys(run, {"args", "each"});
    std::vector<std::string> args;
    if (const YAML::Node a = run["args"]; a.IsDefined())
      for (const auto& arg : list(a, "args")) args.push_back(scalar(arg, "args"));
    const YAML::Node each = run["each"];
    if (!each.IsDefined()) {
      runs.push_back(std::move(args));
      return;
    }
    const auto files = expand_glob(folder_, scalar(each, "each"));
    if (files.empty()) fail_at(where(each), "'{}' matches no file", each.Scalar());
    for (const fs::path& file : files) {
      std::vector<std::string> with = args;
      const std::string path = file.lexically_relative(folder_).string();
      for (std::string& arg : with)
        for (std::size_t at = arg.find("{}"); at != std::string::npos; at = arg.find("{}", at + path.size()))
          arg.replace(at, 2, path);
      runs.push_back(std::move(with));
    }
  }

  std::string absolute_flag(const std::string& flag) const {
    if (flag.size() > 2 && flag.starts_with("-I") && fs::path(flag.substr(2)).is_relative())
      return "-I" + (folder_ / flag.substr(2)).lexically_normal().string();
    return flag;
  }

  fs::path folder_;
};

}  // namespace

std::vector<SuiteProgram> read_program_suite(const fs::path& file) {
  return read_yaml_file(file, "a file of test programs (palus mutate --programs)",
                        [&](const YAML::Node& root) { return ProgramSuiteReader(file).read(root); });
}

}  // namespace palus::mutants
