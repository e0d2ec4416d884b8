#include "palus/generate_stage.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <tuple>

#include "core/error.hpp"
#include "core/text.hpp"
#include "harness/codegen/code_digest.hpp"
#include "harness/executor/executor.hpp"
#include "palus/analysis/sample_texts.hpp"
#include "palus/config/compile_db.hpp"
#include "palus/generation/generator.hpp"
#include "palus/generation/guided_source.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/mutation_source.hpp"
#include "palus/generation/random_step.hpp"
#include "palus/generation/split_execution.hpp"
#include "palus/interrupt.hpp"
#include "palus/report/progress.hpp"
#include "palus/run_budget.hpp"
#include "palus/suite/test_checker.hpp"
#include "palus/test_pipeline.hpp"
#include "palus/writer/suite_includes.hpp"
#include "palus/writer/suite_writer.hpp"

namespace palus {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// run.log: one timestamped line per event, shared by the generator's and the pipeline's threads.
/// Paths below the project's folder are written relative to it, so that the output folder holds
/// no path of the machine it was made on (a shard's folder is copied elsewhere to be merged).
class RunLog {
 public:
  RunLog(const fs::path& file, std::string project_prefix)
      : out_(file, std::ios::trunc), project_(std::move(project_prefix)), start_(Clock::now()) {
    if (!out_) throw UserError(fmt::format("{}: cannot write the run log", file.string()));
  }
  void operator()(const std::string& line) {
    std::lock_guard lock(mutex_);
    out_ << fmt::format("[{:8.2f}] ", std::chrono::duration<double>(Clock::now() - start_).count())
         << text::erase_all(line, project_) << '\n';
    out_.flush();
  }

 private:
  std::mutex mutex_;
  std::ofstream out_;
  std::string project_;
  Clock::time_point start_;
};

void fill_unsupported(report::RunReport& r, const api::Api& api, const HarnessStageResult& harness) {
  for (const auto& u : api.unsupported) r.unsupported.push_back({u.entity, u.reason});
  for (const auto& u : harness.uncallable) r.unsupported.push_back({u.id, u.reason});
  for (const auto& b : harness.palus_bugs)
    r.unsupported.push_back({b, "its generated call did not compile (a palus bug)"});
}

std::string failing_callable(const generation::TestCase& test, const generation::Catalog& catalog) {
  if (test.sequence.empty()) return "";
  const std::size_t k =
      std::min<std::size_t>(static_cast<std::size_t>(std::max(test.failing_statement, 0)), test.sequence.size() - 1);
  return catalog.callables[test.sequence[k].callable].id;
}

// ---- plan: the report's fixed fields, the executor, the sources of candidates ----

report::RunReport start_summary(const GenerateRequest& request, bool guided) {
  const Config& config = *request.config;
  report::RunReport summary;
  summary.palus_version = PALUS_VERSION;
  summary.command = request.command;
  summary.seed = config.generate.seed;
  summary.mode = std::string(to_string(guided ? config.generate.mode : GenerationMode::random));
  summary.time_limit_s = std::chrono::duration<double>(config.generate.time_limit).count();
  summary.max_steps = request.max_steps;
  summary.stages_s = request.stages_s;
  if (const Shard shard = config.generate.shard; !shard.whole())
    summary.shard = report::ShardInfo{shard.index, shard.count, shard_seed(config.generate.seed, shard)};
  fill_unsupported(summary, *request.api, request.harness);
  return summary;
}

harness::ExecutorOptions executor_options(const GenerateRequest& request, RunLog& log) {
  const Config& config = *request.config;
  harness::ExecutorOptions options;
  options.harness = request.harness.executable;
  options.run_dir = request.work_dir / "run";
  options.call_timeout = config.sandbox.call_timeout;
  options.sequence_timeout = std::max(std::chrono::milliseconds(10'000), config.sandbox.call_timeout * 5);
  options.memory_bytes = config.sandbox.memory_bytes;
  options.sanitized = !request.sanitizers.empty();
  options.fork_server = config.sandbox.fork_server;
  options.sequences_per_child = static_cast<unsigned>(config.sandbox.sequences_per_child);
  options.log = [&log](const std::string& line) { log("harness: " + line); };
  return options;
}

/// Where candidates come from: the random step, and in the guided modes the model's guide.
struct Sources {
  Sources(const generation::Catalog& catalog, const generation::LiteralPool& literals,
          generation::StepOptions step_options)
      : step(catalog, literals, step_options), random_source(step) {}

  generation::SequenceSource& source() {
    return guided ? static_cast<generation::SequenceSource&>(*guided) : random_source;
  }

  generation::RandomStep step;
  generation::RandomSource random_source;
  std::optional<generation::ModelGuide> guide;
  std::optional<generation::GuidedSource> guided;
  std::optional<generation::InputMutator> mutator;
  std::optional<generation::MutationSource> mutation;
};

std::unique_ptr<Sources> make_sources(const GenerateRequest& request, const generation::Catalog& catalog,
                                      const generation::LiteralPool& literals, bool guided, Clock::time_point deadline,
                                      RunLog& log) {
  const Config& config = *request.config;
  generation::StepOptions step_options;
  step_options.max_statements = static_cast<std::size_t>(config.generate.max_statements);
  auto sources = std::make_unique<Sources>(catalog, literals, step_options);
  if (config.generate.mutate) {
    sources->mutator.emplace(literals);
    sources->mutation.emplace(catalog, *sources->mutator);
  }
  if (!guided) return sources;
  sources->guide.emplace(*request.model, catalog);
  generation::GuidedSourceOptions options;
  options.step.constraints = config.generate.mode != GenerationMode::model;
  options.step.dependents = config.generate.mode == GenerationMode::palus;
  options.step.max_statements = step_options.max_statements;
  options.unguided_phase = config.generate.mode == GenerationMode::palus;
  options.guided_fraction = config.generate.guided_fraction;
  options.share_index = config.generate.shard.index - 1;
  options.share_count = config.generate.shard.count;
  options.max_steps = request.max_steps.value_or(0);
  options.deadline = deadline;
  sources->guided.emplace(catalog, *sources->guide, literals, sources->step, options);
  log(
      fmt::format("model: {} class models, {} transitions followable, {} not (callable missing from the harness), "
                  "{} callables uncovered by the model",
                  request.model->classes.size(), sources->guide->followable(), sources->guide->unfollowable(),
                  sources->guide->uncovered().size()));
  return sources;
}

generation::GeneratorOptions generator_options(const GenerateRequest& request, const generation::LiteralPool& literals,
                                               Clock::time_point deadline) {
  const Config& config = *request.config;
  generation::GeneratorOptions options;
  options.seed = shard_seed(config.generate.seed, config.generate.shard);
  options.deadline = deadline;
  options.keep_all = config.generate.keep_all;
  options.max_steps = request.max_steps.value_or(0);
  options.literals = &literals;
  // A hang costs the whole call timeout; once one was found, most later hangs are the same one.
  options.known_hang_timeout = std::max(std::chrono::milliseconds(200), config.sandbox.call_timeout / 10);
  if (request.failures_only) options.regression_per_callable = options.exceptions_per_callable = 0;
  options.feedback.reads_checked =
      std::find(request.sanitizers.begin(), request.sanitizers.end(), "address") != request.sanitizers.end();
  return options;
}

void log_guided_stats(const generation::GuidedSource& guided, RunLog& log) {
  const generation::GuidedSourceStats g = guided.stats();
  log(
      fmt::format("guided: {} from a model root, {} extending a reaching sequence, {} unguided, {} failed to build, "
                  "{} reached their node ({} more as a duplicate of one that did); object inputs {} by state, {} by "
                  "profile, {} by type; {} recorded values, "
                  "{} dependent calls",
                  g.from_root, g.extended, g.unguided, g.failed, g.reached, g.reached_again, g.step.by_state,
                  g.step.by_profile, g.step.by_type, g.step.recorded_values, g.step.dependent_calls));
}

// ---- check and write: the output folder's writer and the test checkers ----

writer::SuiteOptions suite_options(const GenerateRequest& request, const report::RunReport& summary) {
  const Config& config = *request.config;
  writer::SuiteOptions options;
  options.dir = config.output.dir;
  options.tests_per_file = static_cast<std::size_t>(config.output.tests_per_file);
  options.header = {PALUS_VERSION, config.generate.seed, summary.mode, request.command};
  options.includes = writer::header_includes(config);
  options.render.theories_includes = writer::theories_includes(config);
  options.render.every_state = config.generate.assert_all;
  options.render.project_dir = config.dir.string();
  options.harness_code = harness::code_digest(request.harness.executable);
  return options;
}

/// One checker per core, two at most (each check compiles one file, and a file's tests run in
/// parallel already), each in its own build folders. Until generation stops only the first works.
std::vector<std::unique_ptr<suite::TestChecker>> make_checkers(const GenerateRequest& request,
                                                               const std::shared_ptr<suite::CoverageLibrary>& library) {
  std::vector<std::unique_ptr<suite::TestChecker>> checkers;
  for (unsigned k = 0; k < std::clamp(std::thread::hardware_concurrency(), 1u, 2u); ++k) {
    const fs::path plain_dir = library->dir().parent_path() / fmt::format("tests-{}", k + 1);
    suite::CheckerOptions options =
        suite::checker_options(*request.config, request.work_dir, request.sanitizers, library, plain_dir);
    options.record_coverage = request.checked_report;
    if (k > 0) {
      options.build.dir += "-" + std::to_string(k + 1);
      options.scratch = options.build.dir / "run";
    }
    checkers.push_back(std::make_unique<suite::TestChecker>(options));
  }
  return checkers;
}

/// What the sample wrote or read (analysis::sample_texts) and every string it passed to the library.
std::vector<std::string> sample_strings(const GenerateRequest& request) {
  std::vector<std::string> texts = analysis::sample_texts(*request.config);
  if (request.model != nullptr)
    for (const auto& cls : request.model->classes)
      for (const auto& t : cls.transitions)
        for (const auto& slot : t.slots)
          for (const auto& v : slot.values)
            if (v.kind == models::TraceValue::Kind::string && !v.s.empty()) texts.push_back(v.s);
  return texts;
}

}  // namespace

std::shared_ptr<suite::CoverageLibrary> fresh_coverage_library(const Config& config, const fs::path& work_dir,
                                                               const std::atomic<bool>* cancel) {
  const fs::path root = suite::checked_coverage_dir(work_dir);
  auto library = std::make_shared<suite::CoverageLibrary>(config, suite::coverage_library_dir(work_dir),
                                                          suite::CheckerOptions{}.niceness, cancel);
  suite::remove_coverage_data(library->dir());
  fs::remove(library->archive_path());  // there after the run only when this run's build made it
  for (unsigned k = 1; k <= 2; ++k) fs::remove_all(root / fmt::format("tests-{}", k));
  return library;
}

report::RunReport generate_stage(const GenerateRequest& request) {
  const Config& config = *request.config;
  const auto start = Clock::now();
  fs::create_directories(config.output.dir);
  // The project's folder, taken out of what is written: paths are shown relative to it.
  const std::string project_prefix = config.dir.string() + "/";
  RunLog log(config.output.dir / "run.log", project_prefix);
  report::Progress progress(stdout, request.quiet);

  // Plan.
  const bool guided = config.generate.mode != GenerationMode::random && request.model != nullptr;
  report::RunReport summary = start_summary(request, guided);
  if (config.generate.mode != GenerationMode::random && !guided) {
    progress.note(
        fmt::format("generate: mode '{}' needs the call-sequence model (run 'palus trace' and 'palus model'); "
                    "generating in random mode",
                    to_string(config.generate.mode)));
  }
  // One executor per harness process; the first answers the single reruns too.
  std::vector<std::unique_ptr<harness::Executor>> executors;
  // A --max-steps run promises the same tests every time: two harnesses and the checker's
  // compiles on two cores push calls near the hang timeout over it in some runs and not others.
  const int processes = config.sandbox.harness_processes > 0              ? config.sandbox.harness_processes
                        : request.sanitizers.empty() || request.max_steps ? 1
                                                                          : 2;
  for (int k = 0; k < processes; ++k)
    executors.push_back(std::make_unique<harness::Executor>(executor_options(request, log)));
  harness::Executor& executor = *executors.front();
  const generation::Catalog catalog = generation::make_catalog(*request.api, executor.callables());
  for (const auto& p : executor.protections()) log("sandbox: " + p);
  log(fmt::format("seed {}, mode {}, time limit {:.1f} s{}{}", config.generate.seed, summary.mode, summary.time_limit_s,
                  request.max_steps ? fmt::format(", max steps {}", *request.max_steps) : "",
                  summary.shard ? fmt::format(", shard {}/{} (seed {})", summary.shard->index, summary.shard->count,
                                              summary.shard->seed)
                                : ""));
  generation::LiteralPool literals(*request.api);
  // The sample guides the guided modes only: random mode stays the Randoop baseline.
  if (guided) literals.add_sample_texts(sample_strings(request));
  const std::shared_ptr<suite::CoverageLibrary> coverage_library =
      request.coverage_library ? request.coverage_library : fresh_coverage_library(config, request.work_dir);
  // Built while generation starts, so that the first check finds it ready.
  std::future<void> library_built = std::async(std::launch::async, [coverage_library] { coverage_library->archive(); });
  const std::vector<std::unique_ptr<suite::TestChecker>> checkers = make_checkers(request, coverage_library);
  // The budget: with max_steps generation alone is bounded (a deterministic run); otherwise the
  // whole run is, and generation stops early enough for what it found to be checked and reported.
  std::optional<RunBudget> budget;
  if (!request.max_steps) {
    budget.emplace(request.run_start, config.generate.time_limit, start, static_cast<unsigned>(checkers.size()),
                   request.report_s, std::chrono::duration<double>(suite::hang_test_timeout(config)).count(),
                   TestPipeline::kTestsPerBatch);
    summary.budget.emplace();
    summary.budget->limit_s = summary.time_limit_s;
    summary.budget->overrun = budget->overrun_before_generation();
    if (summary.budget->overrun)
      progress.note(fmt::format(
          "generate: the stages before generation took {:.0f} s of the {:.0f} s budget; generating for the minimum "
          "{:.0f} s",
          std::chrono::duration<double>(start - request.run_start).count(), summary.time_limit_s,
          std::chrono::duration<double>(budget->minimum_generation()).count()));
  }
  const Clock::time_point deadline = budget ? budget->generation_deadline(0, 0) : start + config.generate.time_limit;
  const std::unique_ptr<Sources> sources = make_sources(request, catalog, literals, guided, deadline, log);
  std::vector<std::unique_ptr<generation::ExecutorExecution>> harnesses;
  std::vector<generation::Execution*> parts;
  for (const auto& e : executors)
    parts.push_back(harnesses.emplace_back(std::make_unique<generation::ExecutorExecution>(*e)).get());
  generation::SplitExecution execution(parts);
  generation::GeneratorOptions options = generator_options(request, literals, deadline);
  if (guided) {
    options.fallback = &sources->random_source;
    options.source_name = "model";
  }
  if (sources->mutation) options.mutation = &*sources->mutation;
  generation::Generator generator(catalog, execution, sources->source(), options);

  // Check and write, in the background as tests are found.
  writer::SuiteWriter suite_writer(suite_options(request, summary), catalog);
  std::vector<suite::TestChecker*> checker_list;
  for (const auto& c : checkers) checker_list.push_back(c.get());
  std::mutex report_mutex;
  generation::GeneratorStats latest;  // the generator's counters as last published, under report_mutex
  std::unique_ptr<TestPipeline> pipeline;
  auto refresh_report = [&](bool final_write) {
    std::lock_guard lock(report_mutex);
    const generation::GeneratorStats& s = latest;
    summary.sequences = {s.executed, s.normal, s.exception, s.failure, s.invalid, s.duplicates, s.blocks};
    summary.tests.cut_no_new_blocks = s.cut_no_new_blocks;
    summary.tests.cut_writes_static = s.writes_static;
    summary.strategies.clear();
    for (const auto& [name, st] : s.strategies)
      summary.strategies[name] = {st.executed, st.found, st.new_blocks, st.seconds};
    const PipelineCounts counts = pipeline->counts();
    summary.tests.regression = counts.regression + counts.expected_exception;
    summary.tests.expected_exception = counts.expected_exception;
    summary.tests.failure = counts.failure;
    summary.tests.suspect = counts.suspect;
    summary.preconditions.clear();
    for (const std::string& p : s.preconditions) summary.preconditions.push_back(text::erase_all(p, project_prefix));
    summary.tests.dropped_uncompilable = counts.dropped_uncompilable;
    summary.tests.dropped_flaky = counts.dropped_flaky;
    summary.tests.cut_covered = counts.cut_covered;
    summary.tests.pending = final_write ? 0 : counts.pending;
    std::tie(summary.assertions.candidates, summary.assertions.written) = suite_writer.assertion_counts();
    summary.failures.clear();
    summary.suspects.clear();
    for (const auto& f : pipeline->failures())
      (f.test.suspicion.empty() ? summary.failures : summary.suspects)
          .push_back({f.test.failure_kind, failing_callable(f.test, catalog), f.location,
                      text::erase_all(f.test.message, project_prefix), f.test.identity,
                      text::erase_all(f.test.suspicion, project_prefix)});
    summary.stages_s["generate"] = std::chrono::duration<double>(Clock::now() - start).count();
    report::write_report(config.output.dir, summary);
  };
  // Until the end only the pipeline thread writes report.yaml, from the counters the generator
  // last published with its progress (at most a quarter second old).
  pipeline = std::make_unique<TestPipeline>(
      suite_writer, checker_list, catalog, [&] { refresh_report(false); },
      [&log](const std::string& line) { log(line); });
  if (!config.generate.keep_all) pipeline->reduce_when_finishing();
  suite_writer.write_all();
  refresh_report(false);

  // Generate.
  InterruptGuard interrupt;
  generator.run(
      InterruptGuard::requested(), [&](generation::TestCase test) { pipeline->submit(std::move(test)); },
      [&](const generation::GeneratorStats& s) {
        {
          std::lock_guard lock(report_mutex);
          latest = s;
        }
        const PipelineCounts counts = pipeline->counts();
        report::ProgressState state;
        state.elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
        state.limit_s = summary.time_limit_s;
        if (budget) {
          budget->measured(counts.batches);
          const Clock::time_point until = budget->generation_deadline(
              counts.to_check, counts.to_check_size, counts.pending_hangs, counts.pending_suspect_hangs);
          generator.set_deadline(until);
          if (sources->guided) sources->guided->set_deadline(until);
          state.limit_s = std::chrono::duration<double>(until - start).count();
          state.run_left_s = std::chrono::duration<double>(budget->deadline() - Clock::now()).count();
        }
        state.executed = s.executed;
        state.pool = s.pool;
        state.blocks = s.blocks;
        state.tests = counts.regression + counts.expected_exception + counts.failure;
        state.pending = counts.pending;
        state.failures_by_kind = s.failures_by_kind;
        progress.update(state);
      });
  summary.interrupted = InterruptGuard::requested().load();
  const Clock::time_point generation_end = Clock::now();
  std::uint64_t left_to_check = 0;
  if (budget) {
    const PipelineCounts counts = pipeline->counts();
    budget->measured(counts.batches);
    left_to_check = counts.to_check;
    summary.budget->generation_s = std::chrono::duration<double>(generation_end - start).count();
    summary.budget->predicted_check_s = budget->check_seconds(counts.to_check, counts.to_check_size,
                                                              counts.pending_hangs, counts.pending_suspect_hangs);
    const RunBudget::CostModel model = budget->cost_model();
    log(
        fmt::format("budget: checks cost {:.2f} s a batch + {:.2f} ms a line; {} tests of {} lines, {} of them "
                    "expected to hang (and {} suspects, run once), left to check ({} pending, the others left out "
                    "by the suite's cover)",
                    model.fixed, 1000 * model.per_line, counts.to_check, counts.to_check_size, counts.pending_hangs,
                    counts.pending_suspect_hangs, counts.pending));
    summary.budget->predicted_report_s = budget->report_seconds();
  }
  if (sources->guided) log_guided_stats(*sources->guided, log);
  if (sources->mutation) {
    const generation::MutationStats m = sources->mutation->stats();
    log(
        fmt::format("mutation: {} candidates made, {} executed, {} of them reached new blocks ({} blocks); {} "
                    "sequences in its corpus",
                    m.made, m.executed, m.found, m.new_blocks, m.corpus));
  }
  std::size_t child_deaths = 0, reports_survived = 0, restarts = 0, started = 0;
  for (const auto& e : executors) {
    if (e->pid() >= 0) ++started;
    child_deaths += e->child_deaths();
    reports_survived += e->reports_survived();
    restarts += e->restarts();
  }
  log(
      fmt::format("harness: {} of {} processes started; {} sequences ended in a forked child's death, {} in a "
                  "sanitizer report the child survived, {} harness restarts",
                  started, executors.size(), child_deaths, reports_survived, restarts));
  const generation::GeneratorStats& done = generator.stats();
  log(fmt::format(
      "generation time: {:.1f} s making candidates, {:.1f} s running them, {:.1f} s judging outcomes ({:.1f} s of "
      "it confirming and minimising failures, {:.1f} s of that minimising; {:.1f} s running kept tests again alone); "
      "{} hangs examined ({} of them suspects as found, run with the short timeout only), {} of them only "
      "slow; {} runs finding "
      "observers to quarantine, {} quarantined ({} for changing how a later statement ended); {} tests' sequences run "
      "again alone, {} of them not kept (a statement ended "
      "otherwise{})",
      done.making_s, done.running_s, done.judging_s, done.reporting_s, done.minimising_s, done.rerunning_s,
      done.hangs_examined, done.hangs_doubted, done.hangs_unconfirmed, done.quarantine_probes,
      done.quarantined_observers, done.unsettling_observers, done.run_alone, done.unsteady_alone,
      done.first_unsteady.empty() ? "" : "; the first: " + done.first_unsteady));
  for (const auto& e : executors) e->stop();

  // Check the last tests, then write the final report.
  if (summary.interrupted) progress.note("generate: interrupted; checking and writing the tests found so far");
  log(fmt::format(
      "generation stopped{}: {} sequences executed ({} of them random while the guided source found "
      "nothing new); {} passing tests not kept for printing over {} bytes; checking the last tests",
      summary.interrupted ? " (interrupted)" : "", generator.stats().executed, generator.stats().from_fallback,
      generator.stats().noisy, generation::GeneratorOptions{}.max_test_output_bytes));
  if (summary.interrupted) pipeline->keep_every_test();  // nothing the user saw written goes
  pipeline->finish();
  progress.finish();
  if (budget) {
    summary.budget->check_s = std::chrono::duration<double>(Clock::now() - generation_end).count();
    log(
        fmt::format("budget: {} tests were left to check when generation stopped after {:.1f} s: predicted {:.1f} s, "
                    "took {:.1f} s; the report is predicted to take {:.1f} s (of a {:.0f} s run budget)",
                    left_to_check, summary.budget->generation_s, summary.budget->predicted_check_s,
                    summary.budget->check_s, summary.budget->predicted_report_s, summary.time_limit_s));
  }
  library_built.get();
  if (!coverage_library->error().empty())
    log("check: the library did not compile with coverage and without sanitizers, so every test was checked in the "
        "sanitizer build: " +
        coverage_library->error());
  latest = generator.stats();
  refresh_report(true);
  for (const std::string& p : summary.preconditions) log("learned precondition: " + p);
  if (generator.stats().refused > 0)
    log(fmt::format("{} passing tests not kept: the sandbox refused one of their calls, which the user's build allows",
                    generator.stats().refused));
  if (generator.stats().writes_static > 0)
    log(
        fmt::format("{} passing tests not kept: a call writes static state, which would change what later tests see "
                    "in the user's build",
                    generator.stats().writes_static));
  if (generator.stats().uses_freed > 0)
    log(fmt::format("{} candidates not run: they used an object a call freed", generator.stats().uses_freed));
  log(fmt::format("done: {} regression, {} failure, {} suspect failure tests written", summary.tests.regression,
                  summary.tests.failure, summary.tests.suspect));
  return summary;
}

}  // namespace palus
