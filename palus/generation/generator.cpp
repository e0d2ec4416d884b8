#include "palus/generation/generator.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <span>
#include <tuple>
#include <utility>

#include "core/elapsed.hpp"
#include "core/hash.hpp"
#include "palus/generation/confidence.hpp"
#include "palus/generation/legal_inputs.hpp"
#include "palus/generation/minimise.hpp"
#include "palus/generation/random_step.hpp"

namespace palus::generation {
namespace {

using harness::protocol::RunResult;
using harness::protocol::Value;
using harness::protocol::ValueKind;

std::uint64_t signature_of(const Value& v, std::uint64_t h) {
  h = hash::mix(h, static_cast<std::uint64_t>(v.kind));
  switch (v.kind) {
    case ValueKind::boolean:
    case ValueKind::signed_integer:
      return hash::mix(h, static_cast<std::uint64_t>(v.i));
    case ValueKind::unsigned_integer:
      return hash::mix(h, v.u);
    case ValueKind::floating:
      return hash::mix(h, std::bit_cast<std::uint64_t>(v.d));
    case ValueKind::string:
    case ValueKind::object:
      for (unsigned char ch : v.s) h = hash::mix(h, ch);
      return h;
    case ValueKind::none:
      return h;
  }
  return h;
}

/// What the last statement did, as a regression test would assert it.
std::uint64_t behaviour_of(const RunResult& result, std::size_t last) {
  std::uint64_t h = hash::kSeed;
  if (last >= result.statements.size()) return h;
  const auto& answer = result.statements[last];
  h = signature_of(answer.value, h);
  for (const auto& o : answer.observations) {
    h = hash::mix(h, o.callable);
    h = hash::mix(h, o.threw);
    h = signature_of(o.value, h);
  }
  return h;
}

/// Answers of the sequence's own statements only (contract checks dropped).
RunResult main_part(RunResult result, std::size_t main_size) {
  if (result.statements.size() > main_size) result.statements.resize(main_size);
  return result;
}

/// Whether the failure was found in a check after the sequence (a contract, theory or invariant
/// violated, or a crash inside one).
bool in_a_check(const Sequence& checked, std::size_t main_size, const Classified& found) {
  return found.statement >= 0 && static_cast<std::size_t>(found.statement) >= main_size &&
         static_cast<std::size_t>(found.statement) < checked.size();
}

/// The failing sequence: the candidate itself, or when a check failed, the candidate and that one check.
Sequence failing_sequence(const Sequence& checked, std::size_t main_size, const Classified& found) {
  Sequence failing = checked.prefix(main_size);
  if (in_a_check(checked, main_size, found))
    failing = failing.extended(checked[static_cast<std::size_t>(found.statement)]);
  return failing;
}

std::string ended_as(const harness::protocol::StatementResult& r) {
  switch (r.status) {
    case harness::protocol::StatementStatus::normal:
      return "normally";
    case harness::protocol::StatementStatus::exception:
      return "throwing " + (r.exception_type.empty() ? std::string("an exception") : r.exception_type);
    case harness::protocol::StatementStatus::invalid_input:
      return "refusing its inputs";
    case harness::protocol::StatementStatus::oom:
      return "throwing " + (r.exception_type.empty() ? std::string("std::bad_alloc") : r.exception_type);
    case harness::protocol::StatementStatus::bad_request:
      return "as a malformed request";
  }
  return "otherwise";
}

/// Statement `k` of `main` ended as `was` when judged and otherwise in the rerun `alone`.
std::string unsteady_statement(const Sequence& main, std::size_t k, const harness::protocol::StatementResult& was,
                               const harness::Outcome& alone, const Catalog& catalog) {
  const auto& now = alone.result.statements;
  const std::string then = k < now.size() ? ended_as(now[k])
                                          : "without an answer (the run ended in phase " + alone.phase + ": " +
                                                std::string(harness::to_string(alone.kind)) +
                                                (alone.message.empty() ? "" : ", " + alone.message) + ")";
  return "statement " + std::to_string(k + 1) + " of " + std::to_string(main.size()) + ", " +
         catalog.callables[main[k].callable].id + ", ended " + ended_as(was) + " when judged and " + then +
         " when run again";
}

/// The first of `main`'s statements that ended otherwise in `now` than in `was`; n when none did
/// (n: the statements both runs answered for, at most `main`'s).
std::size_t first_changed(const std::vector<harness::protocol::StatementResult>& was,
                          const std::vector<harness::protocol::StatementResult>& now, std::size_t n) {
  std::size_t k = 0;
  while (k < n && k < now.size() && now[k].status == was[k].status && now[k].exception_type == was[k].exception_type)
    ++k;
  return k;
}

/// The record types of the objects statements [from, upto) make or take: the types whose
/// observers run after them.
std::set<std::string> types_of(const Sequence& sequence, std::size_t from, std::size_t upto, const Catalog& catalog) {
  std::set<std::string> types;
  for (std::size_t k = from; k < upto && k < sequence.size(); ++k) {
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    types.insert(info.yields.begin(), info.yields.end());
    for (const auto& need : info.inputs)
      if (!need.literal) types.insert(need.record);
  }
  return types;
}

/// The harness died or hung in an observer call (not the sequence's own statements).
bool died_observing(const harness::Outcome& outcome) {
  return outcome.phase == "observe" && outcome.kind != harness::OutcomeKind::normal &&
         outcome.kind != harness::OutcomeKind::exception;
}

/// What minimising one failure may take (a hang: two full call timeouts).
constexpr double kMinimiseSeconds = 1.0;
/// How often a key whose failure was a suspect is examined again for a confident failure.
constexpr std::size_t kSuspectReexaminations = 2;
/// Searches for an unsettling observer that found none, after which no more are made: each costs
/// up to twice the log of the observers in runs.
constexpr std::size_t kMaxUnsettledSearches = 16;
/// Changes that came without observers too (one run each), after which no search is made.
constexpr std::size_t kMaxUnsettledElsewhere = 64;

const api::Api& api_of(const Catalog& catalog) {
  static const api::Api none;
  return catalog.api ? *catalog.api : none;
}

}  // namespace

Generator::Generator(const Catalog& catalog, Execution& executor, SequenceSource& source, GeneratorOptions options)
    : catalog_(catalog),
      executor_(executor),
      source_(source),
      options_(options),
      random_(options.seed),
      contracts_(catalog),
      no_literals_(options.literals ? std::nullopt : std::make_optional<LiteralPool>(api_of(catalog))),
      theories_(catalog, options.literals ? *options.literals : *no_literals_, options.theories),
      full_call_timeout_(executor.call_timeout()) {}

harness::protocol::RunRequest Generator::request_for(const Sequence& sequence, bool observe) {
  harness::protocol::RunRequest request = sequence.request(next_id_++, observe);
  request.skip_observers = skip_observers_;
  request.last_in_child = writes_static_state(sequence, catalog_);
  return request;
}

harness::Outcome Generator::execute(const Sequence& sequence, bool observe) {
  harness::protocol::RunRequest request = request_for(sequence, observe);
  request.count_blocks = false;  // a rerun: its blocks were counted (or not) when it was judged
  return executor_.run(request);
}

bool Generator::quarantine_observer(const Sequence& checked, const harness::Outcome& outcome) {
  if (outcome.statement < 0 || static_cast<std::size_t>(outcome.statement) >= checked.size()) return false;
  const auto at = static_cast<std::size_t>(outcome.statement);
  const std::set<std::string> types = types_of(checked, at, at + 1, catalog_);
  const Sequence upto = checked.prefix(at + 1);
  std::vector<std::uint32_t> all;
  for (const auto& c : catalog_.callables)
    if (c.is_observer && !std::binary_search(skip_observers_.begin(), skip_observers_.end(), c.index))
      all.push_back(c.index);
  for (std::uint32_t suspect : all) {
    if (!types.count(catalog_.callables[suspect].callable->owner)) continue;
    harness::protocol::RunRequest alone = request_for(upto);
    alone.count_blocks = false;
    for (std::uint32_t other : all)
      if (other != suspect) alone.skip_observers.push_back(other);
    std::sort(alone.skip_observers.begin(), alone.skip_observers.end());
    ++stats_.quarantine_probes;
    const harness::Outcome probe = executor_.run(alone);
    if (probe.kind == outcome.kind && probe.phase == "observe") {
      skip_observers_.insert(std::lower_bound(skip_observers_.begin(), skip_observers_.end(), suspect), suspect);
      ++stats_.quarantined_observers;
      return true;
    }
  }
  return false;
}

bool Generator::quarantine_unsettling_observer(const Sequence& main, const harness::Outcome& judged,
                                               std::size_t changed) {
  // Only observers after an earlier statement can change how statement `changed` ends.
  if (changed == 0 || unsettled_searches_failed_ >= kMaxUnsettledSearches ||
      unsettled_elsewhere_ >= kMaxUnsettledElsewhere)
    return false;
  const std::set<std::string> types = types_of(main, 0, changed, catalog_);
  std::vector<std::uint32_t> all, suspects;
  for (const auto& c : catalog_.callables)
    if (c.is_observer && !std::binary_search(skip_observers_.begin(), skip_observers_.end(), c.index)) {
      all.push_back(c.index);
      if (types.count(c.callable->owner)) suspects.push_back(c.index);
    }
  if (suspects.empty()) return false;
  const std::size_t n = std::min(main.size(), judged.result.statements.size());
  // Observing with `observed` alone: every statement ends as judged, one ends otherwise, or the
  // run says neither (a death, a hang, statements unanswered).
  enum class Probe { same, changed, neither };
  auto probe = [&](std::span<const std::uint32_t> observed) {
    harness::protocol::RunRequest request = request_for(main);
    request.count_blocks = false;
    for (std::uint32_t other : all)
      if (std::find(observed.begin(), observed.end(), other) == observed.end()) request.skip_observers.push_back(other);
    std::sort(request.skip_observers.begin(), request.skip_observers.end());
    ++stats_.quarantine_probes;
    const harness::Outcome ran = executor_.run(request);
    if (ran.kind != harness::OutcomeKind::normal && ran.kind != harness::OutcomeKind::exception) return Probe::neither;
    if (first_changed(judged.result.statements, ran.result.statements, n) < n) return Probe::changed;
    return ran.result.statements.size() < n ? Probe::neither : Probe::same;
  };
  // Without observers it must end as judged, or the change is not theirs (state the sequence
  // leaves, a flaky call).
  if (probe({}) != Probe::same) {
    ++unsettled_elsewhere_;
    return false;
  }
  std::span<const std::uint32_t> left(suspects);
  bool found = true;
  while (found && left.size() > 1) {
    const std::size_t half = left.size() / 2;
    const Probe first = probe(left.first(half));
    if (first == Probe::changed)
      left = left.first(half);
    else if (first == Probe::same && probe(left.subspan(half)) == Probe::changed)
      left = left.subspan(half);
    else
      found = false;  // only some observers together do it, or a probe said neither
  }
  // One suspect from the start was never tried alone.
  if (found && suspects.size() == 1) found = probe(left) == Probe::changed;
  if (!found) {
    ++unsettled_searches_failed_;
    return false;
  }
  skip_observers_.insert(std::lower_bound(skip_observers_.begin(), skip_observers_.end(), left[0]), left[0]);
  ++stats_.quarantined_observers;
  ++stats_.unsettling_observers;
  return true;
}

bool Generator::shorter_hang_timeout() const {
  return options_.known_hang_timeout.count() > 0 && options_.known_hang_timeout < full_call_timeout_;
}

bool Generator::out_of_time() const {
  return (stop_ && stop_->load()) || std::chrono::steady_clock::now() >= options_.deadline;
}

void Generator::fill_batch(std::vector<Sequence>& checked, std::vector<std::size_t>& main_sizes,
                           std::vector<harness::protocol::RunRequest>& requests, std::vector<Origin>& origins) {
  std::size_t want = options_.batch;
  if (options_.max_steps) want = std::min<std::uint64_t>(want, options_.max_steps - stats_.executed);
  auto draw = [&](SequenceSource& from, Origin origin, std::size_t upto) {
    for (std::size_t attempt = 0; checked.size() < upto && attempt < want * 4; ++attempt) {
      std::optional<Sequence> candidate = from.next(pool_, random_);
      if (!candidate) continue;
      candidate = with_legal_lengths(*candidate, catalog_);
      if (changes_read_only(catalog_, *candidate)) {  // the last guard; the sources should not build these
        ++stats_.changes_read_only;
        from.dropped(*candidate, false);
        continue;
      }
      if (uses_freed_object(*candidate, frees_, catalog_)) {
        ++stats_.uses_freed;
        from.dropped(*candidate, false);
        continue;
      }
      if (!executed_.insert(candidate->hash()).second) {
        ++stats_.duplicates;
        from.dropped(*candidate, true);
        continue;
      }
      Sequence with_checks = theories_.appended(contracts_.appended(*candidate, random_), candidate->size(), random_);
      if (changes_read_only(catalog_, with_checks)) {  // the checks' appenders should not build these either
        ++stats_.changes_read_only;
        executed_.erase(candidate->hash());  // not run: a later draw may still run it
        from.dropped(*candidate, false);
        continue;
      }
      main_sizes.push_back(candidate->size());
      checked.push_back(std::move(with_checks));
      requests.push_back(request_for(checked.back()));
      requests.back().test_statements = static_cast<std::uint32_t>(candidate->size());
      // Judged by its last statement (behaviour_of, the blocks its test reaches): a test made of it
      // is observed in full when kept (answers_alone).
      requests.back().observe_from = static_cast<std::uint32_t>(candidate->size() - 1);
      // Never a regression test (keep_regression), so the blocks it reaches stay for one that can be.
      if (writes_static_state(*candidate, catalog_)) requests.back().count_blocks = false;
      origins.push_back(origin);
    }
  };
  if (options_.mutation && options_.mutation->ready())
    draw(*options_.mutation, Origin::mutation, static_cast<std::size_t>(static_cast<double>(want) * mutation_share_));
  const std::size_t before = requests.size();
  if (fallback_batches_ == 0 || options_.fallback == nullptr) draw(source_, Origin::source, want);
  if (requests.size() > before || options_.fallback == nullptr) return;
  // The source found nothing new: the fallback's turn for a while, then the source again (its
  // pool and reaching sequences may have grown meanwhile).
  fallback_batches_ = fallback_batches_ == 0 ? 7 : fallback_batches_ - 1;  // this batch and 7 more
  draw(*options_.fallback, Origin::fallback, want);
  stats_.from_fallback += requests.size() - before;
}

const std::string& Generator::name_of(Origin origin) const {
  static const std::string mutation = "mutation";
  switch (origin) {
    case Origin::source:
      return options_.source_name;
    case Origin::fallback:
      return options_.fallback_name;
    case Origin::mutation:
      break;
  }
  return mutation;
}

void Generator::account(const std::vector<Origin>& origins, const std::vector<harness::Outcome>& outcomes,
                        double seconds) {
  constexpr double kDecay = 0.98;  // per batch: what the last few thousand candidates did counts
  for (std::size_t m = 0; m < 2; ++m) {
    recent_runs_[m] *= kDecay;
    recent_found_[m] *= kDecay;
  }
  for (std::size_t k = 0; k < outcomes.size() && k < origins.size(); ++k) {
    StrategyStats& s = stats_.strategies[name_of(origins[k])];
    const std::size_t found = outcomes[k].result.new_blocks.size();
    ++s.executed;
    s.seconds += seconds / static_cast<double>(outcomes.size());
    if (found > 0) {
      ++s.found;
      s.new_blocks += found;
    }
    const std::size_t m = origins[k] == Origin::mutation ? 1 : 0;
    recent_runs_[m] += 1;
    if (found > 0) recent_found_[m] += 1;
  }
  // Each side's rate of finding, with one find in two runs as the prior; the share of mutation
  // follows its part of the two rates, never below 0.1 or above 0.7 (the other sources grow the
  // pool and reach new callables, which mutation cannot).
  const double mutated = (recent_found_[1] + 1) / (recent_runs_[1] + 2);
  const double other = (recent_found_[0] + 1) / (recent_runs_[0] + 2);
  mutation_share_ = std::clamp(mutated / (mutated + other), 0.1, 0.7);
}

void Generator::run(const std::atomic<bool>& stop, const Sink& sink, const Progress& progress) {
  stop_ = &stop;
  run_start_ = std::chrono::steady_clock::now();
  auto last_progress = std::chrono::steady_clock::now();
  std::size_t barren = 0;  // batches in a row that found no candidate at all
  bool published = false;  // progress() was called
  while (!stop.load() && std::chrono::steady_clock::now() < options_.deadline) {
    if (options_.max_steps && stats_.executed >= options_.max_steps) break;
    std::vector<Sequence> checked;
    std::vector<std::size_t> main_sizes;
    std::vector<harness::protocol::RunRequest> requests;
    std::vector<Origin> origins;
    const auto making_start = std::chrono::steady_clock::now();
    fill_batch(checked, main_sizes, requests, origins);
    stats_.making_s += seconds_since(making_start);
    if (requests.empty()) {
      if (++barren >= 100) break;  // nothing new is reachable from any source
      continue;
    }
    barren = 0;
    const auto batch_start = std::chrono::steady_clock::now();
    std::vector<harness::Outcome> outcomes = executor_.run_batch(requests);
    // Blocks a candidate reached without counting them (it writes static state) are no find:
    // credited, they would draw mutation to it without end.
    for (std::size_t k = 0; k < outcomes.size() && k < requests.size(); ++k)
      if (!requests[k].count_blocks) {
        outcomes[k].result.new_blocks.clear();
        outcomes[k].result.reached_blocks.clear();
      }
    const double batch_s = seconds_since(batch_start);
    stats_.running_s += batch_s;
    account(origins, outcomes, batch_s);
    stats_.executed += outcomes.size();
    for (const auto& outcome : outcomes) stats_.blocks = std::max(stats_.blocks, outcome.result.total_blocks);
    if (progress && !published) {
      // Before the first test reaches the sink: what is written with it (report.yaml) counts the
      // sequences that found it, even when judging this batch (minimising a hang) takes seconds.
      published = true;
      last_progress = std::chrono::steady_clock::now();
      stats_.pool = pool_.size();
      progress(stats_);
    }
    const auto judging_start = std::chrono::steady_clock::now();
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
      judge(checked[k], main_sizes[k], outcomes[k], sink);
      if (stop.load()) break;
    }
    stats_.judging_s += seconds_since(judging_start);
    stats_.pool = pool_.size();
    if (auto now = std::chrono::steady_clock::now(); progress && now - last_progress > std::chrono::milliseconds(250)) {
      last_progress = now;
      progress(stats_);
    }
  }
  stats_.pool = pool_.size();
  if (progress) progress(stats_);
}

void Generator::judge(const Sequence& checked, std::size_t main_size, const harness::Outcome& outcome,
                      const Sink& sink) {
  if (died_observing(outcome) && quarantine_observer(checked, outcome)) {
    // Not the sequence's fault: run it again without the observer.
    executed_.erase(checked.prefix(main_size).hash());
    ++stats_.invalid;
    return;
  }
  const Classified found = classify(outcome, checked, main_size, catalog_, options_.feedback);
  // A check appended to the sequence (contract, theory, invariant) failed, but every statement of
  // the sequence itself ran normally: the sequence still goes into the pool and may be a
  // regression test; the failure is reported on its own.
  const bool main_normal =
      found.verdict == Verdict::normal ||
      (found.verdict == Verdict::failure && found.statement >= 0 &&
       static_cast<std::size_t>(found.statement) >= main_size && ran_normally(outcome.result, main_size));
  const Sequence main = checked.prefix(main_size);
  source_.executed(main, main_normal ? Verdict::normal : found.verdict, outcome.result);
  if (options_.mutation)
    options_.mutation->executed(main, main_normal ? Verdict::normal : found.verdict, outcome.result);
  if (main_normal) {
    // Not extended: every extension would carry the static write and could never be kept either.
    if (!writes_static_state(main, catalog_)) pool_.add(main, yields_of(main, catalog_), random_);
    keep_regression(main, outcome, sink);
  }
  switch (found.verdict) {
    case Verdict::normal:
      ++stats_.normal;
      return;
    case Verdict::exception:
      ++stats_.exception;
      keep_exception(main, outcome, sink);
      return;
    case Verdict::invalid:
      ++stats_.invalid;
      if (found.frees && std::find(frees_.begin(), frees_.end(), *found.frees) == frees_.end()) {
        frees_.push_back(*found.frees);
        stats_.preconditions.push_back(describe(*found.frees, catalog_));
      }
      return;
    case Verdict::failure:
      ++stats_.failure;
      report_failure(checked, main_size, found, sink);
      return;
  }
}

bool Generator::too_noisy(const harness::Outcome& outcome) {
  if (outcome.output_bytes <= options_.max_test_output_bytes) return false;
  ++stats_.noisy;
  return true;
}

bool Generator::by_coverage(const harness::Outcome& outcome) const {
  return !options_.keep_all && outcome.result.total_blocks > 0;
}

bool Generator::reaches_unkept(const harness::protocol::RunResult& result) const {
  return std::any_of(result.reached_blocks.begin(), result.reached_blocks.end(),
                     [&](std::uint32_t b) { return b < kept_blocks_.size() && !kept_blocks_[b]; });
}

void Generator::mark_kept(const harness::protocol::RunResult& result) {
  for (std::uint32_t b : result.reached_blocks)
    if (b < kept_blocks_.size()) kept_blocks_[b] = true;
}

bool Generator::refused(const harness::Outcome& outcome) {
  if (outcome.blocked.empty()) return false;
  ++stats_.refused;
  return true;
}

bool Generator::writes_static(const Sequence& main) {
  if (!writes_static_state(main, catalog_)) return false;
  ++stats_.writes_static;
  return true;
}

void Generator::keep_regression(const Sequence& main, const harness::Outcome& outcome, const Sink& sink) {
  if (options_.regression_per_callable == 0) return;  // failures only
  if (refused(outcome) || writes_static(main)) return;
  const CallableInfo& last = catalog_.callables[main[main.size() - 1].callable];
  auto& seen = behaviours_[last.id];
  const std::uint64_t behaviour = behaviour_of(outcome.result, main.size() - 1);
  if (by_coverage(outcome)) {
    if (!reaches_unkept(outcome.result)) {
      ++stats_.cut_no_new_blocks;
      return;
    }
    if (too_noisy(outcome)) return;
  } else {
    if (seen.size() >= options_.regression_per_callable) return;
    if (too_noisy(outcome)) return;
    if (seen.count(behaviour)) return;
  }
  auto answers = answers_alone(main, outcome);
  if (!answers) return;
  seen.insert(behaviour);
  TestCase test;
  test.kind = TestKind::regression;
  test.sequence = main;
  test.result = std::move(*answers);
  test.subject = subject_of(last);
  ++stats_.regression_tests;
  mark_kept(outcome.result);
  sink(std::move(test));
}

std::optional<RunResult> Generator::answers_alone(const Sequence& main, const harness::Outcome& judged) {
  struct Timed {  // every return counts
    double& total;
    std::chrono::steady_clock::time_point from = std::chrono::steady_clock::now();
    ~Timed() { total += seconds_since(from); }
  } timed{stats_.rerunning_s};
  harness::Outcome alone = execute(main, true);
  ++stats_.run_alone;
  // An observer the judging run did not call (one after an earlier statement) crashed or hung:
  // it is not run again, and the test is not kept.
  if (died_observing(alone)) quarantine_observer(main, alone);
  const auto& was = judged.result.statements;
  const std::size_t n = std::min(main.size(), was.size());
  std::size_t k = first_changed(was, alone.result.statements, n);
  if (k < n && k < alone.result.statements.size() && quarantine_unsettling_observer(main, judged, k)) {
    alone = execute(main, true);
    if (died_observing(alone)) quarantine_observer(main, alone);
    k = first_changed(was, alone.result.statements, n);
  }
  const auto& now = alone.result.statements;
  if (k < n) {
    // A rerun whose harness died answered nothing: the statement it died at is the one.
    if (k >= now.size() && alone.statement >= 0) k = std::min(static_cast<std::size_t>(alone.statement), n - 1);
    if (++stats_.unsteady_alone == 1) stats_.first_unsteady = unsteady_statement(main, k, was[k], alone, catalog_);
    return std::nullopt;
  }
  // What the observers after earlier statements did is judged as the candidate's own calls were.
  if (refused(alone) || too_noisy(alone)) return std::nullopt;
  RunResult answers = main_part(std::move(alone.result), main.size());
  // The blocks are the judging run's: the rerun counted none, and its test is kept for those.
  answers.new_blocks = judged.result.new_blocks;
  answers.reached_blocks = judged.result.reached_blocks;
  answers.total_blocks = judged.result.total_blocks;
  return answers;
}

void Generator::keep_exception(const Sequence& main, const harness::Outcome& outcome, const Sink& sink) {
  const std::size_t last_index = main.size() - 1;
  const CallableInfo& last = catalog_.callables[main[last_index].callable];
  const std::string type =
      last_index < outcome.result.statements.size() ? outcome.result.statements[last_index].exception_type : "";
  const std::string identity = last.id + "\n" + type;
  std::size_t& kept = exceptions_kept_[identity];
  if (kept >= options_.exceptions_per_callable) return;
  if (refused(outcome) || writes_static(main)) return;
  if (by_coverage(outcome) && kept > 0 && !reaches_unkept(outcome.result)) {
    ++stats_.cut_no_new_blocks;
    return;
  }
  if (too_noisy(outcome)) return;
  auto answers = answers_alone(main, outcome);
  if (!answers) return;
  ++kept;
  TestCase test;
  test.kind = TestKind::expected_exception;
  test.sequence = main;
  test.result = std::move(*answers);
  test.failing_statement = static_cast<int>(last_index);
  test.exception_type = type;
  test.message = outcome.message;
  test.subject = subject_of(last);
  test.identity = identity;
  ++stats_.exception_tests;
  mark_kept(outcome.result);
  sink(std::move(test));
}

void Generator::report_failure(const Sequence& checked, std::size_t main_size, const Classified& found,
                               const Sink& sink) {
  if (failure_keys_.count(found.key)) return;
  const auto suspect_as_found = [&] {
    Classified as_found = found;
    if (as_found.statement >= static_cast<int>(main_size))
      as_found.statement = in_a_check(checked, main_size, found) ? static_cast<int>(main_size) : -1;
    return !judge_confidence(as_found, failing_sequence(checked, main_size, found), catalog_).high;
  };
  if (const auto suspect = suspect_keys_.find(found.key); suspect != suspect_keys_.end()) {
    // Met again after a suspect: worth the runs only when nothing makes it suspect as found.
    if (suspect->second > kSuspectReexaminations || suspect_as_found()) return;
  }
  failure_keys_.insert(found.key);
  const auto started = std::chrono::steady_clock::now();
  const bool hang = found.kind == "hang";
  if (hang) ++stats_.hangs_examined;
  // Confirmed with the full call timeout: a call that was only slow is no hang. But under a time
  // budget a hang that is a suspect as found (a huge size asked for the time: confidence.hpp) is
  // written as a suspect whether it hangs or is only slow, so it is examined with the short
  // timeout of known hangs: each full-timeout run cost 2 s of jsoncpp's 20 s of generation (its
  // resize(2^30) and valueToString's 2^31 digits, three a run, took 8.9 s).
  const bool doubted_hang = hang && options_.max_steps == 0 && shorter_hang_timeout() && suspect_as_found();
  executor_.set_call_timeout(doubted_hang ? options_.known_hang_timeout : full_call_timeout_);
  if (doubted_hang) ++stats_.hangs_doubted;
  const Confirmed confirmed = confirm_and_report(checked, main_size, found, sink, doubted_hang);
  const bool reported = confirmed == Confirmed::reported;
  if (hang && confirmed == Confirmed::not_reproduced) {
    ++stats_.hangs_unconfirmed;
    // A call the short timeout cut off may just be slow: met again it is looked at again, but a
    // callable that was only slow twice costs a full timeout no more.
    if (++slow_not_hung_[found.key] < 2) failure_keys_.erase(found.key);
  }
  hang_reported_ = hang_reported_ || (reported && hang);
  if (shorter_hang_timeout() && hang_reported_)
    executor_.set_call_timeout(options_.known_hang_timeout);
  else if (doubted_hang)
    executor_.set_call_timeout(full_call_timeout_);
  stats_.reporting_s += seconds_since(started);
}

Generator::Confirmed Generator::confirm_and_report(const Sequence& checked, std::size_t main_size,
                                                   const Classified& found, const Sink& sink, bool doubted_hang) {
  const bool in_check = in_a_check(checked, main_size, found);
  Sequence failing = failing_sequence(checked, main_size, found);
  // Minimised and confirmed without observer calls, as the failure test is printed: an observer
  // may change its object (a const method with mutable state, one that threw halfway), and a
  // failure that needs that change would not come back when the test runs.
  auto judged = [&](const Sequence& s, bool observe = false) {
    harness::Outcome outcome = execute(s, observe);
    Classified verdict = classify(outcome, s, in_check ? s.size() - 1 : s.size(), catalog_, options_.feedback);
    return std::make_pair(std::move(outcome), std::move(verdict));
  };
  auto same_failure = [&](const Classified& c) { return c.verdict == Verdict::failure && c.key == found.key; };
  // First confirmed as it was found, before any run is spent on minimising it: a failure that
  // does not come back (a slow call, a flaky one) costs one run. Run again it may show as another
  // failure: that one is reported as it is, once.
  auto [final_outcome, final_verdict] = judged(failing);
  if (final_verdict.verdict != Verdict::failure) return Confirmed::not_reproduced;  // flaky in the harness already
  // Run with the short timeout only, another failure could be a call that is just slow.
  if (doubted_hang && !same_failure(final_verdict)) return Confirmed::not_reproduced;
  Sequence minimal = failing;
  if (same_failure(final_verdict)) {
    // Minimising costs runs that find nothing new, so under a time budget a failure gets a bounded
    // share of time, and none once minimising took a third of generation. A run bounded by
    // max_steps minimises fully: it must be deterministic.
    const auto started = std::chrono::steady_clock::now();
    const double generated_s = std::chrono::duration<double>(started - run_start_).count();
    const bool timed = options_.max_steps == 0;
    const bool hang = found.kind == "hang";
    // Under a time budget a confirmed hang is minimised with the short timeout of known hangs
    // (each attempt that still hangs would take the full one), and its minimal form confirmed with
    // the full timeout. A max_steps run keeps the full one: a call near the short timeout on a
    // loaded machine would make its tests differ from run to run.
    const bool short_attempts = hang && timed && shorter_hang_timeout();
    const std::chrono::duration<double> allowed =
        stats_.minimising_s > generated_s / 3
            ? std::chrono::duration<double>(0)
            : std::chrono::duration<double>(hang ? 2.0 * std::chrono::duration<double>(full_call_timeout_).count()
                                                 : kMinimiseSeconds);
    // The outcome of the last attempt that reproduced: the minimal form's, shown by the test.
    std::optional<std::pair<harness::Outcome, Classified>> last_reproduced;
    auto still_fails = [&](const Sequence& s) {
      // Past the deadline: keep what is minimised so far; the deadline is the user's.
      if (out_of_time() || (timed && std::chrono::steady_clock::now() - started > allowed)) return false;
      auto attempt = judged(s);
      if (!same_failure(attempt.second)) return false;
      last_reproduced = std::move(attempt);
      return true;
    };
    if (short_attempts) executor_.set_call_timeout(options_.known_hang_timeout);
    Sequence shorter = minimise(failing, 1, still_fails, short_attempts ? 12 : hang ? 6 : 200);
    const bool still_doubted =
        doubted_hang && last_reproduced && !judge_confidence(last_reproduced->second, shorter, catalog_).high;
    if (short_attempts && !still_doubted) executor_.set_call_timeout(full_call_timeout_);
    if (last_reproduced && short_attempts && !still_doubted) last_reproduced = judged(shorter);
    if (last_reproduced && same_failure(last_reproduced->second)) {
      minimal = std::move(shorter);
      std::tie(final_outcome, final_verdict) = std::move(*last_reproduced);
    }
    stats_.minimising_s += seconds_since(started);
  }
  if (final_verdict.key != found.key && !failure_keys_.insert(final_verdict.key).second) return Confirmed::known;

  TestCase test;
  test.kind = TestKind::failure;
  test.sequence = minimal;
  test.result = final_outcome.result;
  test.failure_kind = final_verdict.kind;
  test.failing_statement =
      final_verdict.statement >= 0 ? final_verdict.statement : static_cast<int>(minimal.size() - 1);
  test.message = final_verdict.message;
  test.identity = final_verdict.key;
  const auto failing_index = static_cast<std::size_t>(test.failing_statement);
  test.subject = subject_of(catalog_.callables[minimal[std::min(failing_index, minimal.size() - 1)].callable]);
  // A crash, hang or out-of-memory leaves no observations: the statements before it, run again,
  // show the objects' sizes.
  std::optional<harness::protocol::RunResult> observed;
  const bool died = final_verdict.kind == "crash" || final_verdict.kind == "sanitizer" ||
                    final_verdict.kind == "hang" || final_verdict.kind == "oom";
  if (died && failing_index > 0 && !out_of_time())
    observed = execute(minimal.prefix(std::min(failing_index, minimal.size())), true).result;
  const Confidence confidence = judge_confidence(final_verdict, minimal, catalog_, observed ? &*observed : nullptr);
  if (!confidence.high) {
    // Kept apart, so that the same key met again is examined again, up to a bound.
    bool again = false;
    for (const std::string& key : std::set<std::string>{found.key, final_verdict.key}) {
      failure_keys_.erase(key);
      again = suspect_keys_[key]++ > 0 || again;
    }
    if (again) return Confirmed::known;
  } else {
    suspect_keys_.erase(found.key);
  }
  test.suspicion = confidence.suspicion;
  if (!confidence.precondition.empty() && std::find(stats_.preconditions.begin(), stats_.preconditions.end(),
                                                    confidence.precondition) == stats_.preconditions.end())
    stats_.preconditions.push_back(confidence.precondition);
  ++stats_.failures_by_kind[test.failure_kind];
  ++stats_.failure_tests;
  if (!confidence.high) ++stats_.suspect_tests;
  sink(std::move(test));
  return Confirmed::reported;
}

}  // namespace palus::generation
