// bench/coverage: line and branch coverage of the generated suites per generation mode and
// seed, the known bugs of the sample they find, next to the coverage of the sample program alone
// (DESIGN §11; Palus Figures 9 and 10, Table 4). Drives the palus command line and prints
// markdown tables. See bench/README.md.

#include <stdlib.h>
#include <sys/utsname.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <thread>

#include "bench/coverage_bugs.hpp"
#include "bench/coverage_runs.hpp"
#include "bench/coverage_sample.hpp"
#include "bench/shell.hpp"

#ifndef PALUS_EXE
#error "PALUS_EXE must name the palus executable"
#endif
#ifndef PALUS_SOURCE_ROOT
#error "PALUS_SOURCE_ROOT must name the source tree"
#endif

namespace {

namespace fs = std::filesystem;
namespace pb = palus::bench;

struct Options {
  fs::path palus = PALUS_EXE;
  fs::path sample = fs::path(PALUS_SOURCE_ROOT) / "samples" / "tinysql";
  std::string modes = "random,model,model+constraints,palus";
  std::string seeds = "1,2,3";
  std::string time_limit = "60s";
  fs::path work_dir;
  bool keep = false;
};

/// A run with its failures sorted into known bugs and the others.
struct Measured {
  pb::Run run;
  std::set<std::string> bugs;
  std::vector<pb::Failure> others;
};

struct Results {
  std::vector<std::pair<std::string, double>> stages;  ///< analyze, trace, model, harness
  std::vector<std::string> modes;
  std::vector<Measured> runs;
  pb::SampleCoverage alone;
  std::string load;  ///< load average when the benchmark started
};

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) items.push_back(item);
  return items;
}

fs::path fresh_temp_dir() {
  std::string pattern = (fs::temp_directory_path() / "palus-bench-coverage-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

/// "mean (min–max)" of `values`, or the value alone when they are all equal.
std::string spread(const std::vector<double>& values, int decimals) {
  if (values.empty()) return "-";
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
  if (*lo == *hi) return fmt::format("{:.{}f}", mean, decimals);
  return fmt::format("{:.{}f} ({:.{}f}–{:.{}f})", mean, decimals, *lo, decimals, *hi, decimals);
}

template <typename Field>
std::string spread_of(const std::vector<const Measured*>& runs, Field field, int decimals) {
  std::vector<double> values;
  for (const Measured* m : runs) values.push_back(static_cast<double>(field(m->run)));
  return spread(values, decimals);
}

std::string joined(const std::set<std::string>& items, const std::string& none) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : " ") + i;
  return out.empty() ? none : out;
}

void mode_table(std::ostream& out, const Results& r) {
  out << "| mode | line % | branch % | sequences executed | regression tests | failure tests | "
         "known bugs found (count per seed) | other failures (per seed) |\n"
      << "|---|---|---|---|---|---|---|---|\n";
  for (const auto& mode : r.modes) {
    std::vector<const Measured*> runs;
    for (const auto& m : r.runs)
      if (m.run.mode == mode) runs.push_back(&m);
    std::set<std::string> bugs;
    std::string per_seed, others;
    for (const Measured* m : runs) {
      bugs.insert(m->bugs.begin(), m->bugs.end());
      per_seed += (per_seed.empty() ? "" : ", ") + std::to_string(m->bugs.size());
      others += (others.empty() ? "" : ", ") + std::to_string(m->others.size());
    }
    out << fmt::format("| {} | {} | {} | {} | {} | {} | {} ({}) | {} |\n", mode,
                       spread_of(runs, [](const pb::Run& x) { return x.line; }, 1),
                       spread_of(runs, [](const pb::Run& x) { return x.branch; }, 1),
                       spread_of(runs, [](const pb::Run& x) { return x.sequences; }, 0),
                       spread_of(runs, [](const pb::Run& x) { return x.regression_tests; }, 0),
                       spread_of(runs, [](const pb::Run& x) { return x.failure_tests; }, 0), joined(bugs, "none"),
                       per_seed, others);
  }
  out << fmt::format("| sample program alone | {:.1f} | {:.1f} | | | | | |\n", r.alone.line, r.alone.branch);
}

void run_table(std::ostream& out, const Results& r) {
  out << "| mode | seed | line % (lines) | branch % (branches) | sequences executed | regression tests | failure tests | known bugs | "
         "other failures | generate s | report s |\n"
      << "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& m : r.runs) {
    const pb::Run& x = m.run;
    out << fmt::format("| {} | {} | {:.1f} ({}/{}) | {:.1f} ({}/{}) | {} | {} | {} | {} | {} | {:.1f} | {:.1f} |\n",
                       x.mode, x.seed, x.line, x.line_covered, x.line_total, x.branch, x.branch_covered,
                       x.branch_total, x.sequences, x.regression_tests, x.failure_tests, joined(m.bugs, "-"),
                       m.others.size(), x.generate_seconds, x.report_seconds);
  }
}

void other_failures(std::ostream& out, const Results& r) {
  bool any = false;
  for (const auto& m : r.runs) {
    for (const auto& f : m.others) {
      if (!any) out << "\nFailures that match no known bug (false alarms, or bugs BUGS.md does not list):\n\n";
      any = true;
      out << fmt::format("- {} seed {}: {} in `{}`: {} ({})\n", m.run.mode, m.run.seed, f.kind, f.callable, f.message,
                         f.test);
    }
  }
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

/// The 1, 5 and 15 minute load averages.
std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one.empty() ? "unknown" : one + " " + five + " " + fifteen;
}

void stage_table(std::ostream& out, const Results& r) {
  out << "| stage | seconds |\n|---|---|\n";
  for (const auto& [name, seconds] : r.stages) out << fmt::format("| palus {} (once) | {:.1f} |\n", name, seconds);
  std::vector<double> generate, report;
  for (const auto& m : r.runs) {
    generate.push_back(m.run.generate_seconds);
    report.push_back(m.run.report_seconds);
  }
  out << fmt::format("| palus generate (per run) | {} |\n", spread(generate, 1))
      << fmt::format("| palus report (per run) | {} |\n", spread(report, 1))
      << fmt::format("| sample alone: build with --coverage | {:.1f} |\n", r.alone.build_seconds)
      << fmt::format("| sample alone: run | {:.2f} |\n", r.alone.run_seconds)
      << fmt::format("| sample alone: gcovr | {:.1f} |\n", r.alone.gcovr_seconds);
  utsname name{};
  ::uname(&name);
  out << fmt::format("\nMachine: {} cores, {}, {} {}; load average at start {}.\n", std::thread::hardware_concurrency(),
                     cpu_model(), name.sysname, name.release, r.load);
}

void print_report(std::ostream& out, const Options& opt, const Results& r) {
  out << fmt::format("Sample {}, seeds {}, time limit {} per run.\n\n", opt.sample.string(), opt.seeds,
                     opt.time_limit);
  mode_table(out, r);
  out << fmt::format("\nThe sample program alone: lines {}/{}, branches {}/{}. Same gcovr scope and options as palus "
                     "report; branches only a throw takes are left out where gcov marks them, in code that ran, so "
                     "the totals vary a little with what ran.\n\n",
                     r.alone.line_covered, r.alone.line_total, r.alone.branch_covered, r.alone.branch_total);
  run_table(out, r);
  other_failures(out, r);
  out << "\n";
  stage_table(out, r);
}

Results measure(const Options& opt, const fs::path& work) {
  Results r;
  r.load = load_average();
  r.modes = split(opt.modes);
  const std::vector<std::string> seeds = split(opt.seeds);
  const fs::path config = pb::copy_sample(opt.sample, work / "sample");
  const fs::path palus_work = work / "palus", logs = work / "logs";
  for (const char* stage : {"analyze", "trace", "model", "harness"})
    r.stages.emplace_back(stage, pb::palus_stage(opt.palus, stage, config, palus_work, "", logs, stage));

  std::size_t done = 0;
  for (const auto& mode : r.modes) {
    for (const auto& seed : seeds) {
      const std::string name = fmt::format("{}-{}", mode, seed);
      std::cerr << fmt::format("[{}/{}] mode {}, seed {}\n", ++done, r.modes.size() * seeds.size(), mode, seed);
      const fs::path out = work / ("out-" + name);
      const fs::path run_config = pb::config_with_output(config, out, "palus-" + name + ".yaml");
      const std::string args = fmt::format("--mode {} --seed {} --time-limit {} --out {}", pb::shell_quote(mode), seed,
                                           pb::shell_quote(opt.time_limit), pb::shell_quote(out.string()));
      const double generate_s =
          pb::palus_stage(opt.palus, "generate", run_config, palus_work, args, logs, "generate-" + name);
      const double report_s = pb::palus_stage(opt.palus, "report", run_config, palus_work, "", logs, "report-" + name);
      Measured m{pb::read_report(out), {}, {}};
      pb::read_coverage_totals(palus_work / "report" / "coverage.json", m.run);
      m.run.mode = mode;
      m.run.seed = std::stoull(seed);
      m.run.generate_seconds = generate_s;
      m.run.report_seconds = report_s;
      for (const auto& f : m.run.failures) {
        if (std::string bug = pb::known_bug(f, out); !bug.empty()) m.bugs.insert(bug);
        else m.others.push_back(f);
      }
      std::cerr << fmt::format("  line {:.1f}%, branch {:.1f}%, {} failures: known bugs {}, {} other\n", m.run.line,
                               m.run.branch, m.run.failures.size(), joined(m.bugs, "none"), m.others.size());
      r.runs.push_back(std::move(m));
    }
  }
  r.alone = pb::sample_coverage(config, work / "alone");
  std::cerr << fmt::format("sample alone: line {:.1f}%, branch {:.1f}%\n", r.alone.line, r.alone.branch);
  return r;
}

int run(const Options& opt) {
  if (!fs::exists(opt.palus)) {
    std::cerr << "coverage: " << opt.palus.string() << " does not exist: build palus first\n";
    return 2;
  }
  for (const auto& seed : split(opt.seeds)) {
    if (seed.find_first_not_of("0123456789") != std::string::npos) {
      std::cerr << "coverage: --seeds: not a number: " << seed << "\n";
      return 2;
    }
  }
  const bool fresh = opt.work_dir.empty();
  const fs::path work = fresh ? fresh_temp_dir() : fs::absolute(opt.work_dir);
  fs::create_directories(work);
  std::cerr << "work directory: " << work.string() << "\n";
  try {
    print_report(std::cout, opt, measure(opt, work));
  } catch (const std::exception& e) {
    std::cerr << "coverage: " << e.what() << "\nWork directory kept: " << work.string() << "\n";
    return 1;
  }
  if (fresh && !opt.keep) {
    fs::remove_all(work);
  } else {
    std::cout << "\nWork directory kept: " << work.string() << "\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  CLI::App app{"Coverage and known bugs of the generated suites per mode, and of the sample alone (bench/README.md)"};
  app.add_option("--palus", opt.palus, "the palus executable")->capture_default_str();
  app.add_option("--sample", opt.sample, "the sample (a folder with palus.yaml)")->capture_default_str();
  app.add_option("--modes", opt.modes, "generation modes, comma-separated")->capture_default_str();
  app.add_option("--seeds", opt.seeds, "seeds, comma-separated: one run per mode and seed")->capture_default_str();
  app.add_option("--time-limit", opt.time_limit, "generation time of each run")->capture_default_str();
  app.add_option("--work-dir", opt.work_dir, "working files (default: a fresh temporary folder, removed afterwards)");
  app.add_flag("--keep", opt.keep, "keep the temporary work folder");
  CLI11_PARSE(app, argc, argv);
  opt.sample = fs::absolute(opt.sample);
  opt.palus = fs::absolute(opt.palus);
  return run(opt);
}
