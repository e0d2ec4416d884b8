#include "palus/mutants/mutant.hpp"

namespace palus::mutants {

const char* name_of(Operator op) {
  switch (op) {
    case Operator::arithmetic:
      return "AOR";
    case Operator::relational:
      return "ROR";
    case Operator::logical:
      return "LCR";
    case Operator::bitwise:
      return "BOR";
    case Operator::constant:
      return "CRP";
    case Operator::negated_condition:
      return "NEG";
    case Operator::deleted_statement:
      return "SDL";
    case Operator::return_value:
      return "RVR";
  }
  return "?";
}

std::vector<Mutant> number_mutants(const std::string& file, std::vector<Site>& sites, std::uint32_t& next) {
  std::vector<Mutant> mutants;
  for (Site& site : sites) {
    site.ids.clear();
    for (const std::string& replacement : site.replacements) {
      site.ids.push_back(next);
      mutants.push_back(Mutant{next, file, site.line, site.column, site.op, site.original, replacement});
      ++next;
    }
  }
  return mutants;
}

}  // namespace palus::mutants
