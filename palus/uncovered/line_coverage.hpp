#pragma once
// Per-line coverage of the library as gcovr's JSON report gives it (`gcovr --json`): how often
// each line ran and how often each of its branches was taken.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace palus::uncovered {

struct LineCounts {
  long count = 0;
  bool code = true;            ///< false for lines gcov holds no code for
  std::vector<long> branches;  ///< times each branch was taken (exception-only branches left out)
};

/// Absolute file -> line -> counts.
using LineCoverage = std::map<std::string, std::map<unsigned, LineCounts>>;

/// Reads gcovr's JSON (format 0.x); its files are relative to `root`. UserError naming the file
/// when it is not that format.
LineCoverage read_gcovr_json(const std::filesystem::path& file, const std::filesystem::path& root);

/// A line that ran, with a branch never taken: where the tests stopped.
bool is_frontier(const LineCounts& line);

}  // namespace palus::uncovered
