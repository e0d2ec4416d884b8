#include "palus/mutate_stage.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include "core/atomic_file.hpp"
#include "core/clang/parallel.hpp"
#include "core/elapsed.hpp"
#include "core/error.hpp"
#include "core/file_text.hpp"
#include "core/process.hpp"
#include "harness/codegen/build_tools.hpp"
#include "palus/mutants/schema.hpp"
#include "palus/mutants/site_finder.hpp"
#include "palus/suite/coverage_report.hpp"
#include "palus/suite/gtest_run.hpp"
#include "palus/suite/test_build.hpp"
#include "palus/suite/test_checker.hpp"
#include "palus/writer/test_file_name.hpp"

namespace fs = std::filesystem;

namespace palus {
namespace {

/// Rounds of compiling a schema and leaving out the sites the errors point to.
constexpr int kSchemaRounds = 8;

/// One library source and its schema.
struct SchemaSource {
  fs::path original, schema;
  std::string text;                  ///< the original's
  std::vector<mutants::Site> sites;  ///< kept: the schema compiles with them
};

/// The line (1-based) of each byte offset's line start.
std::vector<unsigned> line_starts(const std::string& text) {
  std::vector<unsigned> starts{0};
  for (unsigned k = 0; k < text.size(); ++k)
    if (text[k] == '\n') starts.push_back(k + 1);
  return starts;
}

unsigned line_at(const std::vector<unsigned>& starts, unsigned offset) {
  return static_cast<unsigned>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin());
}

/// The project's flags for `original`, for its schema compiled elsewhere: no warnings, no
/// optimisation (one build serves every mutant), its own folder searched for "..." includes.
std::vector<std::string> schema_flags(const Config& config, const fs::path& original) {
  std::vector<std::string> flags = config.parse_flags_for(original);
  flags.insert(flags.end(), {"-O0", "-g0", "-w", "-Wno-error", "-fdiagnostics-color=never", "-iquote",
                             original.parent_path().string()});
  return flags;
}

/// Writes the schema of `source` and compiles it (syntax only) until it compiles, leaving out the
/// sites on the lines an error points to; with none left, the schema is the original.
void write_compiling_schema(const Config& config, SchemaSource& source, const fs::path& prelude) {
  const std::vector<unsigned> starts = line_starts(source.text);
  for (int round = 0; round <= kSchemaRounds; ++round) {
    if (round == kSchemaRounds) source.sites.clear();
    const std::string schema = mutants::schema_file(source.text, source.sites, prelude, source.original);
    write_file_if_changed(source.schema, schema);
    if (source.sites.empty()) return;
    process::ProcessSpec spec;
    spec.exe = harness::compiler();  // the build's compiler: what it accepts here, the build accepts
    spec.args = schema_flags(config, source.original);
    spec.args.insert(spec.args.end(), {"-fsyntax-only", source.schema.string()});
    spec.env = process::environment_with({});
    spec.timeout = std::chrono::minutes(5);
    const process::ProcessResult compiled = process::run_process(spec);
    if (compiled.exit_status == 0) return;
    // Kept for whoever asks why these mutants did not compile: the first schema rejected, and why.
    if (round == 0) {
      write_file_atomically(fs::path(source.schema.string() + ".rejected"), schema);
      write_file_atomically(fs::path(source.schema.string() + ".errors"), compiled.output);
    }
    std::set<unsigned> bad_lines;
    for (const auto& error : suite::attribute_errors(compiled.output, source.original))
      if (error.line > 0) bad_lines.insert(error.line);
    const std::size_t before = source.sites.size();
    std::erase_if(source.sites, [&](const mutants::Site& site) {
      const auto first = bad_lines.lower_bound(line_at(starts, site.begin));
      return first != bad_lines.end() && *first <= line_at(starts, site.end == 0 ? 0 : site.end - 1);
    });
    // No error on any site's lines (none placed, or a constant evaluated elsewhere): none can be trusted.
    if (source.sites.size() == before) source.sites.clear();
  }
}

bool is_coverage_flag(const std::string& flag) {
  return flag == "--coverage" || flag.starts_with("-fprofile") || flag == "-ftest-coverage";
}

/// A test that passed on the original library: how long it took, and the mutation sites it reached.
struct PassingTest {
  std::string name;
  std::chrono::milliseconds took{0};
  std::set<std::uint32_t> reached;
};

/// The passing tests of one test executable.
struct Executable {
  fs::path path;
  std::vector<PassingTest> tests;
};

suite::GtestRunSettings run_settings(const Config& config, const fs::path& scratch, std::uint32_t mutant,
                                     const fs::path& reached = {}) {
  suite::GtestRunSettings settings;
  settings.scratch = scratch;
  settings.memory_bytes = config.sandbox.memory_bytes;
  settings.environment = {"PALUS_MUTANT=" + std::to_string(mutant)};
  if (!reached.empty()) settings.environment.push_back("PALUS_MUTANT_REACHED=" + reached.string());
  return settings;
}

std::set<std::uint32_t> read_ids(const fs::path& file) {
  std::set<std::uint32_t> ids;
  std::ifstream in(file);
  for (std::uint32_t id = 0; in >> id;) ids.insert(id);
  return ids;
}

/// A run of a hand-written program that passed on the original library: what it did there.
struct ProgramRun {
  std::string name;  ///< "sample-1 --flag x"
  fs::path executable, cwd;
  std::vector<std::string> args;
  std::string output;              ///< the last MiB of stdout and stderr, as on the original
  std::uint64_t output_bytes = 0;  ///< how much it wrote in all
  bool output_is_stable = true;    ///< the original wrote the same output twice
  std::chrono::milliseconds took{0};
  std::set<std::uint32_t> reached;
};

process::ProcessResult run_program(const ProgramRun& run, std::uint64_t memory_bytes, std::uint32_t mutant,
                                   std::chrono::milliseconds timeout, const fs::path& reached = {}) {
  process::ProcessSpec spec;
  spec.memory_bytes = memory_bytes;
  spec.exe = run.executable;
  spec.args = run.args;
  spec.working_dir = run.cwd;
  std::vector<std::pair<std::string, std::string>> env{{"PALUS_MUTANT", std::to_string(mutant)}};
  if (!reached.empty()) env.emplace_back("PALUS_MUTANT_REACHED", reached.string());
  spec.env = process::environment_with(env);
  spec.timeout = timeout;
  spec.output_cap = 1 << 20;
  return process::run_process(spec);
}

/// Whether a mutant's run of `run` did what the original did: the same exit status and, when the
/// original wrote the same twice, the same output.
bool same_as_original(const ProgramRun& run, const process::ProcessResult& r) {
  if (r.signal != 0 || r.exit_status != 0) return false;
  return !run.output_is_stable || (r.output_bytes == run.output_bytes && r.output == run.output);
}

/// What ended a run that did not exit 0.
std::string how_it_ended(const process::ProcessResult& r) {
  if (!r.started) return "did not start: " + r.error;
  if (r.timed_out) return fmt::format("still running after {:.0f} s", r.seconds);
  if (r.signal != 0) return fmt::format("killed by signal {}", r.signal);
  return fmt::format("exited {}", r.exit_status);
}

/// Builds each program against the library's schemata (`library`, an archive) into `dir`; the
/// runs that exit 0 on the original library, each run twice (one that does not is left out, and
/// `progress` says why). Throws UserError when a program does not build.
std::vector<ProgramRun> original_program_runs(const Config& config, const std::vector<mutants::SuiteProgram>& programs,
                                              const fs::path& library, const fs::path& dir,
                                              std::chrono::milliseconds timeout,
                                              const std::function<void(const std::string&)>& progress) {
  std::vector<ProgramRun> runs;
  fs::create_directories(dir);
  for (const mutants::SuiteProgram& program : programs) {
    process::ProcessSpec build;
    build.exe = harness::compiler();
    for (const fs::path& source : program.sources) {
      for (const std::string& flag : config.parse_flags_for(source))
        if (std::find(build.args.begin(), build.args.end(), flag) == build.args.end()) build.args.push_back(flag);
    }
    build.args.insert(build.args.end(), program.flags.begin(), program.flags.end());
    build.args.insert(build.args.end(), {"-O0", "-g0", "-w", "-o", (dir / program.name).string()});
    for (const fs::path& source : program.sources) build.args.push_back(source.string());
    build.args.push_back(library.string());
    build.args.insert(build.args.end(), config.project.link.begin(), config.project.link.end());
    build.args.insert(build.args.end(), program.link.begin(), program.link.end());
    build.args.push_back("-pthread");
    build.env = process::environment_with({});
    build.timeout = std::chrono::minutes(10);
    const process::ProcessResult built = process::run_process(build);
    if (built.exit_status != 0)
      throw UserError(
          fmt::format("{}: does not build against the library:\n{}", program.sources.front().string(), built.output));
    for (const auto& args : program.runs) {
      ProgramRun run;
      run.name = program.name;
      for (const std::string& a : args) run.name += " " + a;
      run.executable = dir / program.name;
      run.cwd = program.cwd;
      run.args = args;
      const fs::path reached = fs::absolute(dir) / ".reached.ids";  // program names never start with '.'
      fs::remove(reached);
      const std::uint64_t memory = config.sandbox.memory_bytes;
      const process::ProcessResult first = run_program(run, memory, 0, timeout, reached);
      const process::ProcessResult second =
          first.exit_status == 0 ? run_program(run, memory, 0, timeout) : process::ProcessResult{};
      if (first.exit_status != 0 || second.exit_status != 0) {  // a run that fails on the original tells nothing
        progress(fmt::format("mutate: {}: left out, on the original library it {}", run.name,
                             how_it_ended(first.exit_status != 0 ? first : second)));
        continue;
      }
      run.output = first.output;
      run.output_bytes = first.output_bytes;
      run.output_is_stable = second.output_bytes == first.output_bytes && second.output == first.output;
      run.took = std::chrono::milliseconds(static_cast<long>(1000 * std::max(first.seconds, second.seconds)));
      run.reached = read_ids(reached);
      runs.push_back(std::move(run));
    }
  }
  return runs;
}

void write_mutation_yaml(const fs::path& file, const MutationSummary& s, const fs::path& base) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "mutants" << YAML::Value << s.found;
  out << YAML::Key << "uncompilable" << YAML::Value << s.uncompilable;
  out << YAML::Key << "chosen" << YAML::Value << s.results.size();
  out << YAML::Key << "run" << YAML::Value << (s.killed + s.survived + s.timed_out - s.not_reached);
  out << YAML::Key << "killed" << YAML::Value << s.killed;
  out << YAML::Key << "survived" << YAML::Value << s.survived;
  out << YAML::Key << "not_reached" << YAML::Value << s.not_reached;
  out << YAML::Key << "timeout" << YAML::Value << s.timed_out;
  out << YAML::Key << "not_run" << YAML::Value << s.not_run;
  out << YAML::Key << "score" << YAML::Value << fmt::format("{:.1f}", s.score);
  out << YAML::Key << "tests" << YAML::Value << s.tests;
  out << YAML::Key << "seconds" << YAML::Value << fmt::format("{:.1f}", s.seconds);
  out << YAML::Key << "stages_s" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "schemata" << YAML::Value << fmt::format("{:.1f}", s.schema_seconds);
  out << YAML::Key << "build" << YAML::Value << fmt::format("{:.1f}", s.build_seconds);
  out << YAML::Key << "original" << YAML::Value << fmt::format("{:.1f}", s.original_seconds);
  out << YAML::Key << "mutants" << YAML::Value << fmt::format("{:.1f}", s.mutant_seconds);
  out << YAML::EndMap;
  std::map<std::string, std::pair<std::size_t, std::size_t>> per_operator;  // chosen and tried, killed
  for (const auto& r : s.results) {
    if (r.fate == MutantFate::not_run) continue;
    auto& [run, killed] = per_operator[std::string(mutants::name_of(r.mutant.op))];
    ++run;
    if (r.fate != MutantFate::survived) ++killed;
  }
  out << YAML::Key << "per_operator" << YAML::Value << YAML::BeginMap;
  for (const auto& [op, counts] : per_operator) {
    out << YAML::Key << op << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "mutants" << YAML::Value
        << counts.first << YAML::Key << "killed" << YAML::Value << counts.second << YAML::EndMap;
  }
  out << YAML::EndMap;
  out << YAML::Key << "per_test" << YAML::Value << YAML::BeginMap;
  for (const auto& [test, kills] : s.kills) out << YAML::Key << test << YAML::Value << kills;
  out << YAML::EndMap;
  out << YAML::Key << "survivors" << YAML::Value << YAML::BeginSeq;
  for (const auto& r : s.results) {
    if (r.fate != MutantFate::survived) continue;
    const fs::path shown = r.mutant.file.empty() ? fs::path() : fs::path(r.mutant.file).lexically_relative(base);
    out << YAML::BeginMap;
    out << YAML::Key << "id" << YAML::Value << r.mutant.id;
    out << YAML::Key << "at" << YAML::Value << fmt::format("{}:{}", shown.string(), r.mutant.line);
    out << YAML::Key << "operator" << YAML::Value << std::string(mutants::name_of(r.mutant.op));
    out << YAML::Key << "original" << YAML::Value << r.mutant.original;
    out << YAML::Key << "mutant" << YAML::Value << r.mutant.replacement;
    out << YAML::Key << "reached" << YAML::Value << r.reached;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::EndMap;
  write_file_atomically(file, std::string(out.c_str()) + "\n");
}

}  // namespace

MutationSummary mutate_stage(const Config& config, const fs::path& work_dir, const MutateRequest& request,
                             const std::function<void(const std::string&)>& progress) {
  const auto started = std::chrono::steady_clock::now();
  const auto deadline =
      request.time_limit.count() > 0 ? started + request.time_limit : std::chrono::steady_clock::time_point::max();
  const fs::path dir = work_dir / "mutate";
  const fs::path schema_dir = dir / "schema", prelude = schema_dir / "palus_mutant.hpp";
  fs::create_directories(schema_dir);
  write_file_if_changed(prelude, mutants::schema_prelude());

  // The tests first: a folder without tests is the user's mistake, found before any work.
  std::vector<fs::path> test_sources;
  if (!request.suite.empty()) {
    for (const auto& source : suite::generated_test_files(request.suite)) {
      const auto name = writer::parse_test_file_name(source.filename().string());
      if (!name || name->kind == "regression") test_sources.push_back(source);  // failure tests expect to fail
    }
  }
  if (test_sources.empty() && request.programs.empty())
    throw UserError(
        fmt::format("{}: no test file that is expected to pass (failure tests are not used)", request.suite.string()));

  // Sites and schemata, one per library source.
  MutationSummary summary;
  std::vector<SchemaSource> sources(config.project.sources.size());
  std::vector<std::function<void()>> jobs;
  for (std::size_t k = 0; k < sources.size(); ++k) {
    jobs.emplace_back([&, k] {
      SchemaSource& source = sources[k];
      source.original = config.project.sources[k];
      source.schema = schema_dir / fmt::format("{}_{}", k, source.original.filename().string());
      source.text = read_file_text(source.original);
      const analysis::TranslationUnit unit(source.original.string(), config.parse_flags_for(source.original), {},
                                           /*tolerate_errors=*/true);
      source.sites = mutants::find_sites(unit, source.text);
    });
  }
  analysis::run_in_parallel(jobs);
  // Ids in file order, whatever order the files were parsed in.
  std::vector<std::vector<mutants::Mutant>> numbered(sources.size());
  std::uint32_t next_id = 1;
  for (std::size_t k = 0; k < sources.size(); ++k)
    numbered[k] = mutants::number_mutants(sources[k].original.string(), sources[k].sites, next_id);
  jobs.clear();
  for (std::size_t k = 0; k < sources.size(); ++k)
    jobs.emplace_back([&, k] { write_compiling_schema(config, sources[k], prelude); });
  analysis::run_in_parallel(jobs);
  std::vector<mutants::Mutant> all;
  for (std::size_t k = 0; k < sources.size(); ++k) {
    std::set<std::uint32_t> kept;
    for (const auto& site : sources[k].sites) kept.insert(site.ids.begin(), site.ids.end());
    for (const auto& m : numbered[k]) {
      if (kept.count(m.id))
        all.push_back(m);
      else
        ++summary.uncompilable;
    }
    summary.found += numbered[k].size();
    progress(fmt::format("mutate: {}: {} mutants, {} of them compile in its schema",
                         sources[k].original.filename().string(), numbered[k].size(), kept.size()));
  }

  // One build of the library (its schemata) and the suite.
  suite::TestBuildSettings settings = suite::report_build_settings(config, dir / "build");
  suite::LibraryBuild library;
  std::map<fs::path, fs::path> original_of;
  for (const auto& s : sources) {
    library.sources.push_back(s.schema);
    original_of[s.schema] = s.original;
  }
  library.flags_for = [&config, original_of](const fs::path& schema) {
    const auto found = original_of.find(schema);
    return schema_flags(config, found != original_of.end() ? found->second : schema);
  };
  settings.library_build = std::move(library);
  std::erase_if(settings.test_flags, is_coverage_flag);
  std::erase_if(settings.link_flags, is_coverage_flag);
  summary.schema_seconds = seconds_since(started);
  const auto build_started = std::chrono::steady_clock::now();
  progress("mutate: building the library's schemata and the suite");
  suite::build_library(settings);
  const std::vector<suite::BuiltTest> built =
      test_sources.empty() ? std::vector<suite::BuiltTest>{} : suite::build_tests(settings, test_sources);

  // The tests that pass on the original library, one process each: how long each takes and which
  // sites it reaches. A mutant is run with the tests that reach its site only.
  summary.build_seconds = seconds_since(build_started);
  const auto original_started = std::chrono::steady_clock::now();
  progress("mutate: running each test on the original library");
  std::vector<Executable> executables;
  const auto test_timeout = suite::default_test_timeout(config);
  for (const auto& b : built) {
    if (!b.ok) continue;
    const fs::path scratch = dir / "run" / "original" / b.source.stem();
    const fs::path reached = fs::absolute(scratch) / "reached.ids";
    suite::GtestRunner lister(run_settings(config, scratch, 0), b.executable);
    Executable e;
    e.path = b.executable;
    for (const auto& name : lister.list(test_timeout)) {
      fs::create_directories(scratch);
      fs::remove(reached);
      suite::GtestRunner runner(run_settings(config, scratch, 0, reached), b.executable);
      bool died = false;
      const auto before = std::chrono::steady_clock::now();
      const auto outcomes = runner.run({name}, test_timeout, died);
      const auto took =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - before);
      const auto found = outcomes.find(name);
      if (found == outcomes.end() || !found->second.passed()) continue;
      e.tests.push_back(PassingTest{name, took, read_ids(reached)});
    }
    if (e.tests.empty()) continue;
    summary.tests += e.tests.size();
    executables.push_back(std::move(e));
  }
  // As long as a sample program may take in palus trace.
  const std::vector<ProgramRun> program_runs =
      original_program_runs(config, request.programs, settings.dir / settings.library, dir / "programs",
                            std::max<std::chrono::milliseconds>(std::chrono::seconds(60), test_timeout), progress);
  summary.tests += program_runs.size();
  if (executables.empty() && program_runs.empty())
    throw UserError(fmt::format(
        "{}: no test passes on the original library, so none can tell a mutant from it",
        request.suite.empty() ? request.programs.front().sources.front().string() : request.suite.string()));

  // The mutants to run: all, or max_mutants spread evenly.
  std::vector<mutants::Mutant> chosen;
  if (request.max_mutants == 0 || request.max_mutants >= all.size()) {
    chosen = all;
  } else {
    for (std::size_t k = 0; k < request.max_mutants; ++k) chosen.push_back(all[k * all.size() / request.max_mutants]);
  }
  summary.original_seconds = seconds_since(original_started);
  const auto mutants_started = std::chrono::steady_clock::now();
  summary.results.resize(chosen.size());
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex mutex, program_mutex;
  auto worker = [&](unsigned index) {
    for (std::size_t k = next++; k < chosen.size(); k = next++) {
      MutantResult result;
      result.mutant = chosen[k];
      if (std::chrono::steady_clock::now() < deadline) {
        result.fate = MutantFate::survived;
        for (const auto& e : executables) {
          std::vector<std::string> names;
          std::chrono::milliseconds took{0};
          for (const auto& t : e.tests) {
            if (!t.reached.count(result.mutant.id)) continue;
            names.push_back(t.name);
            took += t.took;
          }
          if (names.empty()) continue;
          result.reached = true;
          // A fresh scratch folder: what an earlier mutant's tests wrote must not decide this one.
          const fs::path scratch = dir / "run" / fmt::format("worker-{}", index) / e.path.stem();
          std::error_code ignored;
          fs::remove_all(scratch, ignored);
          suite::GtestRunner runner(run_settings(config, scratch, result.mutant.id), e.path);
          bool died = false;
          // A mutant that makes a loop endless is stopped at three times the original's time.
          const auto outcomes = runner.run(names, 3 * took + std::chrono::milliseconds(1000), died);
          const bool all_passed = std::all_of(names.begin(), names.end(), [&](const std::string& n) {
            const auto found = outcomes.find(n);
            return found != outcomes.end() && found->second.passed();
          });
          if (all_passed) continue;
          // Each test passed alone on the original: the first that fails alone on the mutant kills it
          // (a process that died reports the death for every test, so it names none).
          for (const auto& t : e.tests) {
            if (!t.reached.count(result.mutant.id)) continue;
            fs::remove_all(scratch, ignored);
            const auto alone = runner.run({t.name}, 3 * t.took + std::chrono::milliseconds(1000), died);
            const auto found = alone.find(t.name);
            if (found != alone.end() && found->second.passed()) continue;
            const bool timed_out = found != alone.end() && found->second.kind == suite::RunKind::timed_out;
            result.fate = timed_out ? MutantFate::timed_out : MutantFate::killed;
            result.killed_by = t.name;
            break;
          }
          if (result.fate != MutantFate::survived) break;
        }
        for (const ProgramRun& run : program_runs) {
          if (result.fate != MutantFate::survived) break;
          if (!run.reached.count(result.mutant.id)) continue;
          result.reached = true;
          // One program run at a time: programs run in their own folder, where they may write.
          const std::lock_guard one_program(program_mutex);
          const process::ProcessResult r = run_program(run, config.sandbox.memory_bytes, result.mutant.id,
                                                       3 * run.took + std::chrono::milliseconds(1000));
          if (same_as_original(run, r)) continue;
          result.fate = r.timed_out ? MutantFate::timed_out : MutantFate::killed;
          result.killed_by = run.name;
        }
      }
      const std::lock_guard lock(mutex);
      summary.results[k] = std::move(result);
      if (++done % 50 == 0) progress(fmt::format("mutate: {} of {} mutants run", done.load(), chosen.size()));
    }
  };
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < std::max(1u, request.jobs); ++w) threads.emplace_back(worker, w);
  for (auto& t : threads) t.join();
  summary.mutant_seconds = seconds_since(mutants_started);

  for (const auto& r : summary.results) {
    switch (r.fate) {
      case MutantFate::killed:
        ++summary.killed;
        ++summary.kills[r.killed_by];
        break;
      case MutantFate::timed_out:
        ++summary.timed_out;
        break;
      case MutantFate::survived:
        ++summary.survived;
        if (!r.reached) ++summary.not_reached;
        break;
      case MutantFate::not_run:
        ++summary.not_run;
        break;
    }
  }
  const std::size_t ran = summary.killed + summary.timed_out + summary.survived;
  summary.score =
      ran == 0 ? 0 : 100.0 * static_cast<double>(summary.killed + summary.timed_out) / static_cast<double>(ran);
  summary.seconds = seconds_since(started);
  fs::create_directories(request.out);
  write_mutation_yaml(request.out / "mutation.yaml", summary, config.dir);
  return summary;
}

}  // namespace palus
