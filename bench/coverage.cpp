// bench/coverage: line and branch coverage of the generated suites per generation mode and
// seed, the known bugs of the sample they find, next to the coverage of the sample program alone
// (DESIGN §11; Palus Figures 9 and 10, Table 4). Drives the palus command line and prints
// markdown tables. See bench/README.md.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <set>

#include "bench/build_tree.hpp"
#include "bench/evaluation.hpp"
#include "bench/evaluation_args.hpp"
#include "bench/shell.hpp"

namespace {

namespace fs = std::filesystem;
namespace pb = palus::bench;

struct Options {
  pb::EvaluationArgs args;
  fs::path sample = pb::source_root() / "samples" / "tinysql";
};

using pb::Measured;
using Results = pb::SampleResults;
using pb::joined;
using pb::spread;

template <typename Field>
std::string spread_of(const std::vector<const Measured*>& runs, Field field, int decimals) {
  std::vector<double> values;
  for (const Measured* m : runs) values.push_back(static_cast<double>(field(m->run)));
  return spread(values, decimals);
}

void mode_table(std::ostream& out, const Results& r) {
  out << "| mode | line % | branch % | sequences executed | regression tests | failure tests | "
         "known bugs found (count per seed) | other failures (per seed) |\n"
      << "|---|---|---|---|---|---|---|---|\n";
  for (const auto& mode : r.modes) {
    const std::vector<const Measured*> runs = pb::runs_of(r, mode);
    std::set<std::string> bugs;
    std::string per_seed, others;
    for (const Measured* m : runs) {
      bugs.insert(m->bugs.begin(), m->bugs.end());
      per_seed += (per_seed.empty() ? "" : ", ") + std::to_string(m->bugs.size());
      others += (others.empty() ? "" : ", ") + std::to_string(m->others.size());
    }
    out << fmt::format("| {} | {} | {} | {} | {} | {} | {} ({}) | {} |\n", mode,
                       spread_of(
                           runs, [](const pb::Run& x) { return x.line; }, 1),
                       spread_of(
                           runs, [](const pb::Run& x) { return x.branch; }, 1),
                       spread_of(
                           runs, [](const pb::Run& x) { return x.sequences; }, 0),
                       spread_of(
                           runs, [](const pb::Run& x) { return x.regression_tests; }, 0),
                       spread_of(
                           runs, [](const pb::Run& x) { return x.failure_tests; }, 0),
                       joined(bugs, "none"), per_seed, others);
  }
  out << fmt::format("| sample program alone | {:.1f} | {:.1f} | | | | | |\n", r.alone.line, r.alone.branch);
}

void run_table(std::ostream& out, const Results& r) {
  out << "| mode | seed | line % (lines) | branch % (branches) | sequences executed | regression tests | failure tests "
         "| known bugs | "
         "other failures | generate s | report s |\n"
      << "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& m : r.runs) {
    const pb::Run& x = m.run;
    out << fmt::format("| {} | {} | {:.1f} ({}/{}) | {:.1f} ({}/{}) | {} | {} | {} | {} | {} | {:.1f} | {:.1f} |\n",
                       x.mode, x.seed, x.line, x.line_covered, x.line_total, x.branch, x.branch_covered, x.branch_total,
                       x.sequences, x.regression_tests, x.failure_tests, joined(m.bugs, "-"), m.others.size(),
                       x.generate_seconds, x.report_seconds);
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

void stage_table(std::ostream& out, const Results& r, const std::string& load) {
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
  out << fmt::format("\nMachine: {}; load average at start {}.\n", pb::machine_description(), load);
}

void print_report(std::ostream& out, const Options& opt, const Results& r, const std::string& load) {
  out << fmt::format("Sample {}, seeds {}, time limit {} per run.\n\n", opt.sample.string(), opt.args.seeds,
                     opt.args.time_limit);
  mode_table(out, r);
  out << fmt::format(
      "\nThe sample program alone: lines {}/{}, branches {}/{}. Same gcovr scope and options as palus "
      "report; branches only a throw takes are left out where gcov marks them, in code that ran, so "
      "the totals vary a little with what ran.\n\n",
      r.alone.line_covered, r.alone.line_total, r.alone.branch_covered, r.alone.branch_total);
  run_table(out, r);
  other_failures(out, r);
  out << "\n";
  stage_table(out, r, load);
}

int run(Options& opt) {
  if (const auto wrong = opt.args.check()) {
    std::cerr << "coverage: " << *wrong << "\n";
    return 2;
  }
  const fs::path work = opt.args.work_dir.open("palus-bench-coverage");
  try {
    const std::string load = pb::load_average();
    print_report(std::cout, opt, pb::measure_sample(opt.args.options(), opt.sample, work), load);
  } catch (const std::exception& e) {
    std::cerr << "coverage: " << e.what() << "\n";
    opt.args.work_dir.close(true);
    return 1;
  }
  opt.args.work_dir.close();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  CLI::App app{"Coverage and known bugs of the generated suites per mode, and of the sample alone (bench/README.md)"};
  app.add_option("--sample", opt.sample, "the sample (a folder with palus.yaml)")->capture_default_str();
  opt.args.add_options(app, "one run per mode and seed");
  CLI11_PARSE(app, argc, argv);
  opt.sample = fs::absolute(opt.sample);
  return run(opt);
}
