#pragma once
// Covana (DESIGN §13, seed 003): why the tests never took a branch. Each frontier branch (its line
// ran, one of its branches never did) is traced to what its condition depends on, the problem
// behind it is named, and branches blocked by one problem are grouped and ranked by the lines
// they keep uncovered.

#include <map>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "palus/uncovered/branch_map.hpp"
#include "palus/uncovered/line_coverage.hpp"

namespace palus::uncovered {

/// One frontier branch and the problem found behind it.
struct FrontierBranch {
  std::string file;
  unsigned line = 0;
  std::string construct, function, condition;
  /// An if's condition that tests equality and always held (its then-arm ran, the other way never):
  /// what is asked for is a value other than those it compares with.
  bool always_equal = false;
  std::vector<long> taken;        ///< times each branch of the line was taken
  std::vector<unsigned> blocked;  ///< never-run code lines below it (not below a nested frontier)
  std::string category;           ///< object-creation | external-call | input-value | unreached-callable | other
  std::string subject;            ///< what blocks: a field, "callable(param)", a callee, a variable
  std::string cause, suggestion;
  /// Branches with the same group make one problem: the subject, and for text a public callable
  /// reads, the function that looks at it too (one entry per thing the text must hold).
  std::string group;
};

/// Frontier branches with one problem in common, ranked by the lines they block.
struct Problem {
  std::string file;  ///< of its frontier branch that blocks the most lines
  unsigned line = 0;
  std::string category, subject;
  int blocked_lines = 0;
  std::vector<std::size_t> branches;  ///< indices into Diagnosis::branches, most blocking first
  std::string cause, suggestion;
};

/// A function of the library that no test ran.
struct UnreachedFunction {
  std::string function, file;
  unsigned line = 0, end_line = 0;
  int lines = 0;  ///< its code lines
};

struct Diagnosis {
  std::vector<FrontierBranch> branches;
  std::vector<Problem> problems;  ///< ranked: most blocked lines first
  std::vector<UnreachedFunction> unreached;
  int frontier_lines = 0;              ///< lines with a branch never taken, of a line that ran
  int frontier_without_condition = 0;  ///< of those, lines where no condition was found (compiler-made branches)
};

/// `uncallable`: the API's callables the harness cannot call (id -> why), as its plan says.
Diagnosis diagnose(const BranchMap& map, const LineCoverage& coverage, const api::Api& api,
                   const std::map<std::string, std::string>& uncallable = {});

}  // namespace palus::uncovered
