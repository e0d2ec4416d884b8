#include "palus/commands.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "core/api_yaml.hpp"
#include "core/api_yaml_read.hpp"
#include "core/atomic_file.hpp"
#include "core/elapsed.hpp"
#include "core/error.hpp"
#include "harness/codegen/build_harness.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "harness/codegen/runtime_root.hpp"
#include "oracles/contracts/contract_id.hpp"
#include "palus/analysis/analyzer.hpp"
#include "palus/config/config.hpp"
#include "palus/config/config_values.hpp"
#include "palus/config/starter_config.hpp"
#include "palus/early_builds.hpp"
#include "palus/generate_stage.hpp"
#include "palus/harness_stage.hpp"
#include "palus/merge_stage.hpp"
#include "palus/model_stage.hpp"
#include "palus/mutate_stage.hpp"
#include "palus/report/run_report.hpp"
#include "palus/suite/coverage_library.hpp"
#include "palus/suite/coverage_report.hpp"
#include "palus/trace_stage.hpp"
#include "palus/uncovered/branch_map.hpp"
#include "palus/uncovered/diagnosis_yaml.hpp"
#include "palus/uncovered_stage.hpp"

namespace palus {
namespace {

namespace fs = std::filesystem;

constexpr int kFailuresFound = 3;
constexpr int kSuiteBroken = 4;

struct Workspace {
  Config config;
  fs::path work_dir;
};

Workspace open_workspace(const CommonOptions& common) {
  Workspace ws{load_config(fs::absolute(common.config), common.config), {}};
  ws.work_dir = common.work_dir.empty() ? ws.config.dir / ".palus" : fs::absolute(common.work_dir).lexically_normal();
  std::error_code error;
  fs::create_directories(ws.work_dir, error);
  if (error)
    throw UserError(fmt::format("{}: cannot create the work folder: {}", ws.work_dir.string(), error.message()));
  return ws;
}

std::string shown(const fs::path& path) {
  const fs::path rel = path.lexically_relative(fs::current_path());
  return rel.empty() || rel.string().rfind("..", 0) == 0 ? path.string() : rel.string();
}

/// A theory or invariant taking an object no callable of the library produces could never run:
/// the user's mistake, reported before api.yaml is written.
void check_oracles_can_run(const api::Api& api, const fs::path& config_dir) {
  const std::set<std::string> produced = harness::plan_callables(api).produced_types;
  for (const auto& oracle : api.oracles) {
    const api::Callable& f = oracle.function;
    for (const auto& p : f.params) {
      const bool record = p.type.category == api::TypeCategory::record;
      if (harness::is_literal(p.type.category) || (record && produced.count(p.type.base))) continue;
      const fs::path file =
          fs::path(f.file).is_absolute() ? fs::path(f.file).lexically_relative(config_dir) : fs::path(f.file);
      throw UserError(fmt::format("{}:{}: {} '{}': parameter '{}' is a {}, {}", file.string(), f.line,
                                  api::to_string(oracle.kind), f.name, p.name, p.type.spelling,
                                  record ? "which no callable of the library produces (no public constructor or "
                                           "factory in the analysed headers)"
                                         : "which palus can neither generate nor take from the library"));
    }
  }
}

api::Api analyze_stage(const Workspace& ws, const CommonOptions& common) {
  const auto start = std::chrono::steady_clock::now();
  uncovered::BranchMap branches;
  api::Api api = analysis::analyze(analysis::analysis_input(ws.config, harness::runtime_root() / "oracles" / "include"),
                                   &branches);
  check_oracles_can_run(api, ws.config.dir);
  const fs::path out = ws.work_dir / "api.yaml";
  write_file_atomically(out, analysis::api_to_yaml(api, ws.config.dir, PALUS_VERSION));
  write_file_atomically(ws.work_dir / "branches.yaml", uncovered::branch_map_to_yaml(branches, ws.config.dir));
  if (common.quiet) return api;
  std::size_t callables = api.functions.size();
  for (const auto& c : api.classes) callables += c.constructors.size() + c.methods.size();
  std::size_t theories = 0;
  for (const auto& o : api.oracles) theories += o.kind == api::Oracle::Kind::theory;
  fmt::print("analyze: {} classes, {} enums, {} callables, {} unsupported{} in {:.2f} s -> {}\n", api.classes.size(),
             api.enums.size(), callables, api.unsupported.size(),
             api.oracles.empty() && api.param_values.empty()
                 ? std::string()
                 : fmt::format("; {} theories, {} invariants, {} parameter values", theories,
                               api.oracles.size() - theories, api.param_values.size()),
             seconds_since(start), shown(out));
  if (common.verbose) {
    for (const auto& u : api.unsupported) fmt::print("  unsupported: {}: {}\n", u.entity, u.reason);
  }
  return api;
}

/// --sanitizers: "none", or names separated by commas, checked as the config checks them.
std::vector<std::string> sanitizer_override(const std::string& text) {
  if (text == "none") return {};
  std::vector<std::string> names;
  for (std::size_t start = 0, comma = 0; comma != std::string::npos; start = comma + 1) {
    comma = text.find(',', start);
    names.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
  }
  try {
    return checked_sanitizers(names);
  } catch (const UserError& e) {
    throw UserError(std::string("--sanitizers: ") + e.what() + " (or none)");
  }
}

HarnessStageResult harness_stage(const Workspace& ws, const CommonOptions& common, const api::Api& api,
                                 const std::vector<std::string>& sanitizers) {
  const auto start = std::chrono::steady_clock::now();
  HarnessStageResult built = build_harness_stage(ws.config, ws.work_dir, api, sanitizers);
  for (const auto& bug : built.palus_bugs) {
    std::cerr << "palus harness: warning: a generated call does not compile (a palus bug; left out): " << bug << "\n";
  }
  if (common.quiet) return built;
  const auto checks = std::count_if(built.callables.begin(), built.callables.end(),
                                    [](const std::string& id) { return oracles::parse_contract_id(id).has_value(); });
  const auto theories = std::count_if(built.callables.begin(), built.callables.end(), [&](const std::string& id) {
    return std::any_of(api.oracles.begin(), api.oracles.end(), [&](const auto& o) { return o.function.id == id; });
  });
  fmt::print("harness: {} callables, {} contract checks, {}{} not callable in {:.1f} s -> {}\n",
             built.callables.size() - static_cast<std::size_t>(checks + theories), checks,
             api.oracles.empty() ? std::string() : fmt::format("{} theories and invariants, ", theories),
             built.uncallable.size(), seconds_since(start), shown(built.executable));
  if (common.verbose) {
    for (const auto& u : built.uncallable) fmt::print("  not callable: {}: {}\n", u.id, u.reason);
  }
  return built;
}

void trace_step(const Workspace& ws, const CommonOptions& common, const api::Api& api) {
  const auto start = std::chrono::steady_clock::now();
  const TraceStageResult t = trace_stage(ws.config, ws.work_dir, api);
  if (common.quiet) return;
  const std::string programs = t.samples.size() == 1 ? "sample" : fmt::format("{} sample programs", t.samples.size());
  fmt::print("trace: {} probes in {} files; {} built in {:.1f} s, ran in {:.2f} s; {} KiB in {:.1f} s -> {}\n",
             t.probe_count, t.files, programs, t.build_s, t.run_s, (t.trace_bytes + 1023) / 1024, seconds_since(start),
             shown(t.traces.front()));
}

models::Model model_step(const Workspace& ws, const CommonOptions& common, const api::Api& api) {
  const auto start = std::chrono::steady_clock::now();
  ModelStageResult m = model_stage(ws.config, ws.work_dir, api);
  if (!common.quiet) {
    fmt::print("model: {} classes, {} nodes, {} transitions, {} dependence edges from {} events{} in {:.2f} s -> {}\n",
               m.model.classes.size(), m.nodes, m.transitions, m.dependences, m.events,
               m.complete_trace ? "" : " (trace incomplete)", seconds_since(start), shown(m.file));
    if (common.verbose)
      for (const auto& c : m.model.classes)
        fmt::print("  {}: {} nodes, {} transitions\n", c.cls, c.nodes.size(), c.transitions.size());
  }
  return std::move(m.model);
}

/// Whether the configured mode follows a model (and so needs trace and model).
bool needs_model(const Config& config) {
  return !config.samples.empty() && config.generate.mode != GenerationMode::random;
}

/// Where the report's coverage comes from: the written files built and run afresh (`palus
/// report`, and runs with --max-steps), or the tests as the checks ran them (a run under a time
/// limit, which has no time for a second build of every test).
enum class ReportSource { rebuilt, checked };

/// The coverage of the generated suite, put into report.yaml, and what keeps branches uncovered.
suite::CoverageReport report_stage(const Workspace& ws, const CommonOptions& common,
                                   ReportSource source = ReportSource::rebuilt) {
  const auto start = std::chrono::steady_clock::now();
  suite::CoverageReport coverage = source == ReportSource::rebuilt
                                       ? suite::build_coverage_report(ws.config, ws.work_dir)
                                       : suite::checked_coverage_report(ws.config, ws.work_dir);
  const std::optional<uncovered::Diagnosis> diagnosis = uncovered_stage(ws.config, ws.work_dir, coverage);
  const fs::path report_yaml = ws.config.output.dir / "report.yaml";
  if (fs::exists(report_yaml)) suite::update_report_yaml(report_yaml, coverage, seconds_since(start));
  if (!common.quiet) {
    if (source == ReportSource::rebuilt) {
      fmt::print("{}", suite::summary_table(coverage, fs::current_path(), common.verbose));
    } else {
      fmt::print(
          "coverage     lines {:.1f}% ({}/{}), branches {:.1f}% ({}/{}) of the kept tests as checked (built as a "
          "user builds them) -> {}\n",
          coverage.line_percent, coverage.line_covered, coverage.line_total, coverage.branch_percent,
          coverage.branch_covered, coverage.branch_total, shown(coverage.html));
    }
    if (diagnosis && !diagnosis->problems.empty()) {
      fmt::print(
          "\nwhat keeps branches uncovered ({} problems over {} branches never taken; `palus explain FILE:LINE` "
          "for one line):\n{}",
          diagnosis->problems.size(), diagnosis->branches.size(),
          uncovered::top_problems_text(*diagnosis, fs::current_path(), 5));
    }
  }
  return coverage;
}

/// A written test file that does not build, or a regression test that fails, in the report's
/// build (the project's compiler and flags, no sanitizers): the suite does not work where users
/// build it. Says so on stderr and gives kSuiteBroken.
int suite_status(const suite::CoverageReport& coverage) {
  const int unbuilt =
      coverage.regression.files - coverage.regression.built + coverage.failure.files - coverage.failure.built;
  if (unbuilt == 0 && coverage.regression.failed == 0) return 0;
  std::cerr << fmt::format(
      "palus: the written suite is broken: {} test files do not build, {} regression tests fail "
      "(the list is above)\n",
      unbuilt, coverage.regression.failed);
  return kSuiteBroken;
}

/// How long `seconds` is, for people: "48 s", "1 min 39 s".
std::string duration_text(double seconds) {
  const long whole = std::lround(seconds);
  return whole < 60 ? fmt::format("{} s", whole) : fmt::format("{} min {} s", whole / 60, whole % 60);
}

/// The last lines of `palus run`: what was written and found, the coverage, what to do next.
void print_run_summary(const report::RunReport& r, const suite::CoverageReport& coverage, const Workspace& ws,
                       const CommonOptions& common, const std::string& program, double seconds) {
  fmt::print("\npalus run finished in {}\n", duration_text(seconds));
  fmt::print("  tests     {} written to {}: {} regression, {} failure-revealing, {} suspect (disabled)\n",
             r.tests.regression + r.tests.failure + r.tests.suspect, shown(ws.config.output.dir), r.tests.regression,
             r.tests.failure, r.tests.suspect);
  if (r.failures.empty()) fmt::print("  failures  none found\n");
  for (const auto& f : r.failures) {
    const std::string message = f.message.size() > 100 ? f.message.substr(0, 97) + "..." : f.message;
    fmt::print("  failure   {:<9} {}: {}\n", f.kind, f.test, message);
  }
  if (!r.suspects.empty())
    fmt::print("  suspects  {} failures that may be the generator's doing (report.yaml: suspects, preconditions)\n",
               r.suspects.size());
  fmt::print("  coverage  lines {:.1f}%, branches {:.1f}% of the library; HTML report: {}\n", coverage.line_percent,
             coverage.branch_percent, shown(coverage.html));
  fmt::print("  next      {} report --config {}   (builds the written tests and runs them again)\n", program,
             common.config);
}

/// The summary table after generation, and the exit status it means.
int generation_status(const report::RunReport& r, const Workspace& ws, const CommonOptions& common,
                      const GenerateOverrides& overrides) {
  if (!common.quiet) {
    fmt::print("\n  sequences  {:>9} executed  {:>9} normal  {:>7} exception  {:>6} invalid  {:>5} failing\n",
               r.sequences.executed, r.sequences.normal, r.sequences.exception, r.sequences.invalid,
               r.sequences.failure);
    fmt::print(
        "  tests      {:>9} regression ({} expecting an exception)  {} failure  {} suspect  dropped: {} "
        "uncompilable, {} flaky\n",
        r.tests.regression, r.tests.expected_exception, r.tests.failure, r.tests.suspect, r.tests.dropped_uncompilable,
        r.tests.dropped_flaky);
    for (const auto& f : r.failures) fmt::print("  failure    {:<10} {}  ({})\n", f.kind, f.test, f.message);
    for (const auto& f : r.suspects) fmt::print("  suspect    {:<10} {}  ({})\n", f.kind, f.test, f.suspicion);
    fmt::print("  written to {}{}\n", shown(ws.config.output.dir),
               r.interrupted ? " (interrupted: what was found so far)" : "");
  }
  return overrides.fail_on_failures && !r.failures.empty() ? kFailuresFound : 0;
}

/// Seconds the report of a run under a time limit takes (gcovr over the checked tests' coverage,
/// then what keeps branches uncovered): 0.6 to 1.8 s measured on tinysql, jsoncpp and pugixml.
constexpr double kCheckedReportSeconds = 2.0;

report::RunReport generate(const Workspace& ws, const CommonOptions& common, const GenerateOverrides& overrides,
                           const api::Api& api, HarnessStageResult built, std::map<std::string, double> stages,
                           const models::Model* model, std::optional<std::chrono::steady_clock::time_point> run_start,
                           std::shared_ptr<suite::CoverageLibrary> coverage_library = nullptr) {
  GenerateRequest request;
  request.coverage_library = std::move(coverage_library);
  if (run_start) {
    request.run_start = *run_start;
    request.report_s = kCheckedReportSeconds;
    request.checked_report = !overrides.max_steps;
  }
  request.config = &ws.config;
  request.work_dir = ws.work_dir;
  request.api = &api;
  request.harness = std::move(built);
  request.sanitizers = ws.config.sandbox.sanitizers;
  request.max_steps = overrides.max_steps;
  request.failures_only = overrides.failures_only;
  request.model = model;
  request.command = overrides.command;
  request.stages_s = std::move(stages);
  request.quiet = common.quiet;
  request.verbose = common.verbose;
  return generate_stage(request);
}

api::Api read_analysis(const Workspace& ws) {
  const fs::path file = ws.work_dir / "api.yaml";
  if (!fs::exists(file)) throw UserError(fmt::format("{}: not found (run 'palus analyze' first)", shown(file)));
  return analysis::read_api_yaml(file, ws.config.dir);
}

void apply_overrides(Config& config, const GenerateOverrides& overrides) {
  if (overrides.time_limit) {
    try {
      config.generate.time_limit = parse_duration(*overrides.time_limit);
    } catch (const UserError& e) {
      throw UserError(std::string("--time-limit: ") + e.what());
    }
  }
  if (overrides.seed) config.generate.seed = *overrides.seed;
  if (overrides.mode) {
    try {
      config.generate.mode = checked_generation_mode(*overrides.mode, !config.samples.empty());
    } catch (const UserError& e) {
      throw UserError(std::string("--mode: ") + e.what());
    }
  }
  if (overrides.out) config.output.dir = fs::absolute(*overrides.out).lexically_normal();
  if (overrides.shard) {
    try {
      config.generate.shard = parse_shard(*overrides.shard);
    } catch (const UserError& e) {
      throw UserError(std::string("--shard: ") + e.what());
    }
  }
}

}  // namespace

int run_analyze(const CommonOptions& common) {
  analyze_stage(open_workspace(common), common);
  return 0;
}

int run_harness(const CommonOptions& common, const std::string& sanitizers) {
  const Workspace ws = open_workspace(common);
  harness_stage(ws, common, read_analysis(ws),
                sanitizers.empty() ? ws.config.sandbox.sanitizers : sanitizer_override(sanitizers));
  return 0;
}

int run_pipeline(const CommonOptions& common, const GenerateOverrides& overrides) {
  const auto run_start = std::chrono::steady_clock::now();
  Workspace ws = open_workspace(common);
  apply_overrides(ws.config, overrides);
  std::map<std::string, double> stages;
  EarlyBuilds early(ws.config, ws.work_dir);
  auto start = std::chrono::steady_clock::now();
  const api::Api api = analyze_stage(ws, common);
  stages["analyze"] = seconds_since(start);
  std::optional<models::Model> model;
  if (needs_model(ws.config)) {
    start = std::chrono::steady_clock::now();
    trace_step(ws, common, api);
    stages["trace"] = seconds_since(start);
    start = std::chrono::steady_clock::now();
    model = model_step(ws, common, api);
    stages["model"] = seconds_since(start);
  } else if (!common.quiet) {
    fmt::print("trace, model: skipped ({})\n",
               !ws.config.samples.empty() ? "mode random" : "no sample program configured");
  }
  start = std::chrono::steady_clock::now();
  HarnessStageResult built = harness_stage(ws, common, api, ws.config.sandbox.sanitizers);
  stages["harness"] = seconds_since(start);
  const report::RunReport summary = generate(ws, common, overrides, api, std::move(built), std::move(stages),
                                             model ? &*model : nullptr, run_start, early.coverage_library());
  const int status = generation_status(summary, ws, common, overrides);
  if (summary.interrupted) return status;
  ReportSource source = overrides.max_steps ? ReportSource::rebuilt : ReportSource::checked;
  if (source == ReportSource::checked && !fs::exists(suite::coverage_library_dir(ws.work_dir) / "libsut.a")) {
    // The library did not compile without sanitizers (run.log says why): no coverage was recorded.
    if (!common.quiet)
      fmt::print("report: the checks recorded no coverage (see run.log); building the written tests instead\n");
    source = ReportSource::rebuilt;
  }
  const suite::CoverageReport coverage = report_stage(ws, common, source);
  if (!common.quiet) print_run_summary(summary, coverage, ws, common, overrides.program, seconds_since(run_start));
  const int broken = suite_status(coverage);
  return broken != 0 ? broken : status;
}

int run_generate(const CommonOptions& common, const GenerateOverrides& overrides) {
  Workspace ws = open_workspace(common);
  apply_overrides(ws.config, overrides);
  const api::Api api = read_analysis(ws);
  const auto start = std::chrono::steady_clock::now();
  std::optional<models::Model> model;
  if (needs_model(ws.config)) {
    model = read_model(ws.work_dir);
    if (!model)
      throw UserError(
          fmt::format("{}: not found; mode '{}' needs it (run 'palus trace' and 'palus model', or --mode random)",
                      shown(ws.work_dir / "model.yaml"), to_string(ws.config.generate.mode)));
  }
  HarnessStageResult built = harness_stage(ws, common, api, ws.config.sandbox.sanitizers);
  const report::RunReport summary =
      generate(ws, common, overrides, api, std::move(built), {{"harness", seconds_since(start)}},
               model ? &*model : nullptr, std::nullopt);
  return generation_status(summary, ws, common, overrides);
}

int run_init(const CommonOptions& common, const InitOptions& options) {
  const fs::path project_dir = fs::absolute(common.config).parent_path();
  std::optional<fs::path> database;
  if (!options.compile_commands.empty())
    database = fs::absolute(options.compile_commands);
  else
    database = find_compile_database(project_dir);
  const fs::path written = write_starter_config(project_dir, database, options.force);
  if (!common.quiet) {
    fmt::print("init: wrote {}{}\n", shown(written),
               database ? " from " + shown(*database) : std::string(" (no compile database found; flags guessed)"));
  }
  return 0;
}

int run_merge(const CommonOptions& common, const MergeOptions& options) {
  Workspace ws = open_workspace(common);
  ws.config.output.dir = fs::absolute(options.out).lexically_normal();
  MergeRequest request;
  request.config = &ws.config;
  for (const auto& dir : options.shards) request.shards.emplace_back(dir);
  request.command = options.command;
  const report::RunReport r = merge_stage(request);
  if (!common.quiet) {
    const report::RunReport::Merge& m = *r.merge;
    fmt::print(
        "merge: {} shards, {} tests read: {} kept ({} regression, {} failure, {} suspect), {} duplicates cut, {} cut "
        "for reaching no new block{}, {} renamed -> {}\n",
        m.shards.size(), m.tests_read, r.tests.regression + r.tests.failure + r.tests.suspect, r.tests.regression,
        r.tests.failure, r.tests.suspect, m.cut_duplicate, m.cut_no_new_blocks,
        m.blocks_compared ? "" : " (blocks not compared: the shards' harnesses differ)", m.renamed,
        shown(ws.config.output.dir));
  }
  if (options.no_report) return 0;
  return suite_status(report_stage(ws, common));
}

int run_report(const CommonOptions& common) { return suite_status(report_stage(open_workspace(common), common)); }

int run_explain(const CommonOptions& common, const std::string& place) {
  const Workspace ws = open_workspace(common);
  fmt::print("{}", explain(ws.config, ws.work_dir, place));
  return 0;
}

int run_mutate(const CommonOptions& common, const MutateOptions& options) {
  const Workspace ws = open_workspace(common);
  MutateRequest request;
  request.suite = options.suite.empty() ? ws.config.output.dir : fs::absolute(options.suite);
  request.out = options.out.empty() ? request.suite : fs::absolute(options.out);
  if (options.sample_programs) {
    if (ws.config.samples.empty())
      throw UserError(
          fmt::format("{}: --sample-programs: the config names no sample program (sample.sources)", common.config));
    for (std::size_t k = 0; k < ws.config.samples.size(); ++k) {
      const Config::Sample& sample = ws.config.samples[k];
      request.programs.push_back({fmt::format("sample-{}", k + 1), sample.sources, {}, {}, {sample.args}, sample.cwd});
    }
  }
  if (!options.programs.empty()) request.programs = mutants::read_program_suite(options.programs);
  if (!request.programs.empty()) {  // a hand-written suite: no test folder, mutation.yaml in the work folder
    request.suite.clear();
    if (options.out.empty()) request.out = ws.work_dir / "mutate";
  }
  request.max_mutants = options.max_mutants;
  if (options.time_limit) {
    try {
      request.time_limit = std::chrono::duration_cast<std::chrono::seconds>(parse_duration(*options.time_limit));
    } catch (const UserError& e) {
      throw UserError(std::string("--time-limit: ") + e.what());
    }
  }
  const MutationSummary s = mutate_stage(ws.config, ws.work_dir, request, [&](const std::string& line) {
    if (!common.quiet) fmt::print("{}\n", line);
  });
  if (!common.quiet) {
    fmt::print(
        "mutation score {:.1f}%: {} killed, {} timed out, {} survived ({} of them reached by no test) of {} "
        "mutants ({} found, {} did not compile, {} not run in the time) by {} tests in {:.1f} s ({:.1f} s running "
        "mutants)\n  {}\n",
        s.score, s.killed, s.timed_out, s.survived, s.not_reached, s.killed + s.timed_out + s.survived, s.found,
        s.uncompilable, s.not_run, s.tests, s.seconds, s.mutant_seconds, shown(request.out / "mutation.yaml"));
  }
  return 0;
}

int run_trace(const CommonOptions& common) {
  const Workspace ws = open_workspace(common);
  trace_step(ws, common, read_analysis(ws));
  return 0;
}

int run_model(const CommonOptions& common) {
  const Workspace ws = open_workspace(common);
  model_step(ws, common, read_analysis(ws));
  return 0;
}

}  // namespace palus
