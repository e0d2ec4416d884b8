#include "palus/generation/theory_checks.hpp"

#include <algorithm>
#include <set>

#include "palus/generation/feedback.hpp"

namespace palus::generation {

TheoryChecks::TheoryChecks(const Catalog& catalog, const LiteralPool& literals, TheoryCheckOptions options)
    : catalog_(catalog), literals_(literals), options_(options) {
  for (const auto& c : catalog.callables) {
    if (!c.oracle || !c.usable) continue;
    if (c.oracle->kind == api::Oracle::Kind::invariant) {
      if (c.inputs.size() == 1 && !c.inputs[0].record.empty()) invariants_.emplace(c.inputs[0].record, &c);
    } else {
      theories_.push_back(&c);
    }
  }
}

std::vector<std::pair<std::uint32_t, std::string>> TheoryChecks::subjects(const Sequence& sequence,
                                                                          std::size_t main_size) const {
  std::set<std::pair<std::uint32_t, std::string>> out;
  const std::set<std::uint32_t> moved = moved_from(sequence, main_size, catalog_);
  const auto last = static_cast<std::uint32_t>(main_size - 1);
  const CallableInfo& info = catalog_.callables[sequence[last].callable];
  for (const auto& y : info.yields) out.emplace(last, y);
  const auto& inputs = sequence[last].inputs;
  for (std::size_t k = 0; k < inputs.size() && k < info.inputs.size(); ++k) {
    if (inputs[k].kind != InputKind::ref) continue;
    const bool receiver = info.is_method && k == 0;
    if (receiver || info.inputs[k].may_change) out.emplace(inputs[k].ref, info.inputs[k].record);
  }
  std::erase_if(out, [&](const auto& subject) {
    return moved.count(subject.first) > 0;
  });  // a moved-from object's state is unspecified
  return {out.begin(), out.end()};
}

bool TheoryChecks::theory_call(const CallableInfo& theory, const Sequence& sequence, std::size_t main_size,
                               const std::vector<std::pair<std::uint32_t, std::string>>& subjects, Random& random,
                               Statement& out) const {
  // Which statements can supply each object input; the sequence's own statements only.
  std::vector<std::vector<std::uint32_t>> choices(theory.inputs.size());
  std::vector<std::size_t> fresh;  // object inputs a subject can fill
  const std::set<std::uint32_t> moved = moved_from(sequence, main_size, catalog_);
  // A theory that changes an object (a T& parameter) never gets a const T& the library returned.
  bool objects = false;
  for (std::size_t k = 0; k < theory.inputs.size(); ++k) {
    const InputNeed& need = theory.inputs[k];
    if (need.literal) continue;
    objects = true;
    for (std::uint32_t s = 0; s < main_size; ++s) {
      if (moved.count(s) || !may_take(catalog_, sequence, s, need)) continue;
      const auto& yields = catalog_.callables[sequence[s].callable].yields;
      if (std::find(yields.begin(), yields.end(), need.record) != yields.end()) choices[k].push_back(s);
    }
    if (choices[k].empty()) return false;
    for (const auto& [statement, type] : subjects)
      if (type == need.record && may_take(catalog_, sequence, statement, need)) {
        fresh.push_back(k);
        break;
      }
  }
  if (objects && fresh.empty()) return false;  // the prefix's objects were tried when it ran
  if (!objects && !random.chance(options_.objectless_chance)) return false;

  const std::size_t pinned = fresh.empty() ? theory.inputs.size() : random.one_of(fresh);
  out = Statement{};
  out.callable = theory.index;
  for (std::size_t k = 0; k < theory.inputs.size(); ++k) {
    const InputNeed& need = theory.inputs[k];
    if (need.literal) {
      out.inputs.push_back(literals_.pick(need.type, theory.callable, random, need.param ? need.param->name : ""));
      continue;
    }
    std::uint32_t from = random.one_of(choices[k]);
    if (k == pinned) {
      std::vector<std::uint32_t> mine;
      for (const auto& [statement, type] : subjects)
        if (type == need.record && may_take(catalog_, sequence, statement, need)) mine.push_back(statement);
      from = random.one_of(mine);
    }
    out.inputs.push_back(Input::result_of(from));
  }
  return true;
}

Sequence TheoryChecks::appended(const Sequence& checked, std::size_t main_size, Random& random) const {
  if (empty() || main_size == 0) return checked;
  const auto touched = subjects(checked, main_size);
  std::vector<Statement> more;
  for (const auto& [statement, type] : touched) {
    auto found = invariants_.find(type);
    if (found == invariants_.end()) continue;
    if (!may_take(catalog_, checked, statement, found->second->inputs[0])) continue;
    Statement s;
    s.callable = found->second->index;
    s.inputs.push_back(Input::result_of(statement));
    more.push_back(std::move(s));
  }
  if (!theories_.empty()) {
    // A random order of the theories, the first that apply taken.
    std::vector<const CallableInfo*> order = theories_;
    for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[random.below(k)]);
    std::size_t added = 0;
    for (const CallableInfo* theory : order) {
      if (added == options_.theories_per_sequence) break;
      Statement s;
      if (theory_call(*theory, checked, main_size, touched, random, s)) {
        more.push_back(std::move(s));
        ++added;
      }
    }
  }
  return more.empty() ? checked : checked.extended(std::move(more));
}

}  // namespace palus::generation
