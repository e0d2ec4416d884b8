#pragma once
// A hand-written suite for `palus mutate`: programs built against the library, each run passing
// when it exits and writes as on the original library. From the config's sample programs, or
// from a file in the corpus's `handwritten:` format (bench/corpus/README.md).

#include <filesystem>
#include <string>
#include <vector>

namespace palus::mutants {

/// One program of the suite and its runs.
struct SuiteProgram {
  std::string name;
  std::vector<std::filesystem::path> sources;  ///< absolute
  std::vector<std::string> flags;              ///< compile flags besides the project's
  std::vector<std::string> link;               ///< link flags besides the project's
  std::vector<std::vector<std::string>> runs;  ///< the arguments of each run
  std::filesystem::path cwd;                   ///< where it runs
};

/// The programs `file` describes:
///
///     flags: [-Isrc/lib_json]            # optional, for every program
///     link: [-lgtest]                     # optional, for every program
///     programs:
///       - name: jsontestrunner
///         sources: [src/jsontestrunner/main.cpp]     # globs
///         exclude: [src/jsontestrunner/fuzz_*.cpp]   # optional globs
///         runs:
///           - {args: [--help]}
///           - {each: test/data/*.json, args: ["{}"]}  # a run per file, "{}" is its path
///
/// Paths, globs and relative -I flags are relative to the file's folder, where the programs run.
/// Throws UserError naming the file and line of what is wrong (a glob matching nothing, an
/// unknown key).
std::vector<SuiteProgram> read_program_suite(const std::filesystem::path& file);

}  // namespace palus::mutants
