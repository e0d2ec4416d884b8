#pragma once
// palus.yaml, loaded into one typed struct and validated in one place (DESIGN §4).

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "palus/config/compile_db.hpp"
#include "palus/config/config_values.hpp"

namespace palus {

enum class GenerationMode { random, model, model_constraints, palus };

/// "random", "model", "model+constraints", "palus".
std::string_view to_string(GenerationMode mode);

/// The mode spelt as to_string spells it; nullopt for anything else (used for --mode too).
std::optional<GenerationMode> parse_generation_mode(std::string_view text);

/// The mode `text` names, for the config and the --mode override alike. Throws UserError (no
/// location; callers add it) for an unknown mode, with a suggestion, or for a guided mode
/// when there is no sample.
GenerationMode checked_generation_mode(std::string_view text, bool has_sample);

/// The sanitizers `sandbox.sanitizers` may name: address, undefined, leak, thread.
const std::vector<std::string>& known_sanitizer_names();

/// `names` without repeats, for the config and the --sanitizers override alike. Throws UserError
/// (no location; callers add it) for an unknown name, with a suggestion, or for thread together
/// with address or leak.
std::vector<std::string> checked_sanitizers(const std::vector<std::string>& names);

struct Config {
  /// Absolute path of the config file, and the path as the user named it (used in messages).
  std::filesystem::path path;
  std::string display_path;
  /// Folder of the config file: every relative path in it is relative to this.
  std::filesystem::path dir;

  struct Project {
    std::optional<std::filesystem::path> compile_commands;  ///< absolute, exists when set
    /// Used when there is no compile database (see parse_flags_for); relative -I, -isystem,
    /// -iquote, -idirafter, -include paths are already made absolute against the config dir.
    std::vector<std::string> flags;
    std::vector<std::filesystem::path> sources;  ///< globs expanded: absolute, sorted, unique
    std::vector<std::filesystem::path> headers;  ///< globs expanded: absolute, sorted, unique
    std::vector<std::string> link;
  } project;

  struct Targets {
    /// ECMAScript regexes (std::regex) over qualified names, checked to compile; empty = all.
    std::vector<std::string> include;
    std::vector<std::string> exclude;
  } targets;

  struct Sample {
    std::vector<std::filesystem::path> sources;  ///< globs expanded, absolute, not empty
    std::vector<std::string> args;
    std::filesystem::path cwd;  ///< absolute, an existing folder: where it runs (default: the config's)
  };
  /// The sample programs, each built and traced on its own; their traces make one model. Empty:
  /// no sample (`sample:` absent, or `sources: []`).
  std::vector<Sample> samples;

  struct Model {
    int ktail = 0;
  } model;

  struct Oracles {
    std::vector<std::filesystem::path> theories;  ///< absolute, exist
    /// Enabled contract names, in oracles::contract_names() order, without duplicates. "default"
    /// (also the default when absent) is expanded to all of them; [] enables none.
    std::vector<std::string> contracts;
  } oracles;

  struct Generate {
    std::chrono::milliseconds time_limit{60'000};
    std::uint64_t seed = 0;
    GenerationMode mode = GenerationMode::random;  ///< default: palus with a sample, random without
    double guided_fraction = 0.6;                  ///< in [0, 1]
    int max_statements = 100;                      ///< >= 1
    /// keep: all. By default (reduced) a passing test is kept only when it reaches library code no
    /// kept test reached (GeneratorOptions::keep_all).
    bool keep_all = false;
    /// assertions: all. By default (selected) a regression test asserts what each call returned and
    /// the observations SODS selection keeps (writer/oracle_selection.hpp); all asserts every
    /// object's state after every call that changed it (writer::RenderOptions::every_state).
    bool assert_all = false;
    /// mutate: false turns off the coverage-guided mutation of sequences (GeneratorOptions::mutation).
    bool mutate = true;
    /// shard: K/N, this run's share of a run split over N processes or machines (DESIGN §12).
    Shard shard;
  } generate;

  struct Output {
    std::filesystem::path dir;  ///< absolute; default <config dir>/generated
    int tests_per_file = 100;   ///< >= 1
  } output;

  struct Sandbox {
    std::chrono::milliseconds call_timeout{2'000};
    std::uint64_t memory_bytes = 2ull << 30;
    /// A child forked per sequence from one initialised harness (false: sequences share a process
    /// that is restarted after each death).
    bool fork_server = true;
    /// With the fork server: sequences one child runs before a fresh one takes over (>= 1; a child
    /// that dies is replaced at once). 1: every sequence starts from clean static state.
    int sequences_per_child = 1024;
    /// Harness processes that share each batch of candidates: while one runs, the other core need
    /// not wait on it. 0: two under sanitizers, one without (its sequences are cheap enough that
    /// sharing a batch costs more than it gains) and in a --max-steps run (the load of two makes
    /// calls near the hang timeout cross it in some runs only).
    int harness_processes = 0;
    /// Known names only, in the order given, without duplicates; never thread with address/leak.
    std::vector<std::string> sanitizers{"address", "undefined"};
  } sandbox;

  /// Entries of project.compile_commands (empty without one).
  CompileDatabase compile_db;

  /// Flags to parse `file` with (a relative `file` is taken relative to `dir`). With a non-empty
  /// compile database: the flags of its entry for `file`; for a file the database lacks
  /// (headers: build systems do not list them) the flags of the entry that fits best, see
  /// CompileDatabase::best_entry_for (a C++ source whose -I folder holds the file, else one in
  /// the nearest folder), since a library's headers are compiled with its sources' flags.
  /// Without a database: project.flags. Relative -I/-isystem/... paths are absolute (against the
  /// entry's directory or the config dir), so the result is usable from any working directory.
  std::vector<std::string> parse_flags_for(const std::filesystem::path& file) const;
};

/// Reads and validates `path`; `display_path` is how messages name it (e.g. "palus.yaml").
/// Throws UserError "<display_path>:LINE: <what>" on any problem: YAML syntax, unknown or
/// duplicate key (with a did-you-mean), wrong type, missing file, glob matching nothing,
/// bad duration/size/regex/mode/number, unknown sanitizer or contract, a model-guided mode
/// without a sample. A missing config file gives "<display_path>: ..." suggesting `palus init`.
/// Errors inside the compile database name that file and its line instead.
Config load_config(const std::filesystem::path& path, const std::string& display_path);

}  // namespace palus
