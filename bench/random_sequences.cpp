#include "bench/random_sequences.hpp"

#include <map>
#include <random>
#include <stdexcept>
#include <string_view>

#include "bench/literal_inputs.hpp"

namespace palus::bench {
namespace {

using harness::protocol::Input;
using harness::protocol::RunRequest;
using harness::protocol::Statement;

constexpr std::uint32_t kNoType = UINT32_MAX;

/// What one callable needs from the pool and leaves in it, with types interned as numbers.
struct Plan {
  std::uint32_t index = 0;  ///< harness callable index
  const api::Callable* callable = nullptr;
  bool is_method = false;             ///< input 0 is the receiver
  std::vector<std::uint32_t> needs;   ///< per input: pool type, or kNoType for a literal
  std::vector<std::uint32_t> yields;  ///< T, and std::unique_ptr<T> itself for smart pointers
};

class Types {
 public:
  std::uint32_t id(const std::string& name) {
    auto [it, added] = ids_.try_emplace(name, static_cast<std::uint32_t>(ids_.size()));
    return it->second;
  }
  std::size_t size() const { return ids_.size(); }

 private:
  std::map<std::string, std::uint32_t> ids_;
};

std::vector<Plan> make_plans(const Catalog& catalog, Types& types) {
  std::vector<Plan> plans;
  for (std::uint32_t i = 0; i < catalog.callables.size(); ++i) {
    const api::Callable* c = catalog.callables[i];
    if (!c) continue;
    Plan plan;
    plan.index = i;
    plan.callable = c;
    plan.is_method = c->kind == api::CallableKind::method;
    if (plan.is_method) plan.needs.push_back(types.id(c->owner));
    bool usable = true;
    for (const auto& p : c->params) {
      if (harness::is_literal(p.type.category)) {
        plan.needs.push_back(kNoType);
      } else if (std::string want = wanted_type(p.type); !want.empty()) {
        plan.needs.push_back(types.id(want));
      } else {
        usable = false;  // void, function pointers and other types no statement can supply
      }
    }
    if (std::string y = yielded_type(*c); !y.empty()) plan.yields.push_back(types.id(y));
    if (c->result.category == api::TypeCategory::record && !smart_pointee(c->result.base).empty())
      plan.yields.push_back(types.id(c->result.base));
    if (usable) plans.push_back(std::move(plan));
  }
  return plans;
}

class Generator {
 public:
  Generator(const Catalog& catalog, const SequenceOptions& options)
      : options_(options), picker_(*catalog.api), rng_(options.seed) {
    plans_ = make_plans(catalog, types_);
  }

  RunRequest sequence(std::uint64_t id) {
    RunRequest request;
    request.sequence_id = id;
    request.observe = true;
    const std::size_t span = options_.max_length - options_.min_length + 1;
    const std::size_t length = options_.min_length + rng_() % span;
    std::vector<std::vector<std::uint32_t>> have(types_.size());  // statements yielding each type
    for (std::size_t k = 0; k < length; ++k) {
      const Plan* plan = choose(have);
      if (!plan) break;
      request.statements.push_back(statement(*plan, have));
      for (std::uint32_t t : plan->yields) have[t].push_back(static_cast<std::uint32_t>(k));
    }
    return request;
  }

 private:
  /// A callable whose objects the pool can supply. To reach deep states (a ResultSet needs a
  /// Driver, Properties, a Connection and a Statement first), a third of the picks go to callables
  /// yielding a type the pool lacks; most others to methods of objects already there.
  const Plan* choose(const std::vector<std::vector<std::uint32_t>>& have) {
    feasible_.clear();
    methods_.clear();
    progress_.clear();
    for (const Plan& plan : plans_) {
      bool ok = true;
      for (std::uint32_t t : plan.needs)
        if (t != kNoType && have[t].empty()) ok = false;
      if (!ok) continue;
      feasible_.push_back(&plan);
      if (plan.is_method) methods_.push_back(&plan);
      for (std::uint32_t t : plan.yields)
        if (have[t].empty()) {
          progress_.push_back(&plan);
          break;
        }
    }
    if (feasible_.empty()) return nullptr;
    const auto dice = rng_() % 20;
    if (!progress_.empty() && dice < 7) return one_of(progress_, rng_);
    if (!methods_.empty() && dice < 16) return one_of(methods_, rng_);
    return one_of(feasible_, rng_);
  }

  Statement statement(const Plan& plan, const std::vector<std::vector<std::uint32_t>>& have) {
    Statement s;
    s.callable = plan.index;
    const std::size_t first_param = plan.is_method ? 1 : 0;
    for (std::size_t i = 0; i < plan.needs.size(); ++i) {
      if (plan.needs[i] != kNoType) {
        s.inputs.push_back(Input::result_of(one_of(have[plan.needs[i]], rng_)));
      } else {
        const api::Param& p = plan.callable->params[i - first_param];
        s.inputs.push_back(*picker_.pick(*plan.callable, p, rng_));
      }
    }
    return s;
  }

  SequenceOptions options_;
  LiteralPicker picker_;
  std::mt19937_64 rng_;
  Types types_;
  std::vector<Plan> plans_;
  std::vector<const Plan*> feasible_, methods_, progress_;
};

}  // namespace

Catalog make_catalog(const api::Api& api, const std::vector<std::string>& harness_ids) {
  std::map<std::string, const api::Callable*> by_id;
  for (const auto& cls : api.classes) {
    for (const auto& c : cls.constructors) by_id[c.id] = &c;
    for (const auto& c : cls.methods) by_id[c.id] = &c;
  }
  for (const auto& f : api.functions) by_id[f.id] = &f;

  Catalog catalog;
  catalog.api = &api;
  std::size_t found = 0;
  for (const auto& id : harness_ids) {
    auto it = by_id.find(id);
    catalog.callables.push_back(it == by_id.end() ? nullptr : it->second);
    found += it != by_id.end();
  }
  if (found == 0) throw std::runtime_error("none of the harness's callables is in api.yaml");
  return catalog;
}

std::string yielded_type(const api::Callable& c) {
  if (c.kind == api::CallableKind::constructor) return c.owner;
  if (c.result.category != api::TypeCategory::record) return "";
  std::string pointee(smart_pointee(c.result.base));
  return pointee.empty() ? c.result.base : pointee;
}

std::string wanted_type(const api::TypeRef& p) { return p.category == api::TypeCategory::record ? p.base : ""; }

std::vector<RunRequest> random_sequences(const Catalog& catalog, const SequenceOptions& options) {
  if (options.min_length == 0 || options.max_length < options.min_length)
    throw std::invalid_argument("sequence lengths must satisfy 1 <= min <= max");
  Generator generator(catalog, options);
  std::vector<RunRequest> out;
  out.reserve(options.count);
  for (std::size_t i = 0; i < options.count; ++i) out.push_back(generator.sequence(i));
  return out;
}

}  // namespace palus::bench
