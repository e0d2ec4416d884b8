#pragma once
// `palus init`: a starter palus.yaml guessed from the project's folders or compile database.

#include <filesystem>
#include <optional>
#include <string>

namespace palus {

/// The compile database of `project_dir`, if one is found: its own compile_commands.json, else
/// the first (in name order) in an immediate subfolder such as build/. nullopt when none.
std::optional<std::filesystem::path> find_compile_database(const std::filesystem::path& project_dir);

/// Text of a starter palus.yaml for `project_dir` (paths in it relative to that folder); relative
/// arguments are taken relative to the current folder. Every section is shown: the project
/// section filled in, the others commented out with their defaults. It loads with load_config
/// whenever at least one header was found (otherwise headers: names a placeholder and a comment
/// says so).
///
/// With `compile_commands`: `compile_commands:` its relative path; `sources:` the database's
/// files inside the project, except files in the database's own (build) folder, in hidden,
/// test, example and benchmark folders, and files defining main() (those are offered as a
/// commented sample instead); `headers:` the .h/.hpp/.hh/.hxx files below the entries' include
/// folders (-I, -isystem, -iquote) that lie inside the project. Without one: `flags:
/// [-std=c++17]` (plus -Iinclude or -Isrc), sources from src/, headers from include/ (else src/,
/// else the project folder). Files are written as `dir/*.ext` globs when they are all the files
/// with that extension in their folder, else one by one; everything sorted.
/// Throws UserError when the compile database cannot be loaded.
std::string starter_config_text(const std::filesystem::path& project_dir,
                                const std::optional<std::filesystem::path>& compile_commands);

/// Writes starter_config_text to <project_dir>/palus.yaml (atomically) and returns that path.
/// Throws UserError when the file exists and `force` is false.
std::filesystem::path write_starter_config(const std::filesystem::path& project_dir,
                                           const std::optional<std::filesystem::path>& compile_commands, bool force);

}  // namespace palus
