#pragma once
// report.yaml: the summary of a run that scripts read (DESIGN §3). Keys are stable; new keys
// may be added, none renamed.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palus::report {

struct FailureEntry {
  std::string kind;      ///< crash | sanitizer | hang | oom | exit | contract | theory | invariant
  std::string callable;  ///< id of the callable that failed (the contract check for contracts)
  std::string test;      ///< "generated/Statement_failure_test.cpp:Statement_executeQuery_2"
  std::string message;
  /// What makes it the same failure in another run (kind, callable, place): palus merge keeps one
  /// failure per key.
  std::string key;
  /// Suspects (low confidence): what the generator made up, in a sentence.
  std::string suspicion;
};

/// Which share of a split run this one was (palus run --shard K/N, DESIGN §12).
struct ShardInfo {
  std::uint32_t index = 1, count = 1;
  std::uint64_t seed = 0;  ///< the seed it generated with (derived from the run's seed, K and N)
};

struct Unsupported {
  std::string entity;
  std::string reason;
};

struct RunReport {
  std::string palus_version;
  std::string command;
  std::uint64_t seed = 0;
  std::string mode;
  double time_limit_s = 0;
  std::optional<std::uint64_t> max_steps;
  bool interrupted = false;  ///< stopped by SIGINT/SIGTERM before the limit
  struct Sequences {
    std::uint64_t executed = 0, normal = 0, exception = 0, failure = 0, invalid = 0, duplicates = 0;
    std::uint64_t blocks = 0;  ///< basic blocks of the library the harness reached (0: not measured)
  } sequences;
  struct Tests {
    std::uint64_t regression = 0, failure = 0, dropped_uncompilable = 0, dropped_flaky = 0;
    std::uint64_t expected_exception = 0;  ///< of the regression tests, those expecting a throw
    std::uint64_t pending = 0;             ///< found but not yet checked (non-zero only mid-run)
    std::uint64_t cut_no_new_blocks = 0;   ///< passing tests not kept: they reached no new block
    std::uint64_t suspect = 0;             ///< failure tests of low confidence, written disabled
    /// Passing tests not kept: a call writes static state that would outlive the test in the
    /// user's build (generation::GeneratorStats::writes_static).
    std::uint64_t cut_writes_static = 0;
    /// Passing tests left out at the end: the tests kept reach every block they reached (the
    /// suite's cover, TestPipeline::reduce_when_finishing).
    std::uint64_t cut_covered = 0;
  } tests;
  /// Of the regression tests written: the values they could assert (results and observations
  /// after every statement) and the assertions written (generate.assertions). Not known to
  /// palus merge, which reads tests as text.
  struct Assertions {
    std::uint64_t candidates = 0, written = 0;
  } assertions;
  std::vector<FailureEntry> failures;  ///< of high confidence: what --fail-on-failures counts
  std::vector<FailureEntry> suspects;  ///< failures of low confidence (generation/confidence.hpp)
  /// Preconditions the run learned from failures and invalid inputs, one sentence each.
  std::vector<std::string> preconditions;
  struct Coverage {
    double line = 0, branch = 0;
    std::string scope = "generated-suite";
  };
  std::optional<Coverage> coverage;
  /// Per generation strategy ("model", "random", "mutation"): candidates executed, those that
  /// reached blocks no earlier one did, those blocks, and the harness time its candidates took.
  struct Strategy {
    std::uint64_t executed = 0, found = 0, new_blocks = 0;
    double seconds = 0;
  };
  std::map<std::string, Strategy> strategies;
  std::map<std::string, double> stages_s;  ///< analyze, trace, model, harness, generate, report
  std::vector<Unsupported> unsupported;    ///< what palus left out, and why
  std::optional<ShardInfo> shard;          ///< a share of a split run

  /// How the run spent its budget (palus/run_budget.hpp): generation's share, and the predicted
  /// and actual seconds of checking the tests left when generation stopped; the report stage's
  /// prediction (its actual time is stages_s.report). Absent with max_steps.
  struct Budget {
    double limit_s = 0, generation_s = 0;
    double predicted_check_s = 0, check_s = 0, predicted_report_s = 0;
    bool overrun = false;  ///< the stages before generation took the budget: generation got its minimum
  };
  std::optional<Budget> budget;

  /// palus merge: what it read and what it cut, and each shard's own figures.
  struct Merge {
    std::uint64_t tests_read = 0;         ///< tests in the shards' folders
    std::uint64_t cut_duplicate = 0;      ///< the same test body, failure or expected exception as a kept one
    std::uint64_t cut_no_new_blocks = 0;  ///< passing tests reaching no block a kept test did not
    std::uint64_t renamed = 0;            ///< kept under a new name (theirs was taken)
    bool blocks_compared = false;         ///< the shards' harnesses held the same code (see tests.yaml)
    struct Shard {
      std::string dir;  ///< as given on the command line
      std::optional<ShardInfo> shard;
      std::uint64_t seed = 0;
      Sequences sequences;
      std::uint64_t regression = 0, failure = 0;
      std::optional<Coverage> coverage;
    };
    std::vector<Shard> shards;
  };
  std::optional<Merge> merge;
};

std::string to_yaml(const RunReport& report);

/// Reads a report.yaml that to_yaml wrote (the keys palus merge needs, and the fixed ones);
/// throws UserError naming the file and line of what is wrong.
RunReport read_report(const std::filesystem::path& file);

/// Writes `dir/report.yaml` atomically.
void write_report(const std::filesystem::path& dir, const RunReport& report);

}  // namespace palus::report
