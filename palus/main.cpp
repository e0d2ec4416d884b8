// palus: feedback-directed random unit test generation for C++ libraries, guided by a model of
// a sample execution and by static method dependence (Palus).

#include <CLI/CLI.hpp>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>

#include "core/error.hpp"
#include "harness/codegen/runtime_root.hpp"
#include "palus/commands.hpp"

namespace {

constexpr int kBadInput = 2;
constexpr int kInternalError = 1;

void add_common_options(CLI::App& app, palus::CommonOptions& common) {
  app.add_option("-c,--config", common.config, "the palus.yaml to use")->capture_default_str();
  app.add_option("-w,--work-dir", common.work_dir, "working files (default: .palus/ beside the config)");
  app.add_flag("-q,--quiet", common.quiet, "print nothing but errors");
  app.add_flag("-v,--verbose", common.verbose, "explain what each stage does");
}

void add_generate_overrides(CLI::App& sub, palus::GenerateOverrides& overrides) {
  sub.add_option("--time-limit", overrides.time_limit,
                 "the run's time, all stages, e.g. 60s or 5m; with --max-steps, generation's alone (overrides "
                 "generate.time_limit)");
  sub.add_option("--seed", overrides.seed, "random seed (overrides generate.seed)");
  sub.add_option("--mode", overrides.mode, "random | model | model+constraints | palus (overrides generate.mode)");
  sub.add_option("--out", overrides.out, "folder for the generated tests (overrides output.dir)");
  sub.add_option("--max-steps", overrides.max_steps,
                 "stop after this many sequences (with --seed: the same tests every time)")
      ->check(CLI::PositiveNumber);
  sub.add_option("--shard", overrides.shard,
                 "K/N: run share K of a run split over N processes or machines; join them with palus merge "
                 "(overrides generate.shard)");
  sub.add_flag("--fail-on-failures", overrides.fail_on_failures, "exit with status 3 when failures were found");
  sub.add_flag(
      "--failures-only", overrides.failures_only,
      "write failure tests only, no regression or expected-exception tests (hunting bugs; checking fewer tests)");
}

/// "palus VERSION" and the runtime folder in use (or why there is none).
std::string version_text() {
  std::string runtime;
  try {
    runtime = palus::harness::runtime_root().string();
  } catch (const palus::UserError& e) {
    runtime = std::string("none: ") + e.what();
  }
  return std::string("palus ") + PALUS_VERSION + "\nruntime: " + runtime;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"palus: generates GoogleTest unit tests for a C++ library from a sample execution", "palus"};
  app.require_subcommand(1);
  palus::CommonOptions common;
  add_common_options(app, common);
  app.set_version_flag("--version", std::function<std::string()>(version_text));

  palus::GenerateOverrides overrides;
  overrides.command = "palus";
  overrides.program = argv[0];
  for (int i = 1; i < argc; ++i) overrides.command += std::string(" ") + argv[i];
  palus::InitOptions init;
  auto* run = app.add_subcommand("run", "every stage: analyze, trace, model, harness, generate, report");
  add_generate_overrides(*run, overrides);
  auto* analyze = app.add_subcommand("analyze", "static analysis with libclang: writes api.yaml");
  auto* trace = app.add_subcommand("trace", "run the sample program against an instrumented copy: writes trace");
  auto* model = app.add_subcommand("model", "infer call-sequence models from the trace: writes model.yaml");
  auto* harness = app.add_subcommand("harness", "write and build the sandboxed test harness");
  std::string harness_sanitizers;
  harness->add_option("--sanitizers", harness_sanitizers,
                      "build with these sanitizers instead of the config's: a comma-separated list, or none");
  auto* generate = app.add_subcommand("generate", "generate tests into the output folder");
  add_generate_overrides(*generate, overrides);
  auto* report = app.add_subcommand("report", "build and run the generated tests with coverage");
  palus::MergeOptions merge;
  auto* merge_cmd = app.add_subcommand(
      "merge", "join the output folders of shards (palus run --shard K/N) into one suite, then report its coverage");
  merge_cmd->add_option("--out", merge.out, "folder for the joined suite")->required();
  merge_cmd->add_option("shards", merge.shards, "the shards' output folders")->required();
  merge_cmd->add_flag("--no-report", merge.no_report, "do not build and run the joined suite for its coverage");
  std::string explain_place;
  auto* explain =
      app.add_subcommand("explain", "why the last report's tests never ran a line: what blocks it, what to do");
  explain->add_option("place", explain_place, "FILE:LINE of the library (FILE relative to the config's folder)")
      ->required();
  palus::MutateOptions mutate;
  auto* mutate_cmd =
      app.add_subcommand("mutate", "how many small changes of the library a suite notices: mutation.yaml");
  mutate_cmd->add_option("--suite", mutate.suite, "folder of the suite's *_test.cpp files (default: output.dir)");
  mutate_cmd->add_option("--out", mutate.out, "folder for mutation.yaml (default: the suite's)");
  mutate_cmd->add_option("--max-mutants", mutate.max_mutants, "run at most this many, spread over the library")
      ->check(CLI::PositiveNumber);
  mutate_cmd->add_option("--time-limit", mutate.time_limit, "stop running mutants after this long, e.g. 60s or 5m");
  mutate_cmd
      ->add_flag("--sample-programs", mutate.sample_programs,
                 "score the sample programs (a hand-written suite) instead: a run passes when it exits and writes as "
                 "on the original library")
      ->excludes(mutate_cmd->get_option("--suite"));
  mutate_cmd
      ->add_option("--programs", mutate.programs,
                   "score the test programs this YAML file describes instead (a library's own tests: "
                   "programs, their sources and runs; see README)")
      ->excludes(mutate_cmd->get_option("--suite"))
      ->excludes(mutate_cmd->get_option("--sample-programs"));
  auto* init_cmd = app.add_subcommand("init", "write a starter palus.yaml (from a compile database when given)");
  init_cmd->add_option("--compile-commands", init.compile_commands, "path of compile_commands.json");
  init_cmd->add_flag("--force", init.force, "overwrite an existing palus.yaml");

  for (auto* sub : app.get_subcommands({})) add_common_options(*sub, common);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    return status == 0 ? 0 : kBadInput;
  }

  try {
    if (*run) return palus::run_pipeline(common, overrides);
    if (*analyze) return palus::run_analyze(common);
    if (*init_cmd) return palus::run_init(common, init);
    if (*merge_cmd) {
      merge.command = overrides.command;
      return palus::run_merge(common, merge);
    }
    if (*harness) return palus::run_harness(common, harness_sanitizers);
    if (*generate) return palus::run_generate(common, overrides);
    if (*report) return palus::run_report(common);
    if (*explain) return palus::run_explain(common, explain_place);
    if (*mutate_cmd) return palus::run_mutate(common, mutate);
    if (*trace) return palus::run_trace(common);
    if (*model) return palus::run_model(common);
    return kBadInput;
  } catch (const palus::UserError& e) {
    std::cerr << e.what() << '\n';
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "palus: internal error (please report): " << e.what() << '\n';
    return kInternalError;
  }
}
