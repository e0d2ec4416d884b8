#include "palus/generation/contract_checks.hpp"

#include <set>

namespace palus::generation {

ContractChecks::ContractChecks(const Catalog& catalog) : catalog_(catalog) {
  for (const auto& c : catalog.callables)
    if (c.contract && c.usable) by_type_[c.contract->type].push_back(&c);
}

Sequence ContractChecks::appended(const Sequence& sequence, Random& random) const {
  if (by_type_.empty() || sequence.empty()) return sequence;
  const auto last = static_cast<std::uint32_t>(sequence.size() - 1);
  // (statement, type) pairs to check: what the last statement yields, and its receiver.
  std::set<std::pair<std::uint32_t, std::string>> subjects;
  const CallableInfo& info = catalog_.callables[sequence[last].callable];
  for (const auto& y : info.yields) subjects.emplace(last, y);
  if (info.is_method && !sequence[last].inputs.empty() && sequence[last].inputs[0].kind == InputKind::ref)
    subjects.emplace(sequence[last].inputs[0].ref, info.inputs[0].record);

  std::vector<Statement> checks;
  for (const auto& [statement, type] : subjects) {
    auto found = by_type_.find(type);
    if (found == by_type_.end()) continue;
    for (const CallableInfo* check : found->second) {
      // A contract that changes its object (a = a) never gets a const T& the library returned
      // (Json::Value::nullSingleton(): the static every new member is copied from).
      if (!may_take(catalog_, sequence, statement, check->inputs[0])) continue;
      Statement s;
      s.callable = check->index;
      s.inputs.push_back(Input::result_of(statement));
      if (check->contract->arity == 2) {
        std::vector<std::uint32_t> others;
        for (std::uint32_t k = 0; k < sequence.size(); ++k) {
          if (k == statement || !may_take(catalog_, sequence, k, check->inputs[1])) continue;
          for (const auto& y : catalog_.callables[sequence[k].callable].yields)
            if (y == type) others.push_back(k);
        }
        if (others.empty()) continue;
        s.inputs.push_back(Input::result_of(random.one_of(others)));
      }
      checks.push_back(std::move(s));
    }
  }
  return checks.empty() ? sequence : sequence.extended(std::move(checks));
}

}  // namespace palus::generation
