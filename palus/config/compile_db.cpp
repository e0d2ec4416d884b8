#include "palus/config/compile_db.hpp"

#include <yaml-cpp/yaml.h>

#include <array>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
#include <tuple>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace palus {
namespace {

/// Flags whose argument is a path, in the order joined forms are tried (longer names first, so
/// "-isystemfoo" is not read as something shorter).
constexpr std::array<std::string_view, 6> path_flags{"-include-pch", "-idirafter", "-isystem",
                                                     "-iquote",      "-include",   "-I"};
constexpr std::array<std::string_view, 4> include_dir_flags{"-idirafter", "-isystem", "-iquote", "-I"};

/// A flag and the path it names, as split from "-Ifoo" or "-I" "foo".
struct PathFlag {
  std::string_view flag;
  std::string path;
  bool joined = false;  ///< "-Ifoo" rather than "-I" "foo"
};

/// When flags[i] starts a path flag, the flag and its path (the path may be flags[i + 1]).
template <std::size_t N>
std::optional<PathFlag> path_flag_at(const std::vector<std::string>& flags, std::size_t i,
                                     const std::array<std::string_view, N>& names) {
  const std::string& arg = flags[i];
  for (const std::string_view name : names) {
    if (arg == name) {
      if (i + 1 < flags.size()) return PathFlag{name, flags[i + 1], false};
      return std::nullopt;
    }
  }
  for (const std::string_view name : names) {
    // A remainder starting with '-' is another flag ("-isystem-after"), not a path.
    if (arg.size() > name.size() && arg.starts_with(name) && arg[name.size()] != '-') {
      return PathFlag{name, arg.substr(name.size()), true};
    }
  }
  return std::nullopt;
}

bool starts_with_any(std::string_view arg, std::initializer_list<std::string_view> prefixes) {
  for (const std::string_view prefix : prefixes) {
    if (arg.starts_with(prefix)) return true;
  }
  return false;
}

/// argv of an entry reduced to the flags that matter for parsing (see CompileCommand::flags).
std::vector<std::string> compiler_flags(const std::vector<std::string>& argv, const fs::path& directory,
                                        const fs::path& file) {
  std::vector<std::string> flags;
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (arg == "-c" || arg == "-MD" || arg == "-MMD" || arg == "-MP") continue;
    if (arg == "-o" || arg == "-MF" || arg == "-MT" || arg == "-MQ") {
      ++i;  // and its argument
      continue;
    }
    if ((arg.starts_with("-o") && !arg.starts_with("-obj")) || starts_with_any(arg, {"-MF", "-MT", "-MQ"})) {
      continue;
    }
    if (!arg.starts_with("-") && (directory / arg).lexically_normal() == file) continue;
    flags.push_back(arg);
  }
  return absolutize_path_flags(flags, directory);
}

/// "<display>:LINE" for a node (line 1 when yaml-cpp has no mark for it).
std::string where(const std::string& display_path, const YAML::Node& node) {
  const int line = node.Mark().line;
  return fmt::format("{}:{}", display_path, line >= 0 ? line + 1 : 1);
}

std::string string_field(const std::string& display_path, const YAML::Node& entry, const char* key) {
  const YAML::Node value = entry[key];
  if (!value) fail_at(where(display_path, entry), "compile command has no \"{}\"", key);
  if (!value.IsScalar()) fail_at(where(display_path, value), "\"{}\": expected a string", key);
  return value.Scalar();
}

std::vector<std::string> argv_of(const std::string& display_path, const YAML::Node& entry) {
  std::vector<std::string> argv;
  if (const YAML::Node arguments = entry["arguments"]) {
    if (!arguments.IsSequence()) fail_at(where(display_path, arguments), "\"arguments\": expected an array of strings");
    for (const YAML::Node& argument : arguments) {
      if (!argument.IsScalar()) fail_at(where(display_path, argument), "\"arguments\": expected an array of strings");
      argv.push_back(argument.Scalar());
    }
  } else if (const YAML::Node command = entry["command"]) {
    if (!command.IsScalar()) fail_at(where(display_path, command), "\"command\": expected a string");
    try {
      argv = split_command_line(command.Scalar());
    } catch (const UserError& error) {
      fail_at(where(display_path, command), "\"command\": {}", error.what());
    }
  } else {
    fail_at(where(display_path, entry), "compile command has neither \"arguments\" nor \"command\"");
  }
  if (argv.empty()) fail_at(where(display_path, entry), "compile command is empty");
  return argv;
}

bool is_cxx_source(const fs::path& file) {
  static const std::array<std::string, 5> extensions{".cpp", ".cc", ".cxx", ".c++", ".C"};
  const std::string extension = file.extension().string();
  for (const std::string& cxx : extensions) {
    if (extension == cxx) return true;
  }
  return false;
}

/// True when `file` lies inside `folder` (both absolute and lexically normal).
bool is_inside(const fs::path& file, const fs::path& folder) {
  const fs::path relative = file.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

std::size_t common_folder_depth(const fs::path& a, const fs::path& b) {
  const fs::path folder_a = a.parent_path();
  const fs::path folder_b = b.parent_path();
  std::size_t depth = 0;
  for (auto ia = folder_a.begin(), ib = folder_b.begin(); ia != folder_a.end() && ib != folder_b.end() && *ia == *ib;
       ++ia, ++ib) {
    ++depth;
  }
  return depth;
}

}  // namespace

fs::path normal_folder(const fs::path& folder) {
  fs::path normal = folder.lexically_normal();
  if (!normal.has_filename() && normal.has_relative_path()) normal = normal.parent_path();
  return normal;
}

std::vector<std::string> split_command_line(const std::string& command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else if (c == '\\') {
      in_word = true;
      if (i + 1 < command.size()) {
        if (command[i + 1] != '\n') word += command[i + 1];
        ++i;
      }
    } else if (c == '\'') {
      in_word = true;
      const std::size_t end = command.find('\'', i + 1);
      if (end == std::string::npos) throw UserError("unterminated ' quote in command line");
      word.append(command, i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      in_word = true;
      for (++i;; ++i) {
        if (i >= command.size()) throw UserError("unterminated \" quote in command line");
        if (command[i] == '"') break;
        if (command[i] == '\\' && i + 1 < command.size() &&
            std::string_view("$`\"\\\n").find(command[i + 1]) != std::string_view::npos) {
          ++i;
          if (command[i] != '\n') word += command[i];
        } else {
          word += command[i];
        }
      }
    } else {
      in_word = true;
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

std::vector<std::string> include_dirs_in(const std::vector<std::string>& flags) {
  std::vector<std::string> dirs;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if (const auto found = path_flag_at(flags, i, include_dir_flags)) {
      dirs.push_back(found->path);
      if (!found->joined) ++i;
    }
  }
  return dirs;
}

std::vector<std::string> absolutize_path_flags(const std::vector<std::string>& flags, const fs::path& directory) {
  auto absolute = [&](const std::string& path) {
    // "=dir" and "$SYSROOT/dir" are relative to the sysroot, not to the working folder.
    if (path.empty() || path.front() == '=' || path.front() == '$') return path;
    return normal_folder(directory / path).string();
  };
  std::vector<std::string> result;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const auto found = path_flag_at(flags, i, path_flags);
    if (!found) {
      result.push_back(flags[i]);
    } else if (found->joined) {
      result.push_back(std::string(found->flag) + absolute(found->path));
    } else {
      result.push_back(flags[i]);
      result.push_back(absolute(found->path));
      ++i;
    }
  }
  return result;
}

const CompileCommand* CompileDatabase::best_entry_for(const fs::path& file) const {
  if (const auto it = by_file.find(file); it != by_file.end()) return &it->second;
  const CompileCommand* best = nullptr;
  std::tuple<bool, bool, std::size_t> best_score{};
  for (const auto& [path, entry] : by_file) {
    bool include_dir_holds_file = false;
    for (const std::string& dir : include_dirs_in(entry.flags)) {
      include_dir_holds_file = include_dir_holds_file || is_inside(file, fs::path(dir).lexically_normal());
    }
    const std::tuple<bool, bool, std::size_t> score{is_cxx_source(path), include_dir_holds_file,
                                                    common_folder_depth(path, file)};
    if (best == nullptr || score > best_score) {
      best = &entry;
      best_score = score;
    }
  }
  return best;
}

CompileDatabase load_compile_database(const fs::path& json_path) {
  return load_compile_database(json_path, json_path.string());
}

CompileDatabase load_compile_database(const fs::path& json_path, const std::string& display_path) {
  std::ifstream in(json_path, std::ios::binary);
  std::error_code error;
  if (!in || fs::is_directory(json_path, error)) {
    fail_at(display_path, "cannot read the compile database (expected a compile_commands.json file)");
  }
  std::ostringstream text;
  text << in.rdbuf();
  YAML::Node root;
  try {
    root = YAML::Load(text.str());
  } catch (const YAML::ParserException& error) {
    fail_at(fmt::format("{}:{}", display_path, error.mark.line + 1), "malformed JSON: {}", error.msg);
  }
  if (!root.IsSequence()) fail_at(where(display_path, root), "expected a JSON array of compile commands");

  const fs::path json_folder = normal_folder(fs::absolute(json_path).parent_path());
  CompileDatabase database;
  for (const YAML::Node& entry : root) {
    if (!entry.IsMap())
      fail_at(where(display_path, entry), "expected a compile command object {{\"directory\", \"file\", ...}}");
    CompileCommand command;
    command.directory = normal_folder(json_folder / string_field(display_path, entry, "directory"));
    command.file = (command.directory / string_field(display_path, entry, "file")).lexically_normal();
    command.flags = compiler_flags(argv_of(display_path, entry), command.directory, command.file);
    database.by_file.emplace(command.file, std::move(command));
  }
  return database;
}

}  // namespace palus
