// bench/throughput: sequences/s and statements/s of the harness on samples/tinysql, with and
// without sanitizers, against the slow way (one GoogleTest file per sequence, as palus writes
// it, compiled, linked and run). The sequences come from palus's own random step. Prints markdown tables (DESIGN §11).
// See bench/README.md.

#include <fmt/format.h>
#include <stdlib.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "bench/build_tree.hpp"
#include "bench/harness_runs.hpp"
#include "bench/product_sequences.hpp"
#include "bench/report.hpp"
#include "bench/setup.hpp"
#include "bench/shell.hpp"
#include "bench/slow_way.hpp"
#include "bench/work_dir.hpp"
#include "core/api_yaml_read.hpp"

namespace {

namespace fs = std::filesystem;
namespace pb = palus::bench;

struct Options {
  fs::path palus = pb::built_palus();
  fs::path sample = pb::source_root() / "samples" / "tinysql";
  std::size_t sequences = 50000;
  std::size_t slow = 5;
  std::uint64_t seed = 0;
  std::size_t chunk = 1000;
  pb::WorkDir work_dir;
  std::vector<int> dying = {0, 30, 90};
  std::size_t mix_sequences = 2000;
  bool fork_server_only = false;
  unsigned sequences_per_child = palus::harness::ExecutorOptions{}.sequences_per_child;
};

std::vector<fs::path> cpp_files(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".cpp") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

/// Writes the first `count` sequences that run normally as palus's GoogleTest files; returns
/// their paths, and adds their statements to `statements`.
std::vector<fs::path> write_slow_files(const palus::generation::Catalog& catalog,
                                       const std::vector<palus::generation::Sequence>& sequences, std::size_t count,
                                       const palus::harness::ExecutorOptions& options, const fs::path& include_dir,
                                       const fs::path& dir, std::size_t& statements) {
  fs::create_directories(dir);
  palus::harness::Executor executor(options);
  const auto sources = pb::regression_sources(catalog, sequences, count, executor, include_dir);
  executor.stop();
  std::vector<fs::path> files;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    fs::path file = dir / fmt::format("sequence_{}_test.cpp", i);
    std::ofstream(file) << sources[i].text;
    statements += sources[i].statements;
    files.push_back(file);
  }
  return files;
}

palus::harness::ExecutorOptions executor_options(const fs::path& harness, const fs::path& run_dir, bool sanitized,
                                                 unsigned sequences_per_child) {
  palus::harness::ExecutorOptions o;
  o.harness = harness;
  o.run_dir = run_dir;
  o.sanitized = sanitized;
  o.sequences_per_child = sequences_per_child;
  fs::create_directories(run_dir);
  return o;
}

int run(Options& opt) {
  const fs::path work = opt.work_dir.open("palus-bench");

  pb::Results results;
  results.machine = pb::this_machine();
  results.seed = opt.seed;
  results.prepared = pb::prepare(opt.palus, opt.sample / "palus.yaml", work);
  const palus::api::Api api = palus::analysis::read_api_yaml(results.prepared.api_yaml, opt.sample);

  const auto plain =
      executor_options(results.prepared.plain_harness, work / "run-plain", false, opt.sequences_per_child);
  const auto sanitized =
      executor_options(results.prepared.sanitized_harness, work / "run-sanitized", true, opt.sequences_per_child);
  const std::vector<std::string> ids = pb::harness_callables(plain);
  const palus::generation::Catalog catalog = palus::generation::make_catalog(api, ids);

  std::cerr << fmt::format("generating {} sequences (seed {})\n", opt.sequences, opt.seed);
  std::vector<palus::generation::Sequence> made;
  {
    palus::harness::Executor feedback(
        executor_options(results.prepared.plain_harness, work / "run-feedback", false, opt.sequences_per_child));
    made = pb::random_sequences(catalog, opt.sequences, 20, opt.seed, feedback);
    feedback.stop();
  }
  std::vector<palus::harness::protocol::RunRequest> sequences;
  for (std::size_t k = 0; k < made.size(); ++k) sequences.push_back(made[k].request(k, true));
  const fs::path include_dir = opt.sample / "include";
  const std::vector<fs::path> slow_files =
      write_slow_files(catalog, made, opt.slow, plain, include_dir, work / "slow", results.slow.statements);

  std::cerr << "running through the harness without sanitizers\n";
  results.runs.push_back(pb::run_through_harness("harness, no sanitizers", plain, sequences, true, opt.chunk, ids));
  results.runs.push_back(
      pb::run_through_harness("harness, no sanitizers, observe = false", plain, sequences, false, opt.chunk, ids));
  std::cerr << "running through the harness with address+undefined\n";
  results.runs.push_back(
      pb::run_through_harness("harness, address+undefined", sanitized, sequences, true, opt.chunk, ids));
  // The same without the fork server: one process, restarted after each death (sandbox.fork_server: false).
  palus::harness::ExecutorOptions plain_one = plain, sanitized_one = sanitized;
  plain_one.fork_server = sanitized_one.fork_server = false;
  if (!opt.fork_server_only) {
    std::cerr << "running through the harness without the fork server\n";
    results.runs.push_back(
        pb::run_through_harness("harness, no sanitizers, no fork server", plain_one, sequences, true, opt.chunk, ids));
    results.runs.push_back(pb::run_through_harness("harness, address+undefined, no fork server", sanitized_one,
                                                   sequences, true, opt.chunk, ids));
  }

  // The same variants on mixes in which a given share of the sequences end the process running
  // them (a crash, a sanitizer report), each drawn from that variant's own outcomes above.
  const std::pair<const palus::harness::ExecutorOptions*, std::size_t> mixed[] = {
      {&plain, 0}, {&sanitized, 2}, {&plain_one, 3}, {&sanitized_one, 4}};
  for (int percent : opt.dying) {
    for (const auto& [options, reference] : mixed) {
      if (reference >= results.runs.size()) continue;  // --fork-server-only
      const pb::HarnessRun& model = results.runs[reference];
      std::vector<palus::harness::protocol::RunRequest> mix =
          pb::dying_mix(sequences, model, percent / 100.0, opt.mix_sequences);
      if (mix.empty()) {
        std::cerr << fmt::format("{}: no mix with {}% dying (none of the sequences died, or all did)\n", model.variant,
                                 percent);
        continue;
      }
      std::cerr << fmt::format("{}, {}% dying\n", model.variant, percent);
      results.mixes.push_back({percent, pb::run_through_harness(model.variant, *options, mix, true, opt.chunk, ids)});
    }
  }

  pb::SlowWayOptions slow;
  slow.include_dir = include_dir;
  slow.sources = cpp_files(opt.sample / "src");
  slow.work_dir = work / "slow";
  results.slow.compiler =
      fmt::format("{} {} -I include, then -lgtest_main -lgtest -pthread", slow.compiler, slow.flags);
  bool failed = false;
  if (!slow_files.empty()) {
    std::cerr << "the slow way: building the library once, then " << slow_files.size() << " GoogleTest files\n";
  }
  const fs::path library = slow_files.empty() ? fs::path() : pb::build_library(slow, results.slow.library_seconds);
  for (std::size_t i = 0; i < slow_files.size(); ++i) {
    results.slow.files.push_back(pb::compile_and_run(slow, library, slow_files[i]));
    if (!results.slow.files.back().compiled) {
      failed = true;
      std::cerr << "did not compile: " << slow_files[i].string() << " (compiler output: " << slow_files[i].string()
                << ".log)\n";
    }
  }

  pb::print_report(std::cout, results);
  opt.work_dir.close(failed);
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  CLI::App app{"Harness throughput against one GoogleTest file per sequence (bench/README.md)"};
  app.add_option("--palus", opt.palus, "the palus executable")->capture_default_str();
  app.add_option("--sample", opt.sample, "the sample library (palus.yaml, include/, src/)")->capture_default_str();
  app.add_option("--sequences", opt.sequences, "random sequences through each harness variant")->capture_default_str();
  app.add_option(
         "--slow", opt.slow,
         "of those, sequences done the slow way (0: none, for a library the slow way cannot build from src/*.cpp)")
      ->capture_default_str();
  app.add_option("--dying", opt.dying, "percentages of sequences that end their process, one mix each (none: no mixes)")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("--mix-sequences", opt.mix_sequences, "sequences in each such mix")->capture_default_str();
  app.add_option("--seed", opt.seed, "seed of the random sequences")->capture_default_str();
  app.add_option("--chunk", opt.chunk, "sequences per Executor::run_batch call")->capture_default_str();
  app.add_option("--sequences-per-child", opt.sequences_per_child,
                 "sequences a fork server's child runs before a fresh one takes over (sandbox.sequences_per_child)")
      ->capture_default_str();
  opt.work_dir.add_options(app);
  app.add_flag("--fork-server-only", opt.fork_server_only,
               "leave out the variants without the fork server (a restart per death: minutes under the sanitizers)");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(opt);
  } catch (const std::exception& e) {
    std::cerr << "throughput: " << e.what() << "\n";
    return 2;
  }
}
