#include "palus/generation/random_step.hpp"

#include <fmt/format.h>

#include <map>
#include <string>

#include "core/names.hpp"
#include "palus/generation/assemble.hpp"

namespace palus::generation {
namespace {

/// The statements of `sequence` that yield `type`; with `writable`, not those reached only through
/// a const reference or pointer to const.
std::vector<std::uint32_t> objects_of(const Sequence& sequence, const std::string& type, const Catalog& catalog,
                                      bool writable) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t k = 0; k < sequence.size(); ++k) {
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    if (writable && read_only_at(catalog, sequence, k)) continue;
    for (const auto& y : info.yields)
      if (y == type) {
        out.push_back(k);
        break;
      }
  }
  return out;
}

}  // namespace

RandomStep::RandomStep(const Catalog& catalog, const LiteralPool& literals, StepOptions options)
    : catalog_(catalog), literals_(literals), options_(options) {
  std::map<std::string, std::size_t> per_template;
  auto template_of = [](const CallableInfo& c) {
    if (c.callable == nullptr || !c.callable->is_instantiation) return std::string();
    // The class too: member templates of two aliases of one class template share a line.
    return fmt::format("{}::{}@{}:{}", c.callable->owner, names::without_template_arguments(c.callable->name),
                       c.callable->file, c.callable->line);
  };
  for (const auto& c : catalog_.callables) {
    if (!c.usable || c.is_check()) continue;
    candidates_.push_back(&c);
    if (auto key = template_of(c); !key.empty()) ++per_template[key];
  }
  siblings_.assign(catalog_.callables.size(), 1);
  for (const CallableInfo* c : candidates_) {
    if (auto key = template_of(*c); !key.empty()) siblings_[c->index] = per_template[key];
  }
}

const CallableInfo& RandomStep::pick(const std::vector<const CallableInfo*>& callables, Random& random) const {
  // Rejection: a callable with k siblings is kept with chance 1/k; a few tries bound the cost.
  const CallableInfo* chosen = random.one_of(callables);
  for (int tries = 0; tries < 8; ++tries) {
    const std::size_t k = chosen->index < siblings_.size() ? siblings_[chosen->index] : 1;
    if (k <= 1 || random.below(k) == 0) break;
    chosen = random.one_of(callables);
  }
  return *chosen;
}

std::vector<const CallableInfo*> RandomStep::callable_now(const Pool& pool) const {
  std::vector<const CallableInfo*> out;
  for (const CallableInfo* c : candidates_) {
    bool ok = true;
    for (const auto& need : c->inputs)
      if (!need.literal && !need.null_allowed && !pool.has(need.record, need.may_change)) ok = false;
    if (ok) out.push_back(c);
  }
  return out;
}

std::optional<Sequence> RandomStep::next(const Pool& pool, Random& random) {
  const std::vector<const CallableInfo*> now = callable_now(pool);
  if (now.empty()) return std::nullopt;
  return call(pick(now, random), pool, random);
}

std::optional<Sequence> RandomStep::call(const CallableInfo& callable, const Pool& pool, Random& random) const {
  // Inputs that come from other sequences are resolved after concatenation: (part, statement).
  std::vector<Sequence> parts;
  std::vector<ChosenInput> chosen;
  for (const auto& need : callable.inputs) {
    ChosenInput c;
    if (need.literal) {
      c.literal = literals_.pick(need.type, callable.callable, random, need.param ? need.param->name : std::string());
    } else if (need.null_allowed &&
               (!pool.has(need.record, need.may_change) || random.chance(options_.null_probability))) {
      c.literal = Input::null();
    } else if (auto same = alias_of(callable, chosen, parts, random)) {
      c = *same;
    } else {
      // Reuse an object already in the sequence being built, or bring in another sequence.
      std::vector<std::pair<int, std::uint32_t>> reusable;
      if (random.chance(options_.reuse_probability))
        for (int p = 0; p < static_cast<int>(parts.size()); ++p)
          for (std::uint32_t k : objects_of(parts[p], need.record, catalog_, need.may_change))
            reusable.emplace_back(p, k);
      if (!reusable.empty()) {
        std::tie(c.part, c.statement) = random.one_of(reusable);
      } else {
        auto pick = pool.pick(need.record, random, need.may_change);
        if (!pick) return std::nullopt;
        c.part = static_cast<int>(parts.size());
        c.statement = pick->statement;
        parts.push_back(std::move(pick->sequence));
      }
    }
    chosen.push_back(std::move(c));
  }
  auto made = assemble(parts, std::move(chosen), callable.index, options_.max_statements);
  if (!made) return std::nullopt;
  return std::move(made->sequence);
}

std::optional<ChosenInput> RandomStep::alias_of(const CallableInfo& callable, const std::vector<ChosenInput>& chosen,
                                                const std::vector<Sequence>& parts, Random& random) const {
  const InputNeed& need = callable.inputs[chosen.size()];
  if (need.moves) return std::nullopt;
  std::optional<ChosenInput> earlier;
  for (std::size_t j = 0; j < chosen.size(); ++j) {
    const InputNeed& other = callable.inputs[j];
    if (chosen[j].part < 0 || other.record != need.record || other.moves) continue;
    if (need.may_change && read_only_at(catalog_, parts[chosen[j].part], chosen[j].statement)) continue;
    earlier = chosen[j];
  }
  if (!earlier || !random.chance(options_.alias_probability)) return std::nullopt;
  return earlier;
}

std::vector<Pool::Yield> yields_of(const Sequence& sequence, const Catalog& catalog) {
  std::vector<Pool::Yield> out;
  for (std::uint32_t k = 0; k < sequence.size(); ++k)
    for (const auto& y : catalog.callables[sequence[k].callable].yields)
      out.push_back({k, y, read_only_at(catalog, sequence, k)});
  return out;
}

}  // namespace palus::generation
