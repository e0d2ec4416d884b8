#include "palus/config/starter_config.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "oracles/contracts/contract_catalog.hpp"
#include "palus/config/compile_db.hpp"
#include "palus/config/config.hpp"

namespace fs = std::filesystem;

namespace palus {
namespace {

const std::set<std::string> source_extensions{".cpp", ".cc", ".cxx", ".c++", ".C"};
const std::set<std::string> header_extensions{".h", ".hpp", ".hh", ".hxx"};
/// Folders that usually hold programs using the library.
const std::set<std::string> example_folders{"example", "examples", "demo", "demos", "sample", "samples"};
/// Folders whose code is not the library itself.
const std::set<std::string> non_library_folders{
    "test",   "tests",   "testing", "unittest",  "unittests",  "example",     "examples",   "demo",     "demos",
    "sample", "samples", "bench",   "benchmark", "benchmarks", "third_party", "thirdparty", "external", "vendor"};

bool is_inside(const fs::path& path, const fs::path& folder) {
  const fs::path relative = path.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

/// A build folder holds a build system's state, not sources worth testing.
bool is_build_folder(const fs::path& folder) {
  std::error_code error;
  for (const char* marker : {"meson-private", "CMakeCache.txt", "build.ninja", "compile_commands.json"}) {
    if (fs::exists(folder / marker, error)) return true;
  }
  return false;
}

bool is_skipped_folder_name(const std::string& name) {
  return (!name.empty() && name.front() == '.') || non_library_folders.contains(name);
}

/// True when some folder between `project_dir` and `file` is hidden, a test/example/... folder
/// or a build folder.
bool in_skipped_folder(const fs::path& file, const fs::path& project_dir) {
  fs::path folder = project_dir;
  const fs::path relative = file.parent_path().lexically_relative(project_dir);
  for (const fs::path& part : relative) {
    if (part == ".") continue;
    folder /= part;
    if (is_skipped_folder_name(part.string()) || is_build_folder(folder)) return true;
  }
  return false;
}

bool defines_main(const fs::path& file) {
  static const std::regex main_definition(R"((^|[^\w:])int\s+main\s*\()");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::regex_search(text.str(), main_definition);
}

/// Regular files with one of `extensions` in `folder` and, if `recursive`, below it (skipping
/// hidden, test/example/... and build folders). Sorted.
std::vector<fs::path> files_in(const fs::path& folder, const std::set<std::string>& extensions, bool recursive) {
  std::vector<fs::path> files;
  std::error_code error;
  if (!fs::is_directory(folder, error)) return files;
  auto consider = [&](const fs::directory_entry& entry) {
    const std::string name = entry.path().filename().string();
    std::error_code entry_error;  // an unreadable entry is skipped, not the end of the walk
    if (entry.is_regular_file(entry_error) && !name.starts_with(".") &&
        extensions.contains(entry.path().extension().string())) {
      files.push_back(entry.path().lexically_normal());
    }
  };
  if (recursive) {
    fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
    for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
      std::error_code entry_error;
      if (it->is_directory(entry_error)) {
        if (is_skipped_folder_name(it->path().filename().string()) || is_build_folder(it->path())) {
          it.disable_recursion_pending();
        }
        continue;
      }
      consider(*it);
    }
  } else {
    for (fs::directory_iterator it(folder, error); !error && it != fs::directory_iterator(); it.increment(error)) {
      consider(*it);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// `files` (absolute, inside project_dir) as patterns relative to project_dir: "dir/*.ext" for
/// a folder and extension whose files on disk are exactly those given, else the paths. Sorted.
std::vector<std::string> as_patterns(const std::vector<fs::path>& files, const fs::path& project_dir) {
  std::map<std::pair<fs::path, std::string>, std::set<fs::path>> groups;
  for (const fs::path& file : files) groups[{file.parent_path(), file.extension().string()}].insert(file);
  std::vector<std::string> patterns;
  for (const auto& [key, group] : groups) {
    const auto& [folder, extension] = key;
    const std::vector<fs::path> on_disk = files_in(folder, {extension}, false);
    const fs::path relative_folder = folder.lexically_relative(project_dir);
    if (std::set<fs::path>(on_disk.begin(), on_disk.end()) == group) {
      patterns.push_back((relative_folder / ("*" + extension)).lexically_normal().string());
    } else {
      for (const fs::path& file : group) patterns.push_back(file.lexically_relative(project_dir).string());
    }
  }
  std::sort(patterns.begin(), patterns.end());
  return patterns;
}

/// `text` as a YAML scalar: plain when that is unambiguous, else double-quoted.
std::string yaml_scalar(const std::string& text) {
  static const std::regex plain(R"([A-Za-z0-9_./][A-Za-z0-9_./*+=-]*|-[A-Za-z0-9_./][A-Za-z0-9_./*+=-]*)");
  if (std::regex_match(text, plain)) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

std::string yaml_flow_list(const std::vector<std::string>& items) {
  std::string list = "[";
  for (const std::string& item : items) list += (list.size() > 1 ? ", " : "") + yaml_scalar(item);
  return list + "]";
}

/// "  key:\n    - a\n    - b\n" or "  key: []\n".
std::string yaml_block_list(std::string_view key, const std::vector<std::string>& items) {
  if (items.empty()) return fmt::format("  {}: []\n", key);
  std::string text = fmt::format("  {}:\n", key);
  for (const std::string& item : items) text += fmt::format("    - {}\n", yaml_scalar(item));
  return text;
}

/// What init found out about the project.
struct ProjectGuess {
  std::optional<std::string> compile_commands;  ///< relative path
  std::vector<std::string> flags;               ///< only without a database
  std::vector<fs::path> sources;
  std::vector<fs::path> headers;
  std::vector<fs::path> sample_candidates;  ///< sources defining main()
};

void add_sources(const std::vector<fs::path>& candidates, ProjectGuess& guess) {
  for (const fs::path& file : candidates) {
    (defines_main(file) ? guess.sample_candidates : guess.sources).push_back(file);
  }
}

ProjectGuess guess_from_database(const fs::path& project_dir, const fs::path& db_path) {
  ProjectGuess guess;
  guess.compile_commands = db_path.lexically_relative(project_dir).string();
  const CompileDatabase database = load_compile_database(db_path);
  // A compile_commands.json in the project folder is usually a link into the build folder.
  std::error_code error;
  fs::path build_dir = fs::canonical(db_path, error).parent_path();
  if (error) build_dir = db_path.parent_path();
  if (build_dir == project_dir) build_dir.clear();  // then nothing is "inside the build folder"
  std::vector<fs::path> candidates;
  std::set<fs::path> include_dirs;
  for (const auto& [file, entry] : database.by_file) {
    if (is_inside(file, project_dir) && !is_inside(file, build_dir) && fs::is_regular_file(file, error)) {
      if (!in_skipped_folder(file, project_dir)) {
        candidates.push_back(file);
      } else if (defines_main(file)) {
        guess.sample_candidates.push_back(file);
      }
    }
    for (const std::string& dir : include_dirs_in(entry.flags)) {
      const fs::path folder = normal_folder(fs::absolute(dir));
      if ((folder == project_dir || is_inside(folder, project_dir)) && !is_inside(folder, build_dir) &&
          folder != build_dir && !in_skipped_folder(folder / "x", project_dir)) {
        include_dirs.insert(folder);
      }
    }
  }
  add_sources(candidates, guess);
  std::set<fs::path> headers;
  for (const fs::path& folder : include_dirs) {
    for (const fs::path& header : files_in(folder, header_extensions, true)) headers.insert(header);
  }
  guess.headers.assign(headers.begin(), headers.end());
  return guess;
}

ProjectGuess guess_from_folders(const fs::path& project_dir) {
  ProjectGuess guess;
  guess.flags = {"-std=c++17"};
  std::error_code error;
  const bool has_include = fs::is_directory(project_dir / "include", error);
  const bool has_src = fs::is_directory(project_dir / "src", error);
  if (has_include) {
    guess.flags.push_back("-Iinclude");
    guess.headers = files_in(project_dir / "include", header_extensions, true);
  } else if (has_src) {
    guess.flags.push_back("-Isrc");
    guess.headers = files_in(project_dir / "src", header_extensions, true);
  } else {
    guess.headers = files_in(project_dir, header_extensions, false);
  }
  add_sources(has_src ? files_in(project_dir / "src", source_extensions, true)
                      : files_in(project_dir, source_extensions, false),
              guess);
  for (const std::string& folder : example_folders) {
    for (const fs::path& file : files_in(project_dir / folder, source_extensions, true)) {
      if (defines_main(file)) guess.sample_candidates.push_back(file);
    }
  }
  return guess;
}

std::string render(const ProjectGuess& guess, const fs::path& project_dir) {
  std::string text =
      "# palus.yaml: what Palus tests and how. Written by `palus init`; edit it to taste.\n"
      "# Paths are relative to this file; globs (*, **) are expanded. Commented lines show the\n"
      "# other options with their default values.\n"
      "\n"
      "project:\n";
  if (guess.compile_commands) {
    text += fmt::format("  compile_commands: {}\n", yaml_scalar(*guess.compile_commands));
    text += "  # flags: [-std=c++17]         # used only without compile_commands\n";
  } else {
    text += fmt::format("  # compile_commands: build/compile_commands.json   # better than flags when you have one\n");
    text += fmt::format("  flags: {}\n", yaml_flow_list(guess.flags));
  }
  text += "  # library sources: instrumented for tracing, linked into the harness\n";
  text += yaml_block_list("sources", as_patterns(guess.sources, project_dir));
  text += "  # headers declaring the API under test\n";
  if (guess.headers.empty()) {
    text += "  # no header found: list yours here\n";
    text += yaml_block_list("headers", {"include/*.hpp"});
  } else {
    text += yaml_block_list("headers", as_patterns(guess.headers, project_dir));
  }
  text += "  link: []                      # extra libraries or flags for linking\n";

  // Examples and demos first: they are what a sample program usually is.
  std::vector<std::pair<bool, std::string>> ranked;
  for (const fs::path& file : guess.sample_candidates) {
    const fs::path relative = file.lexically_relative(project_dir);
    const bool example = std::any_of(relative.begin(), relative.end(),
                                     [](const fs::path& part) { return example_folders.contains(part.string()); });
    ranked.emplace_back(!example, relative.string());
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> samples;
  for (auto& [not_example, path] : ranked) samples.push_back(path);
  text +=
      "\n"
      "# targets:                     # regexes over qualified names; default: everything public\n"
      "#   include: [\"mylib::.*\"]\n"
      "#   exclude: []\n"
      "\n"
      "# sample:                      # a program that uses the library correctly; with it, tests\n"
      "#                              # follow call sequences learnt from its run (mode: palus)\n";
  if (samples.empty()) {
    text += "#   sources: [examples/demo.cpp]\n";
  } else {
    text += fmt::format("#   sources: [{}]\n", yaml_scalar(samples.front()));
    for (std::size_t i = 1; i < samples.size(); ++i) text += fmt::format("#   # or: {}\n", yaml_scalar(samples[i]));
  }
  text += fmt::format(
      "#   args: []\n"
      "\n"
      "# model:\n"
      "#   ktail: 0                    # 0: no kTail merging; k > 0 merges states with equal k-tails\n"
      "\n"
      "# oracles:\n"
      "#   theories: []                # headers with PALUS_THEORY(...) checks\n"
      "#   contracts: default          # or a list of: {}\n"
      "\n"
      "# generate:\n"
      "#   time_limit: 60s             # the whole run, all stages (with --max-steps: generation alone)\n"
      "#   seed: 0\n"
      "#   mode: random                # random | model | model+constraints | palus (default with a sample)\n"
      "#   guided_fraction: 0.6        # share of time in the model-guided phase\n"
      "#   max_statements: 100\n"
      "#   keep: reduced               # reduced: passing tests that reach new code | all\n"
      "#   assertions: selected        # selected: results, and the observations SODS keeps | all\n"
      "#   mutate: true                # mutate inputs of sequences that reached new code\n"
      "#   shard: 1/1                  # K/N: this run's share of a run split over N (palus merge joins them)\n"
      "\n"
      "# output:\n"
      "#   dir: generated\n"
      "#   tests_per_file: 100\n"
      "\n"
      "# sandbox:\n"
      "#   call_timeout: 2s\n"
      "#   memory: 2GiB\n"
      "#   fork_server: true           # children forked from one harness; false: one process, restarted after a "
      "crash\n"
      "#   sequences_per_child: 1024   # 1: every sequence starts from clean static state\n"
      "#   harness_processes: 0        # harnesses sharing each batch; 0: 2 under sanitizers, 1 without or with "
      "--max-steps\n"
      "#   sanitizers: [address, undefined]   # or leak, thread (thread alone)\n",
      text::join(oracles::contract_names()));
  return text;
}

}  // namespace

std::optional<fs::path> find_compile_database(const fs::path& project_dir) {
  const fs::path folder = normal_folder(fs::absolute(project_dir));
  std::error_code error;
  if (fs::is_regular_file(folder / "compile_commands.json", error)) return folder / "compile_commands.json";
  std::vector<fs::path> found;
  for (fs::directory_iterator it(folder, error); !error && it != fs::directory_iterator(); it.increment(error)) {
    const fs::path candidate = it->path() / "compile_commands.json";
    if (it->is_directory(error) && fs::is_regular_file(candidate, error)) found.push_back(candidate);
  }
  std::sort(found.begin(), found.end());
  if (found.empty()) return std::nullopt;
  return found.front();
}

std::string starter_config_text(const fs::path& project_dir, const std::optional<fs::path>& compile_commands) {
  const fs::path folder = normal_folder(fs::absolute(project_dir));
  const ProjectGuess guess = compile_commands
                                 ? guess_from_database(folder, fs::absolute(*compile_commands).lexically_normal())
                                 : guess_from_folders(folder);
  return render(guess, folder);
}

fs::path write_starter_config(const fs::path& project_dir, const std::optional<fs::path>& compile_commands,
                              bool force) {
  const fs::path target = normal_folder(fs::absolute(project_dir)) / "palus.yaml";
  std::error_code error;
  if (fs::exists(target, error) && !force) {
    fail_at(target.string(), "already exists; edit it, or use --force to overwrite it with a starter config");
  }
  write_file_atomically(target, starter_config_text(project_dir, compile_commands));
  return target;
}

}  // namespace palus
