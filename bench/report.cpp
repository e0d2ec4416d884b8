#include "bench/report.hpp"

#include <fmt/format.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <set>

namespace palus::bench {
namespace {

std::string rate(double count, double seconds) {
  if (seconds <= 0) return "-";
  const double r = count / seconds;
  return r >= 100 ? fmt::format("{:.0f}", r) : fmt::format("{:.3g}", r);
}

double per_second(double count, double seconds) { return seconds > 0 ? count / seconds : 0; }

void throughput_table(std::ostream& out, const Results& r) {
  out << "| variant | sequences | statements | seconds | sequences/s | statements/s |\n"
      << "|---|---|---|---|---|---|\n";
  for (const auto& run : r.runs)
    out << fmt::format("| {} | {} | {} | {:.2f} | {} | {} |\n", run.variant, run.sequences, run.statements, run.seconds,
                       rate(run.sequences, run.seconds), rate(run.statements, run.seconds));
  const SlowSummary& slow = r.slow;
  const double slow_s = slow.seconds();
  out << fmt::format("| one GoogleTest file per sequence ({} done, per-sequence cost) | {} | {} | {:.2f} | {} | {} |\n",
                     slow.files.size(), slow.files.size(), slow.statements, slow_s, rate(slow.files.size(), slow_s),
                     rate(slow.statements, slow_s));
  const double slow_rate = per_second(slow.files.size(), slow_s);
  for (const auto& run : r.runs) {
    const double fast = per_second(run.sequences, run.seconds);
    out << fmt::format("| ratio ({}) / GoogleTest-per-sequence | | | | {} | |\n", run.variant,
                       slow_rate > 0 ? fmt::format("{:.0f}x", fast / slow_rate) : "-");
  }
}

void outcome_table(std::ostream& out, const Results& r) {
  std::set<std::string> kinds{"normal", "exception"};
  for (const auto& run : r.runs)
    for (const auto& [kind, n] : run.outcomes) kinds.insert(kind);
  out << "| outcome |";
  for (const auto& run : r.runs) out << " " << run.variant << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < r.runs.size(); ++i) out << "---|";
  out << "\n";
  for (const auto& kind : kinds) {
    out << "| " << kind << " |";
    for (const auto& run : r.runs) {
      auto it = run.outcomes.find(kind);
      out << " " << (it == run.outcomes.end() ? 0 : it->second) << " |";
    }
    out << "\n";
  }
  out << "| statements answered |";
  for (const auto& run : r.runs) out << " " << run.answered << " |";
  out << "\n| harness restarts |";
  for (const auto& run : r.runs) out << " " << run.restarts << " |";
  out << "\n";
}

void details(std::ostream& out, const Results& r) {
  out << "\nMachine: " << r.machine.cores << " cores, " << r.machine.cpu << ", " << r.machine.kernel
      << "; load average at start " << (r.machine.load.empty() ? "unknown" : r.machine.load) << ".\n";
  out << fmt::format(
      "Setup (not measured above): palus analyze {:.1f} s, palus harness {:.1f} s (none) and {:.1f} s "
      "(address,undefined); seed {}.\n",
      r.prepared.analyze_seconds, r.prepared.plain_build_seconds, r.prepared.sanitized_build_seconds, r.seed);
  const std::vector<std::string>* shown = nullptr;
  for (const auto& run : r.runs) {
    out << fmt::format(
        "\n{}: harness started in {:.3f} s; CPU during the run: executor {:.2f} s, harness {:.2f} s "
        "(wall {:.2f} s); ",
        run.variant, run.startup_seconds, run.executor_cpu, run.harness_cpu, run.seconds);
    if (shown && *shown == run.protections) {
      out << "protections as above\n";
    } else {
      out << "protections the harness reported: ";
      for (std::size_t i = 0; i < run.protections.size(); ++i) out << (i ? "; " : "") << run.protections[i];
      out << "\n";
    }
    shown = &run.protections;
    for (const auto& [kind, messages] : run.examples)
      for (const auto& m : messages) out << "  " << kind << ": " << m << "\n";
  }
  const SlowSummary& slow = r.slow;
  out << fmt::format(
      "\nThe slow way is extrapolated from the per-sequence cost: {} of the same sequences were each written as a "
      "GoogleTest file, compiled, linked and run ({}; the library was compiled once beforehand into a static "
      "library in {:.1f} s, not counted).\n",
      slow.files.size(), slow.compiler, slow.library_seconds);
  for (const auto& f : slow.files) {
    std::string status = !f.compiled         ? "DID NOT COMPILE"
                         : f.run_status == 0 ? "passed"
                                             : fmt::format("exit status {}", f.run_status);
    out << fmt::format("  {}: {:.2f} s, {}\n", f.source.filename().string(), f.seconds, status);
  }
}

}  // namespace

Machine this_machine() {
  Machine m;
  const long n = ::sysconf(_SC_NPROCESSORS_ONLN);
  m.cores = n > 0 ? static_cast<unsigned>(n) : 0;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon != std::string::npos) m.cpu = line.substr(line.find_first_not_of(" \t", colon + 1));
    break;
  }
  if (m.cpu.empty()) m.cpu = "unknown CPU";
  std::ifstream loadavg("/proc/loadavg");
  std::string one, five, fifteen;
  if (loadavg >> one >> five >> fifteen) m.load = one + " " + five + " " + fifteen;
  utsname u{};
  if (::uname(&u) == 0) m.kernel = std::string(u.sysname) + " " + u.release;
  return m;
}

double SlowSummary::seconds() const {
  double total = 0;
  for (const auto& f : files) total += f.seconds;
  return total;
}

/// Sequences/s per variant (rows) and share of dying sequences (columns); each cell also says how
/// many of the mix's sequences did end their process when run again.
void dying_table(std::ostream& out, const Results& r) {
  std::vector<std::string> variants;
  std::vector<int> percents;
  for (const auto& m : r.mixes) {
    if (std::find(variants.begin(), variants.end(), m.run.variant) == variants.end()) variants.push_back(m.run.variant);
    if (std::find(percents.begin(), percents.end(), m.percent_dying) == percents.end())
      percents.push_back(m.percent_dying);
  }
  out << "| variant |";
  // Of the sequences that died, those whose child died too; the others' child survived the report or fault.
  for (int p : percents) out << " " << p << "% dying: sequences/s (died; children lost) |";
  out << "\n|---|";
  for (std::size_t i = 0; i < percents.size(); ++i) out << "---|";
  out << "\n";
  for (const auto& variant : variants) {
    out << "| " << variant << " |";
    for (int p : percents) {
      auto it = std::find_if(r.mixes.begin(), r.mixes.end(),
                             [&](const MixRun& m) { return m.run.variant == variant && m.percent_dying == p; });
      if (it == r.mixes.end()) {
        out << " - |";
        continue;
      }
      const auto died = std::count(it->run.ended_process.begin(), it->run.ended_process.end(), true);
      out << fmt::format(" {} ({} of {}; {}) |", rate(it->run.sequences, it->run.seconds), died, it->run.sequences,
                         it->run.child_deaths);
    }
    out << "\n";
  }
}

void print_report(std::ostream& out, const Results& results) {
  throughput_table(out, results);
  out << "\n";
  outcome_table(out, results);
  if (!results.mixes.empty()) {
    out << "\n";
    dying_table(out, results);
  }
  details(out, results);
}

}  // namespace palus::bench
