// bench/evaluate: Palus's evaluation (section 5) on every sample, measured on this machine: for
// each sample, mode and seed a `palus generate` + `palus report` with the same time budget; prints
// and writes bench/results/<date>.md with Figure 9 (coverage per sample and mode, next to the
// sample program alone), Figure 10 (coverage each component adds), Table 4 (known bugs found and
// false alarms) and the cost of each stage. See bench/README.md.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "bench/build_tree.hpp"
#include "bench/evaluation.hpp"
#include "bench/evaluation_args.hpp"
#include "bench/shell.hpp"

namespace {

namespace fs = std::filesystem;
namespace pb = palus::bench;

struct Options {
  pb::EvaluationArgs args;
  fs::path samples_dir = pb::source_root() / "samples";
  std::string samples = "tinysql,minisat,argparse,collections";
  fs::path results;  ///< default bench/results/<date>.md
  bool resume = false;
};

using Results = std::vector<pb::SampleResults>;

std::vector<double> values(const std::vector<const pb::Measured*>& runs, double pb::Run::*field) {
  std::vector<double> out;
  for (const auto* m : runs) out.push_back(m->run.*field);
  return out;
}

/// Figure 9: line (or branch) coverage of the generated suites per sample and mode.
void coverage_table(std::ostream& out, const Results& results, const std::vector<std::string>& modes,
                    double pb::Run::*field, double pb::SampleCoverage::*alone) {
  out << "| sample |";
  for (const auto& mode : modes) out << " " << mode << " |";
  out << " sample program alone |\n|---|";
  for (std::size_t i = 0; i <= modes.size(); ++i) out << "---|";
  out << "\n";
  for (const auto& r : results) {
    out << "| " << r.name << " |";
    for (const auto& mode : modes) out << " " << pb::spread(values(pb::runs_of(r, mode), field), 1) << " |";
    out << fmt::format(" {:.1f} |\n", r.alone.*alone);
  }
}

double mean_line(const pb::SampleResults& r, const std::string& mode) {
  return pb::mean(values(pb::runs_of(r, mode), &pb::Run::line));
}

/// Figure 10: the line coverage each component adds over the mode without it.
void components_table(std::ostream& out, const Results& results, const std::vector<std::string>& modes) {
  const std::vector<std::tuple<std::string, std::string, std::string>> steps = {
      {"model (model − random)", "model", "random"},
      {"argument constraints (model+constraints − model)", "model+constraints", "model"},
      {"dependence and unguided phase (palus − model+constraints)", "palus", "model+constraints"},
      {"all (palus − random)", "palus", "random"},
      {"coverage feedback (palus − palus-no-feedback)", "palus", "palus-no-feedback"}};
  auto has = [&](const std::string& mode) { return std::find(modes.begin(), modes.end(), mode) != modes.end(); };
  out << "| sample |";
  for (const auto& [label, with, without] : steps) out << " " << label << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < steps.size(); ++i) out << "---|";
  out << "\n";
  std::vector<std::vector<double>> per_step(steps.size());
  for (const auto& r : results) {
    out << "| " << r.name << " |";
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const auto& [label, with, without] = steps[k];
      if (!has(with) || !has(without)) {
        out << " - |";
        continue;
      }
      const double added = mean_line(r, with) - mean_line(r, without);
      per_step[k].push_back(added);
      out << fmt::format(" {:+.1f} |", added);
    }
    out << "\n";
  }
  out << "| **average** |";
  for (const auto& added : per_step)
    out << (added.empty() ? std::string(" - |") : fmt::format(" {:+.1f} |", pb::mean(added)));
  out << "\n";
}

/// Table 4: the known bugs found per sample and mode (over all seeds, and per seed), and the
/// failures that match no known bug.
void bugs_table(std::ostream& out, const Results& results, const std::vector<std::string>& modes) {
  out << "| sample | known bugs |";
  for (const auto& mode : modes) out << " " << mode << " |";
  out << "\n|---|---|";
  for (std::size_t i = 0; i < modes.size(); ++i) out << "---|";
  out << "\n";
  std::map<std::string, std::size_t> total;
  for (const auto& r : results) {
    out << "| " << r.name << " | " << r.known_bugs << " |";
    for (const auto& mode : modes) {
      std::set<std::string> bugs;
      std::string per_seed;
      for (const auto* m : pb::runs_of(r, mode)) {
        bugs.insert(m->bugs.begin(), m->bugs.end());
        per_seed += (per_seed.empty() ? "" : ", ") + std::to_string(m->bugs.size());
      }
      total[mode] += bugs.size();
      out << fmt::format(" {}{} (per seed {}) |", bugs.size(), bugs.empty() ? "" : " = " + pb::joined(bugs, ""),
                         per_seed);
    }
    out << "\n";
  }
  out << "| **total** | |";
  for (const auto& mode : modes) out << " " << total[mode] << " |";
  out << "\n\nFalse alarms (failures that match no known bug of the sample's bugs.yaml), per sample and mode:\n\n";
  bool any = false;
  for (const auto& r : results) {
    for (const auto& m : r.runs) {
      for (const auto& f : m.others) {
        any = true;
        out << fmt::format("- {} {} seed {}: {} in `{}`: {} ({})\n", r.name, m.run.mode, m.run.seed, f.kind, f.callable,
                           f.message, f.test);
      }
    }
  }
  if (!any) out << "none.\n";
}

/// The cost of each stage per sample: once per sample, and per run.
void cost_table(std::ostream& out, const Results& results, double budget_s) {
  out << "| sample | analyze s | trace s | model s | harness build s | generate s per run (wall, with checking) | "
         "report s per run | sequences per run | sequences/s (over the time limit) |\n"
      << "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : results) {
    std::map<std::string, double> stage(r.stages.begin(), r.stages.end());
    std::vector<double> generate, report, sequences, rate;
    for (const auto& m : r.runs) {
      generate.push_back(m.run.generate_seconds);
      report.push_back(m.run.report_seconds);
      sequences.push_back(static_cast<double>(m.run.sequences));
      rate.push_back(static_cast<double>(m.run.sequences) / budget_s);
    }
    out << fmt::format("| {} | {:.1f} | {:.1f} | {:.1f} | {:.1f} | {} | {} | {} | {} |\n", r.name, stage["analyze"],
                       stage["trace"], stage["model"], stage["harness"], pb::spread(generate, 0), pb::spread(report, 0),
                       pb::spread(sequences, 0), pb::spread(rate, 0));
  }
}

void print_results(std::ostream& out, const Options& opt, const Results& results, const std::string& load,
                   double wall_minutes) {
  const std::vector<std::string> modes = pb::split_list(opt.args.modes);
  out << fmt::format(
      "# Palus for C++: evaluation\n\nSamples {}; modes {}; seeds {}; time limit {} per run. "
      "Coverage is gcovr's over the library sources, of the generated GoogleTest suite as `palus "
      "report` builds and runs it; mean (min–max) over the seeds.\n\n",
      opt.samples, opt.args.modes, opt.args.seeds, opt.args.time_limit);
  out << "## Figure 9: line coverage (%)\n\n";
  coverage_table(out, results, modes, &pb::Run::line, &pb::SampleCoverage::line);
  out << "\n## Figure 9: branch coverage (%)\n\n";
  coverage_table(out, results, modes, &pb::Run::branch, &pb::SampleCoverage::branch);
  out << "\n## Figure 10: line coverage added by each component (points, means over seeds)\n\n";
  components_table(out, results, modes);
  out << "\n## Table 4: known bugs found (distinct over the seeds)\n\n";
  bugs_table(out, results, modes);
  out << "\n## Cost\n\n";
  cost_table(out, results, pb::seconds_of(opt.args.time_limit));
  out << fmt::format("\nMachine: {}; load average at start {}. The whole evaluation took {:.0f} minutes.",
                     pb::machine_description(), load, wall_minutes);
  std::size_t runs = 0, resumed = 0;
  for (const auto& r : results)
    for (const auto& m : r.runs) ++runs, resumed += m.resumed;
  if (resumed > 0)
    out << fmt::format(
        " {} of the {} runs were read from an earlier evaluation in the same work folder (--resume), "
        "with the generate and report seconds its report.yaml files recorded; the stages before and "
        "the sample programs were run again.",
        resumed, runs);
  out << "\n";
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", std::localtime(&now));
  return text;
}

int run(Options opt) {
  if (const auto wrong = opt.args.check()) {
    std::cerr << "evaluate: " << *wrong << "\n";
    return 2;
  }
  for (const auto& name : pb::split_list(opt.samples)) {
    if (!fs::exists(opt.samples_dir / name / "palus.yaml")) {
      std::cerr << "evaluate: --samples: " << (opt.samples_dir / name / "palus.yaml").string() << " does not exist\n";
      return 2;
    }
  }
  if (opt.results.empty()) opt.results = pb::source_root() / "bench" / "results" / (today() + ".md");
  const fs::path work = opt.args.work_dir.open("palus-bench-evaluate");
  const std::string load = pb::load_average();
  const auto start = std::chrono::steady_clock::now();
  Results results;
  try {
    const pb::EvaluationOptions options = opt.args.options(opt.resume);
    for (const auto& name : pb::split_list(opt.samples))
      results.push_back(pb::measure_sample(options, opt.samples_dir / name, work / name));
  } catch (const std::exception& e) {
    std::cerr << "evaluate: " << e.what() << "\n";
    opt.args.work_dir.close(true);
    return 1;
  }
  const double minutes = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / 60;
  std::ostringstream text;
  print_results(text, opt, results, load, minutes);
  std::cout << text.str();
  fs::create_directories(opt.results.parent_path());
  const fs::path partial = opt.results.string() + ".part";
  std::ofstream(partial) << text.str();
  fs::rename(partial, opt.results);
  std::cerr << "written to " << opt.results.string() << "\n";
  opt.args.work_dir.close();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  CLI::App app{"Palus's evaluation on every sample: coverage per mode, components, bugs, cost (bench/README.md)"};
  app.add_option("--samples-dir", opt.samples_dir, "the folder holding the samples")->capture_default_str();
  app.add_option("--samples", opt.samples, "samples, comma-separated")->capture_default_str();
  opt.args.add_options(app, "one run per sample, mode and seed");
  app.add_option("--results", opt.results, "where to write the tables (default bench/results/<date>.md)");
  app.add_flag("--resume", opt.resume,
               "with --work-dir: read the runs an earlier evaluate in that folder finished instead of redoing them");
  CLI11_PARSE(app, argc, argv);
  if (opt.resume && !opt.args.work_dir.given()) {
    std::cerr << "evaluate: --resume needs the --work-dir of the evaluation to go on with\n";
    return 2;
  }
  opt.samples_dir = fs::absolute(opt.samples_dir);
  return run(opt);
}
