#pragma once
// `palus mutate` (issue 21, DESIGN §8): how many small changes of the library a test suite
// notices. The library's sources are written as mutant schemata (palus/mutants/), built once with
// the suite, and each mutant is run by switching it on (PALUS_MUTANT) for the suite's tests.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "palus/config/config.hpp"
#include "palus/mutants/mutant.hpp"
#include "palus/mutants/program_suite.hpp"

namespace palus {

struct MutateRequest {
  std::filesystem::path suite;  ///< folder of *_test.cpp files (a generated suite); empty with `programs`
  std::vector<mutants::SuiteProgram> programs;  ///< the suite's hand-written programs
  std::filesystem::path out;                    ///< where mutation.yaml goes
  std::size_t max_mutants = 0;                  ///< 0: all; else that many, spread evenly over the list
  /// 0: none. Otherwise mutants are run until it passes; those not run count as not run.
  std::chrono::seconds time_limit{0};
  unsigned jobs = 2;  ///< mutants run side by side
};

enum class MutantFate : std::uint8_t { killed, survived, timed_out, not_run };

struct MutantResult {
  mutants::Mutant mutant;
  MutantFate fate = MutantFate::not_run;
  std::string killed_by;  ///< "Suite.Name" of the first test that noticed it
  bool reached = false;   ///< some test that passes on the original runs its site
};

struct MutationSummary {
  std::size_t found = 0;         ///< mutants at the sites found
  std::size_t uncompilable = 0;  ///< of them, left out because their schema did not compile
  std::size_t killed = 0, survived = 0, timed_out = 0, not_run = 0;
  std::size_t not_reached = 0;  ///< of the survivors, those no test reaches (never run)
  std::size_t tests = 0;        ///< tests that passed on the original, the ones run against mutants
  double score = 0;             ///< percent of the mutants run that were killed or timed out
  double seconds = 0;
  /// Of `seconds`: finding sites and compiling schemata, building the library and the suite,
  /// running each test on the original, running the mutants.
  double schema_seconds = 0, build_seconds = 0, original_seconds = 0, mutant_seconds = 0;
  std::vector<MutantResult> results;         ///< the mutants run or chosen, in id order
  std::map<std::string, std::size_t> kills;  ///< per test: the mutants it was first to notice
};

/// Runs the whole analysis; writes `request.out`/mutation.yaml and returns what it holds. Throws
/// UserError when the suite folder holds no tests, the library does not build, or no test passes
/// on the original library. `progress` gets a line now and then.
MutationSummary mutate_stage(const Config& config, const std::filesystem::path& work_dir, const MutateRequest& request,
                             const std::function<void(const std::string&)>& progress);

}  // namespace palus
