#include "palus/generation/catalog.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <stdexcept>

#include "core/api_rules.hpp"
#include "core/names.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "oracles/contracts/contract_catalog.hpp"

namespace palus::generation {
namespace {

using api::Passing;
using api::TypeCategory;

std::optional<InputNeed> need_for(const api::Param& p) {
  InputNeed need;
  need.type = p.type;
  need.param = &p;
  if (harness::is_literal(p.type.category)) {
    need.literal = true;
    return need;
  }
  if (p.type.category != TypeCategory::record) return std::nullopt;
  need.record = p.type.base;
  need.null_allowed = api::is_pointer(p.type.passing);
  return need;
}

void describe_api_callable(CallableInfo& info, const api::Callable& c, const api::Api& api, bool oracle = false) {
  info.callable = &c;
  info.is_method = c.kind == api::CallableKind::method;
  info.is_observer = harness::is_observer(c);
  if (info.is_method) {
    InputNeed receiver;
    receiver.record = c.owner;
    receiver.type.spelling = c.owner + " &";
    receiver.type.base = c.owner;
    receiver.type.passing = Passing::ref;
    receiver.type.category = TypeCategory::record;
    receiver.may_change = !c.is_const;
    info.inputs.push_back(receiver);
  }
  for (std::size_t k = 0; k < c.params.size(); ++k) {
    auto need = need_for(c.params[k]);
    if (!need) {
      info.usable = false;
      continue;
    }
    need->derived = api::is_string_end(c, k);
    if (!oracle && api::is_object_array(api, c, k)) {  // the harness makes the objects: no pool object, no null
      need->literal = need->derived = true;
      need->record.clear();
      need->null_allowed = false;
    }
    info.inputs.push_back(*need);
  }
  if (c.kind == api::CallableKind::constructor) {
    info.yields.push_back(c.owner);
  } else if (c.result.category == TypeCategory::record) {
    const std::string pointee(names::smart_pointee(c.result.base));
    info.yields.push_back(pointee.empty() ? c.result.base : pointee);
    if (!pointee.empty()) info.yields.push_back(c.result.base);
    info.yields_read_only = pointee.empty() && (c.result.passing == api::Passing::const_ref ||
                                                c.result.passing == api::Passing::const_pointer);
  }
}

void describe_contract(CallableInfo& info, const oracles::ContractUse& use) {
  info.contract = use;
  const oracles::Contract* contract = oracles::find_contract(use.name);
  const bool changes = contract != nullptr && contract->changes_object;
  for (unsigned k = 0; k < use.arity; ++k) {
    InputNeed need;
    need.record = use.type;
    need.type.spelling = (changes ? "" : "const ") + use.type + " &";
    need.type.base = use.type;
    need.type.passing = changes ? Passing::ref : Passing::const_ref;
    need.type.category = TypeCategory::record;
    need.may_change = changes;
    info.inputs.push_back(need);
  }
}

/// What the call does to each object it is given (the receiver's answer is set already).
void mark_moves(CallableInfo& info, const std::map<std::string, const api::Class*>& classes) {
  for (std::size_t k = info.is_method ? 1 : 0; k < info.inputs.size(); ++k) {
    InputNeed& need = info.inputs[k];
    if (need.literal || need.record.empty()) continue;
    const auto cls = classes.find(need.type.base);
    const api::Class* found = cls == classes.end() ? nullptr : cls->second;
    need.moves = api::moves_from(need.type, found);
    need.may_change = api::may_change(need.type, found);
  }
}

/// Every class `name` derives from, directly or not, nearest first.
std::vector<std::string> bases_of(const std::string& name, const std::map<std::string, const api::Class*>& classes) {
  std::vector<std::string> out;
  std::vector<std::string> todo{name};
  for (std::size_t k = 0; k < todo.size() && k < 64; ++k) {
    const auto found = classes.find(todo[k]);
    if (found == classes.end()) continue;
    for (const auto& base : found->second->bases)
      if (std::find(out.begin(), out.end(), base) == out.end() && base != name) {
        out.push_back(base);
        todo.push_back(base);
      }
  }
  return out;
}

/// An object is also one of each of its bases: a mu::Parser is what mu::ParserBase's methods are
/// called on (the harness upcasts; the written test passes the object as it is).
void add_bases(CallableInfo& info, const std::map<std::string, const api::Class*>& classes) {
  const std::vector<std::string> own = info.yields;
  for (const auto& type : own)
    for (auto& base : bases_of(type, classes))
      if (std::find(info.yields.begin(), info.yields.end(), base) == info.yields.end())
        info.yields.push_back(std::move(base));
}

}  // namespace

Catalog make_catalog(const api::Api& api, const std::vector<std::string>& harness_ids) {
  std::map<std::string, const api::Callable*> by_id;
  for (const auto& cls : api.classes) {
    for (const auto& c : cls.constructors) by_id[c.id] = &c;
    for (const auto& c : cls.methods) by_id[c.id] = &c;
  }
  for (const auto& f : api.functions) by_id[f.id] = &f;
  std::map<std::string, const api::Class*> classes;
  for (const auto& cls : api.classes) classes.emplace(cls.name, &cls);
  std::map<std::string, const api::Oracle*> oracle_by_id;
  for (const auto& o : api.oracles) oracle_by_id[o.function.id] = &o;
  std::set<std::string> static_fields;  // qualified: the static state a call can change for later tests
  for (const auto& cls : api.classes) {
    for (const auto& f : cls.fields) {
      const std::string& t = f.type.spelling;
      const bool pointer_or_ref = t.find('*') != std::string::npos || t.find('&') != std::string::npos;
      const bool is_const = t.ends_with("const") || (t.starts_with("const ") && !pointer_or_ref);
      // A lock or an atomic counter a call takes by reference is no state a test observes.
      const bool sync = t.find("mutex") != std::string::npos || t.find("atomic") != std::string::npos ||
                        t.find("once_flag") != std::string::npos;
      if (f.is_static && !is_const && !sync) static_fields.insert(cls.name + "::" + f.name);
    }
  }

  Catalog catalog;
  catalog.api = &api;
  bool any = false;
  for (std::uint32_t i = 0; i < harness_ids.size(); ++i) {
    CallableInfo info;
    info.index = i;
    info.id = harness_ids[i];
    if (auto found = by_id.find(info.id); found != by_id.end()) {
      describe_api_callable(info, *found->second, api);
    } else if (auto use = oracles::parse_contract_id(info.id)) {
      describe_contract(info, *use);
    } else if (auto oracle = oracle_by_id.find(info.id); oracle != oracle_by_id.end()) {
      describe_api_callable(info, oracle->second->function, api, true);
      info.oracle = oracle->second;
    } else {
      info.usable = false;
    }
    if (info.callable != nullptr) {
      for (const std::string& field : info.callable->writes)
        if (static_fields.count(field)) info.writes_static = field;
    }
    mark_moves(info, classes);
    add_bases(info, classes);
    any = any || (info.usable && !info.is_check());
    catalog.callables.push_back(std::move(info));
  }
  if (!any) throw std::runtime_error("none of the harness's callables is in api.yaml");
  return catalog;
}

bool writes_static_state(const Sequence& sequence, const Catalog& catalog) {
  return std::any_of(sequence.statements().begin(), sequence.statements().end(), [&](const auto& s) {
    return s.callable < catalog.callables.size() && !catalog.callables[s.callable].writes_static.empty();
  });
}

std::string CallableInfo::check_kind() const {
  if (contract) return "contract";
  if (oracle) return std::string(api::to_string(oracle->kind));
  return {};
}

std::string subject_of(const CallableInfo& info) {
  std::string owner;
  if (info.contract)
    owner = info.contract->type;
  else if (info.oracle) {
    // Filed under the class of its first object: the invariant's type, a theory's first object.
    for (const auto& need : info.inputs)
      if (!need.literal && !need.record.empty()) {
        owner = need.record;
        break;
      }
  } else if (info.callable && !info.callable->owner.empty())
    owner = info.callable->owner;
  if (owner.empty()) return "functions";
  std::string name(names::last_component(owner));
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

bool read_only_at(const Catalog& catalog, const Sequence& sequence, std::uint32_t k) {
  return k < sequence.size() && sequence[k].callable < catalog.callables.size() &&
         catalog.callables[sequence[k].callable].yields_read_only;
}

bool may_take(const Catalog& catalog, const Sequence& sequence, std::uint32_t k, const InputNeed& need) {
  return !(need.may_change && read_only_at(catalog, sequence, k));
}

bool changes_read_only(const Catalog& catalog, const Sequence& sequence) {
  for (std::uint32_t k = 0; k < sequence.size(); ++k) {
    if (sequence[k].callable >= catalog.callables.size()) continue;
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    const auto& inputs = sequence[k].inputs;
    for (std::size_t slot = 0; slot < inputs.size() && slot < info.inputs.size(); ++slot) {
      if (inputs[slot].kind != harness::protocol::InputKind::ref) continue;
      if (!may_take(catalog, sequence, inputs[slot].ref, info.inputs[slot])) return true;
    }
  }
  return false;
}

}  // namespace palus::generation
