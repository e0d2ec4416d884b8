#include "palus/mutants/mutant.hpp"

#include "core/enum_names.hpp"

namespace palus::mutants {

std::string_view name_of(Operator op) {
  return enum_name<Operator::return_value>(op, {"AOR", "ROR", "LCR", "BOR", "CRP", "NEG", "SDL", "RVR"});
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
