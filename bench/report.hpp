#pragma once
// The benchmark's printout: markdown tables of throughput and outcomes, and the machine.

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "bench/harness_runs.hpp"
#include "bench/setup.hpp"
#include "bench/slow_way.hpp"

namespace palus::bench {

struct Machine {
  unsigned cores = 0;
  std::string cpu;     ///< "model name" of /proc/cpuinfo
  std::string kernel;  ///< uname -sr
  std::string load;    ///< the 1, 5 and 15 minute load averages when the benchmark started
};

Machine this_machine();

struct SlowSummary {
  std::vector<SlowFile> files;
  std::size_t statements = 0;  ///< in the sequences those files perform
  double library_seconds = 0;  ///< building the library once (not in the per-sequence cost)
  std::string compiler;        ///< the command line prefix used
  double seconds() const;
};

/// A run of a mix of sequences of which a given share ended the process that ran them.
struct MixRun {
  int percent_dying = 0;
  HarnessRun run;
};

struct Results {
  Machine machine;
  Prepared prepared;
  std::vector<HarnessRun> runs;  ///< the first is the reference of the ratio
  SlowSummary slow;
  std::vector<MixRun> mixes;  ///< empty unless asked for
  std::uint64_t seed = 0;
};

void print_report(std::ostream& out, const Results& results);

}  // namespace palus::bench
