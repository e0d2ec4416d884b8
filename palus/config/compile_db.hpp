#pragma once
// compile_commands.json: which flags each source file is compiled with.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace palus {

struct CompileCommand {
  std::filesystem::path directory;  ///< absolute (relative entries resolved against the json's folder)
  std::filesystem::path file;       ///< absolute, lexically normal
  /// Compiler flags only: no compiler executable, no -c, -o <out>, dependency-file flags
  /// (-MD, -MMD, -MP, -MF/-MT/-MQ <x>) or the input file itself. Paths given to -I, -isystem,
  /// -iquote, -idirafter, -include and -include-pch are absolute (resolved against `directory`).
  std::vector<std::string> flags;
};

struct CompileDatabase {
  std::map<std::filesystem::path, CompileCommand> by_file;  ///< keyed by CompileCommand::file

  /// The entry whose flags best fit `file` (absolute, lexically normal): its own entry when it
  /// has one. For a file the database lacks (usually a header, which build systems do not list)
  /// the best other entry, preferring in turn: a C++ source (.cpp/.cc/.cxx/.c++/.C) over others;
  /// an entry with an include folder (-I/-isystem/-iquote/-idirafter) that contains `file`; the
  /// longest common leading folder path with `file` (so an entry in the same folder wins);
  /// and then the first in path order. nullptr only when the database is empty.
  const CompileCommand* best_entry_for(const std::filesystem::path& file) const;
};

/// Reads `json_path` ("command" strings are split as a POSIX shell would; "arguments" arrays
/// are taken as they are). Entries without "file" or "directory" are errors; when a file is
/// listed twice the first entry wins. Throws UserError "<json_path>:LINE: <what>" when
/// malformed, "<json_path>: cannot read ..." when it cannot be read.
CompileDatabase load_compile_database(const std::filesystem::path& json_path);

/// As above, naming the file `display_path` in messages (e.g. the path as the user wrote it).
CompileDatabase load_compile_database(const std::filesystem::path& json_path, const std::string& display_path);

/// `folder` lexically normal, without a trailing separator ("/a/b/" -> "/a/b").
std::filesystem::path normal_folder(const std::filesystem::path& folder);

/// Splits a shell command line into words as a POSIX shell would, without expansions: words are
/// separated by unquoted blanks; '...' is literal; in "..." a backslash escapes only $ ` " \ and
/// newline; elsewhere a backslash escapes any character (backslash-newline is dropped).
/// Throws UserError "unterminated quote in command line" when a quote is not closed.
std::vector<std::string> split_command_line(const std::string& command);

/// The folders named by -I, -isystem, -iquote and -idirafter in `flags` (joined "-Idir" or
/// separate "-I dir" forms), in order, as written.
std::vector<std::string> include_dirs_in(const std::vector<std::string>& flags);

/// `flags` with the paths of -I, -isystem, -iquote, -idirafter, -include and -include-pch made
/// absolute against `directory` (both "-Idir" and "-I dir" forms), lexically normal.
std::vector<std::string> absolutize_path_flags(const std::vector<std::string>& flags,
                                               const std::filesystem::path& directory);

}  // namespace palus
