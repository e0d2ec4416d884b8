#pragma once
// The generation loop (DESIGN §6): candidates from a sequence source, executed in batches in
// the harness, judged by feedback; normal ones feed the pool, and the tests worth keeping
// (regression, expected exception, minimised failures) go to a sink as they are found.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>

#include "palus/generation/catalog.hpp"
#include "palus/generation/contract_checks.hpp"
#include "palus/generation/execution.hpp"
#include "palus/generation/feedback.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/pool.hpp"
#include "palus/generation/random.hpp"
#include "palus/generation/random_step.hpp"
#include "palus/generation/test_case.hpp"
#include "palus/generation/theory_checks.hpp"

namespace palus::generation {

/// Where candidates come from: the random step, or the model-guided modes (guided_source.hpp).
class SequenceSource {
 public:
  virtual ~SequenceSource() = default;
  /// A new candidate, or nullopt when this attempt found nothing.
  virtual std::optional<Sequence> next(const Pool& pool, Random& random) = 0;
  /// How a candidate (without its contract checks) fared; `result` may hold more statements.
  virtual void executed(const Sequence& /*candidate*/, Verdict /*verdict*/,
                        const harness::protocol::RunResult& /*result*/) {}
  /// The candidate just drawn, which the loop will not run: `duplicate` when one like it ran
  /// before or waits to run in this batch (otherwise a guard refused it).
  virtual void dropped(const Sequence& /*candidate*/, bool /*duplicate*/) {}
  /// Whether it can make candidates yet (a mutation source needs a corpus first).
  virtual bool ready() const { return true; }
};

/// Random mode: every candidate from the random step.
class RandomSource : public SequenceSource {
 public:
  explicit RandomSource(RandomStep& step) : step_(step) {}
  std::optional<Sequence> next(const Pool& pool, Random& random) override { return step_.next(pool, random); }

 private:
  RandomStep& step_;
};

struct GeneratorOptions {
  std::uint64_t seed = 0;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::uint64_t max_steps = 0;              ///< candidates executed; 0 = no limit
  std::size_t batch = 64;                   ///< candidates per harness batch
  std::size_t regression_per_callable = 8;  ///< regression tests kept per callable (keep_all, or no block coverage)
  /// Keep every test the per-callable limits allow (generate.keep: all). Otherwise, when the
  /// harness reports block coverage, a passing test is kept only when its sequence reached
  /// blocks no earlier one did (an expected-exception test also when it is the first of its
  /// callable and exception type).
  bool keep_all = false;
  std::size_t exceptions_per_callable = 3;  ///< expected-exception tests per callable and exception type
  /// A passing test (regression, expected exception) whose calls printed more than this is not
  /// kept: it floods the test log, runs slowly, and its check may time out on a loaded machine.
  std::uint64_t max_test_output_bytes = 1 << 20;
  FeedbackOptions feedback;
  /// Scalar and string inputs of theories; without it, a pool of api.yaml's literals.
  const LiteralPool* literals = nullptr;
  TheoryCheckOptions theories;
  /// Once a hang was reported, a call may take this long before it is a hang (0: the executor's
  /// timeout throughout). The same hang found again then costs this instead of the full timeout;
  /// a new one is confirmed with the full timeout before it is reported.
  std::chrono::milliseconds known_hang_timeout{0};
  /// Where candidates come from while the source yields nothing new (only duplicates, or
  /// nothing it can build): generation never ends before its budget because one strategy ran
  /// dry. Null: the source alone (then a source barren for long ends the run).
  SequenceSource* fallback = nullptr;
  /// Coverage-guided mutation of sequences that reached new blocks (mutation_source.hpp): it
  /// learns from every executed candidate and makes a share of each batch, the share following
  /// how often its candidates find new blocks compared with the other sources'. Null: none.
  SequenceSource* mutation = nullptr;
  /// Names of the strategies in GeneratorStats::strategies.
  std::string source_name = "random", fallback_name = "random";
};

/// What one strategy (a source of candidates) did: candidates executed, how many reached blocks no
/// earlier one did, those blocks, and the share of the harness's time its candidates took.
struct StrategyStats {
  std::uint64_t executed = 0, found = 0, new_blocks = 0;
  double seconds = 0;
};

struct GeneratorStats {
  std::uint64_t executed = 0, normal = 0, exception = 0, invalid = 0, failure = 0, duplicates = 0;
  std::map<std::string, std::uint64_t> failures_by_kind;  ///< distinct failures, after de-duplication
  std::uint64_t regression_tests = 0, exception_tests = 0, failure_tests = 0;
  std::uint64_t quarantined_observers = 0;  ///< observers no longer run because they crash or hang
  /// Of those, the observers no longer run because observing with them changed how a later
  /// statement of the sequence ended (a const method that writes, e.g. a cache or a compiled form).
  std::uint64_t unsettling_observers = 0;
  std::uint64_t quarantine_probes = 0;  ///< runs spent finding the observer to quarantine
  /// Hangs found and run again (with the full timeout, unless doubted), and those of them that
  /// finished then (slow calls, not hangs).
  std::uint64_t hangs_examined = 0, hangs_unconfirmed = 0;
  /// Of hangs_examined: suspects as found, examined with the short timeout (the full one only for a
  /// minimal form that is no longer a suspect).
  std::uint64_t hangs_doubted = 0;
  std::uint64_t noisy = 0;              ///< passing tests not kept for their output (max_test_output_bytes)
  std::uint64_t from_fallback = 0;      ///< candidates executed from GeneratorOptions::fallback
  std::uint64_t cut_no_new_blocks = 0;  ///< passing tests not kept: their sequence reached nothing new
  std::uint64_t changes_read_only = 0;  ///< candidates not run: they would change a read-only object
  /// Passing tests not kept: the sandbox refused one of their calls (a write, a socket), so what
  /// they saw would differ in the user's build, which allows it.
  std::uint64_t refused = 0;
  /// Passing tests not kept: a call writes a static field (CallableInfo::writes_static), which in
  /// the user's build, one process for many tests, would change what later tests see.
  std::uint64_t writes_static = 0;
  std::uint64_t uses_freed = 0;     ///< candidates not run: they use an object a call freed (FreesRule)
  std::uint64_t suspect_tests = 0;  ///< failure tests of low confidence (confidence.hpp)
  /// Regression and expected-exception tests whose sequence ran again alone (answers_alone), and
  /// those of them not kept because a statement ended otherwise there.
  std::uint64_t run_alone = 0, unsteady_alone = 0;
  /// The first of those: which statement ended otherwise, and how (for run.log).
  std::string first_unsteady;
  /// Preconditions learned from failures, one sentence each: a library's assert on the call, a
  /// pointer it wants real, the objects a call frees.
  std::vector<std::string> preconditions;
  std::uint32_t blocks = 0;                         ///< basic blocks the harness reached so far (0: not measured)
  std::map<std::string, StrategyStats> strategies;  ///< by GeneratorOptions::source_name etc., "mutation"
  /// Where generation's time went: making candidates, running batches in the harness, judging
  /// outcomes (confirming and minimising failures included).
  double making_s = 0, running_s = 0, judging_s = 0;
  double minimising_s = 0;  ///< of judging_s: minimising failures (bounded: generator.cpp)
  double reporting_s = 0;   ///< of judging_s: confirming and minimising failures, minimising_s included
  double rerunning_s = 0;   ///< of judging_s: running kept tests again alone (answers_alone)
  std::size_t pool = 0;
};

class Generator {
 public:
  using Sink = std::function<void(TestCase)>;
  using Progress = std::function<void(const GeneratorStats&)>;

  Generator(const Catalog& catalog, Execution& execution, SequenceSource& source, GeneratorOptions options);

  /// Runs until the deadline, max_steps, or `stop` becomes true. Tests go to `sink` as found;
  /// `progress` is called about four times a second.
  void run(const std::atomic<bool>& stop, const Sink& sink, const Progress& progress);

  /// Moves the deadline (from `progress`, which run() calls on its own thread): a run's budget
  /// shortens generation as the tests it found need time to be checked.
  void set_deadline(std::chrono::steady_clock::time_point deadline) { options_.deadline = deadline; }

  const GeneratorStats& stats() const { return stats_; }
  const Pool& pool() const { return pool_; }
  Random& random() { return random_; }

 private:
  /// The candidates of one batch (and their requests): from the source, or from the fallback
  /// after the source found nothing new for a whole batch.
  enum class Origin : std::uint8_t { source, fallback, mutation };
  void fill_batch(std::vector<Sequence>& checked, std::vector<std::size_t>& main_sizes,
                  std::vector<harness::protocol::RunRequest>& requests, std::vector<Origin>& origins);
  /// Counts a batch's outcomes per strategy and moves the mutation share toward the strategy
  /// that finds new blocks more often.
  void account(const std::vector<Origin>& origins, const std::vector<harness::Outcome>& outcomes, double seconds);
  const std::string& name_of(Origin origin) const;
  void judge(const Sequence& checked, std::size_t main_size, const harness::Outcome& outcome, const Sink& sink);
  /// Whether passing tests are kept by the new blocks their sequence reached.
  bool by_coverage(const harness::Outcome& outcome) const;
  /// A passing test whose calls printed over max_test_output_bytes is not kept (counted in stats).
  bool too_noisy(const harness::Outcome& outcome);
  /// A passing test one of whose calls the sandbox refused is not kept (counted in stats).
  bool refused(const harness::Outcome& outcome);
  /// True (and counted) when a call of `main` writes static state (CallableInfo::writes_static).
  bool writes_static(const Sequence& main);
  void keep_regression(const Sequence& main, const harness::Outcome& outcome, const Sink& sink);
  void keep_exception(const Sequence& main, const harness::Outcome& outcome, const Sink& sink);
  /// What a test of `main` asserts: its answers from a run of it alone (without the checks), with
  /// every statement observed (the run that judged it observed its last one only), and the blocks
  /// `judged` counted. nullopt when a statement ends otherwise there than in `judged` (counted in
  /// stats), or when the sandbox refused a call there or it printed too much; an observer that
  /// crashed or hung there is quarantined, and so is one whose calls changed how a statement ended.
  std::optional<harness::protocol::RunResult> answers_alone(const Sequence& main, const harness::Outcome& judged);
  /// Statement `changed` of `main` ended otherwise when observed throughout than in `judged`:
  /// finds the one observer that does this alone (halving the observers of the types of the
  /// statements before it) and stops running it. Returns whether one was found. Gives up at once
  /// when the change comes without observers too, or a probe neither ends as judged nor changes;
  /// no search is made after kMaxUnsettledSearches found none (or kMaxUnsettledElsewhere changes
  /// came without observers).
  bool quarantine_unsettling_observer(const Sequence& main, const harness::Outcome& judged, std::size_t changed);
  enum class Confirmed { reported, not_reproduced, known };
  /// report_failure's work: minimise, confirm, send the test. `known`: it
  /// came back as a failure already reported, or as a second suspect of a suspect's key.
  /// `doubted_hang`: a hang that comes back with the short timeout of known hangs is not run with
  /// the full one, unless its minimal form loses what makes it a suspect (see report_failure).
  Confirmed confirm_and_report(const Sequence& checked, std::size_t main_size, const Classified& found,
                               const Sink& sink, bool doubted_hang = false);
  void report_failure(const Sequence& checked, std::size_t main_size, const Classified& found, const Sink& sink);
  /// A rerun of `sequence`; `observe`: with the observer calls after each statement.
  harness::Outcome execute(const Sequence& sequence, bool observe);
  harness::protocol::RunRequest request_for(const Sequence& sequence, bool observe = true);
  /// An execution that died while observing: finds the observer to blame and stops running it.
  /// Returns whether one was found.
  bool quarantine_observer(const Sequence& checked, const harness::Outcome& outcome);

  const Catalog& catalog_;
  Execution& executor_;
  SequenceSource& source_;
  GeneratorOptions options_;
  Random random_;
  Pool pool_;
  ContractChecks contracts_;
  std::optional<LiteralPool> no_literals_;  ///< when options_.literals is null
  TheoryChecks theories_;
  GeneratorStats stats_;
  std::size_t unsettled_searches_failed_ = 0;  ///< quarantine_unsettling_observer found none
  std::size_t unsettled_elsewhere_ = 0;        ///< ... or the change came without observers too
  std::uint64_t next_id_ = 1;
  std::unordered_set<std::uint64_t> executed_;  ///< hashes of every candidate run
  std::set<std::string> failure_keys_;          ///< distinct failures seen
  /// Keys whose failure test is a suspect, and how often the key was examined. A suspect does not
  /// hide a failure of the same key found later with high confidence (a hang's key is just its
  /// callable): its key is examined again, a few times.
  std::map<std::string, std::size_t> suspect_keys_;
  std::map<std::string, std::size_t> slow_not_hung_;           ///< per hang key: times it was only slow
  std::map<std::string, std::set<std::uint64_t>> behaviours_;  ///< per callable: result signatures kept
  std::map<std::string, std::size_t> exceptions_kept_;         ///< per callable and exception type
  /// The blocks and edges the passing tests kept so far reach (places in the harness's coverage
  /// maps). A passing sequence is kept when it reaches one outside them: those that failing or
  /// invalid sequences reached first still need a test.
  std::vector<bool> kept_blocks_ = std::vector<bool>(harness::protocol::kCoveragePlaces, false);
  bool reaches_unkept(const harness::protocol::RunResult& result) const;
  void mark_kept(const harness::protocol::RunResult& result);
  std::vector<FreesRule> frees_;               ///< learned: candidates using what these free are not run
  std::vector<std::uint32_t> skip_observers_;  ///< sorted: observers that crash or hang
  const std::atomic<bool>* stop_ = nullptr;    ///< run()'s stop flag
  std::chrono::steady_clock::time_point run_start_;
  std::chrono::milliseconds full_call_timeout_;  ///< the executor's at the start
  bool hang_reported_ = false;
  std::size_t fallback_batches_ = 0;  ///< batches left to take from the fallback before trying the source again
  double mutation_share_ = 0.3;       ///< of each batch, from options_.mutation once it is ready
  /// Recent candidates and those that found new blocks, by whether mutation made them (decaying).
  double recent_runs_[2] = {0, 0}, recent_found_[2] = {0, 0};
  /// Past the deadline or asked to stop: minimisation ends early.
  bool out_of_time() const;
  /// Whether options_.known_hang_timeout shortens the executor's call timeout.
  bool shorter_hang_timeout() const;
};

}  // namespace palus::generation
