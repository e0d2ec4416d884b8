#include "palus/generation/feedback.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/api_rules.hpp"

namespace palus::generation {
namespace {

using api::Passing;
using harness::OutcomeKind;

/// The outcome's name (harness::to_string) when it is a failure, "" otherwise.
std::string failure_kind(OutcomeKind kind) {
  switch (kind) {
    case OutcomeKind::crash:
    case OutcomeKind::sanitizer:
    case OutcomeKind::hang:
    case OutcomeKind::oom:
    case OutcomeKind::exit:
      return std::string(harness::to_string(kind));
    default:
      return "";
  }
}

/// The first check (contract, theory, invariant) whose answer is a non-empty violation message;
/// -1 if none.
int violated_check(const harness::Outcome& outcome, std::size_t main_size, const Catalog& catalog,
                   const Sequence& checked) {
  const auto& answers = outcome.result.statements;
  for (std::size_t k = main_size; k < answers.size() && k < checked.size(); ++k) {
    if (!catalog.callables[checked[k].callable].is_check()) continue;
    const auto& v = answers[k].value;
    if (v.kind == harness::protocol::ValueKind::string && !v.s.empty()) return static_cast<int>(k);
  }
  return -1;
}

/// Whether statement `k` may change the object of input `i` (a non-const method's receiver, an
/// argument by non-const reference or pointer, or moved).
bool may_change(const CallableInfo& info, std::size_t i) { return i < info.inputs.size() && info.inputs[i].may_change; }

/// An assignment operator (`=`, `+=`, ...): by convention it returns its receiver.
bool is_assignment(const api::Callable& f) {
  return f.is_operator && f.name.size() >= 9 && f.name.back() == '=' && f.name != "operator==" &&
         f.name != "operator!=" && f.name != "operator<=" && f.name != "operator>=";
}

bool is_iterator_constructor(const CallableInfo& info, const Catalog& catalog) {
  const api::Callable* f = info.callable;
  if (f == nullptr || f->kind != api::CallableKind::constructor || catalog.api == nullptr) return false;
  const api::Class* cls = api::find_class(*catalog.api, f->owner);
  return cls != nullptr && api::is_iterator(*cls);
}

/// A default-constructed iterator is singular, as the standard library's are: it points nowhere,
/// and only assigning, copying and comparing it are defined.
bool makes_singular(const CallableInfo& info, const Catalog& catalog) {
  return is_iterator_constructor(info, catalog) && info.callable->constructor_kind == "default";
}

bool defined_on_singular(const api::Callable& f) {
  return f.name == "operator=" || f.name == "operator==" || f.name == "operator!=";
}

}  // namespace

std::optional<ReferenceResult> reference_result(const CallableInfo& info, const Statement& statement) {
  if (!info.is_method || info.callable == nullptr || statement.inputs.empty()) return std::nullopt;
  const api::Callable& f = *info.callable;
  const api::TypeRef& result = f.result;
  if (result.category != api::TypeCategory::record || result.passing == Passing::value) return std::nullopt;
  if (statement.inputs[0].kind != InputKind::ref) return std::nullopt;
  return ReferenceResult{statement.inputs[0].ref, result.base == f.owner && (f.returns_this || is_assignment(f))};
}

bool ran_normally(const harness::protocol::RunResult& result, std::size_t count) {
  if (result.statements.size() < count) return false;
  for (std::size_t k = 0; k < count; ++k)
    if (result.statements[k].status != harness::protocol::StatementStatus::normal) return false;
  return true;
}

std::set<std::uint32_t> moved_from(const Sequence& sequence, std::size_t count, const Catalog& catalog) {
  std::set<std::uint32_t> moved;
  for (std::size_t k = 0; k < count && k < sequence.size(); ++k) {
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    const auto& inputs = sequence[k].inputs;
    for (std::size_t i = 0; i < inputs.size() && i < info.inputs.size(); ++i)
      if (inputs[i].kind == InputKind::ref && info.inputs[i].moves) moved.insert(inputs[i].ref);
  }
  return moved;
}

bool makes_own_invalid_input(const Sequence& sequence, std::size_t upto, const Catalog& catalog) {
  std::set<std::uint32_t> moved, invalidated, singular;
  std::map<std::uint32_t, std::uint32_t> into;   // a reference result's statement -> its owner's
  std::map<std::uint32_t, std::uint32_t> alias;  // a result that is its receiver -> the receiver's
  auto object = [&](std::uint32_t k) {
    const auto a = alias.find(k);
    return a == alias.end() ? k : a->second;
  };
  // The references into `owner`, and the references into those (a member of a member).
  auto invalidate_into = [&](std::uint32_t owner) {
    std::vector<std::uint32_t> changed{owner};
    while (!changed.empty()) {
      const std::uint32_t o = changed.back();
      changed.pop_back();
      for (const auto& [reference, its_owner] : into)
        if (its_owner == o && invalidated.insert(reference).second) changed.push_back(reference);
    }
  };
  for (std::size_t k = 0; k <= upto && k < sequence.size(); ++k) {
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    const auto& inputs = sequence[k].inputs;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].kind == InputKind::null_pointer) return true;
      if (inputs[i].kind != InputKind::ref) continue;
      if (moved.count(inputs[i].ref) || invalidated.count(object(inputs[i].ref))) return true;
      if (singular.count(inputs[i].ref)) {
        // Stepped, dereferenced or checked (a contract prints or compares what it points to).
        const bool receiver = info.is_method && i == 0 && info.callable != nullptr;
        if (info.is_check() || (receiver && !defined_on_singular(*info.callable))) return true;
        // Given a value, unless that value is singular too (it = other_default_constructed).
        const bool from_singular_value =
            inputs.size() > 1 && inputs[1].kind == InputKind::ref && singular.count(inputs[1].ref) > 0;
        if (receiver && info.callable->name == "operator=" && !from_singular_value) singular.erase(inputs[i].ref);
      }
      if (i < info.inputs.size() && info.inputs[i].moves) moved.insert(inputs[i].ref);
    }
    // A change of an object may invalidate the references into it it handed out (a vector that
    // grew, a JSON root a parser wrote anew), as it invalidates iterators: using one afterwards,
    // or a reference into that one, or another name of it, is the sequence's own fault.
    for (std::size_t i = 0; i < inputs.size(); ++i)
      if (inputs[i].kind == InputKind::ref && may_change(info, i)) invalidate_into(object(inputs[i].ref));
    if (const auto result = reference_result(info, sequence[k]))
      (result->is_receiver ? alias : into)[static_cast<std::uint32_t>(k)] = object(result->receiver);
    // A copy of a singular iterator, or one converted from it (ValueConstIterator(ValueIterator)),
    // is singular too.
    const bool from_singular = std::any_of(inputs.begin(), inputs.end(), [&](const Input& in) {
      return in.kind == InputKind::ref && singular.count(in.ref) > 0;
    });
    if (makes_singular(info, catalog) || (from_singular && is_iterator_constructor(info, catalog)))
      singular.insert(static_cast<std::uint32_t>(k));
  }
  return false;
}

Classified classify(const harness::Outcome& outcome, const Sequence& checked, std::size_t main_size,
                    const Catalog& catalog, const FeedbackOptions& options) {
  Classified c;
  c.reads_checked = options.reads_checked;
  c.statement = outcome.statement;
  c.message = outcome.message;
  const std::size_t last = main_size - 1;
  auto callable_id = [&](int statement) {
    const std::size_t k = statement >= 0 && static_cast<std::size_t>(statement) < checked.size()
                              ? static_cast<std::size_t>(statement)
                              : last;
    return catalog.callables[checked[k].callable].id;
  };
  switch (outcome.kind) {
    case OutcomeKind::normal: {
      const int broken = violated_check(outcome, main_size, catalog, checked);
      if (broken < 0) return c;
      c.verdict = Verdict::failure;
      c.kind = catalog.callables[checked[static_cast<std::size_t>(broken)].callable].check_kind();
      c.statement = broken;
      c.message = outcome.result.statements[static_cast<std::size_t>(broken)].value.s;
      c.key = c.kind + "\n" + callable_id(broken);
      return c;
    }
    case OutcomeKind::exception:
      // A throw inside a contract check is answered as the check's violation message, so an
      // exception is the sequence's own; before the last statement it means state leaked
      // between sequences: not trusted.
      c.verdict = outcome.statement == static_cast<int>(last) ? Verdict::exception : Verdict::invalid;
      return c;
    case OutcomeKind::invalid_input:
    case OutcomeKind::bad_request:
      c.verdict = Verdict::invalid;
      return c;
    default:
      break;
  }
  const std::size_t upto = outcome.statement >= 0 ? static_cast<std::size_t>(outcome.statement) : checked.size() - 1;
  if (outcome.statement >= 0 && static_cast<std::size_t>(outcome.statement) < last) {
    // An earlier statement ran normally in the pool's sequence; failing now means global state.
    c.verdict = Verdict::invalid;
    return c;
  }
  if (options.self_made_invalid_inputs &&
      (outcome.kind == OutcomeKind::crash || outcome.kind == OutcomeKind::sanitizer) &&
      makes_own_invalid_input(checked, upto, catalog)) {
    c.verdict = Verdict::invalid;
    return c;
  }
  if (options.self_made_invalid_inputs && outcome.statement >= 0) {
    if (auto rule = freed_under_the_sequence(outcome, checked, upto, catalog)) {
      c.verdict = Verdict::invalid;
      c.frees = std::move(rule);
      return c;
    }
    // Only when the failing callable is the one that freed: otherwise the strict rule above decided.
    if (upto < checked.size() && outcome.freed_in_callable >= 0 &&
        static_cast<std::uint32_t>(outcome.freed_in_callable) == checked[upto].callable)
      c.maybe_freed_before = freed_under_the_sequence(outcome, checked, upto, catalog, true);
  }
  c.verdict = Verdict::failure;
  c.kind = failure_kind(outcome.kind);
  c.pointee_in_callable = outcome.pointee_in_callable;
  // Where a hang or an out-of-memory is caught is happenstance (whichever frame was running or
  // allocating), and so is who noticed it (std::bad_alloc, the sanitizer's allocator, the OOM
  // killer, the call timeout: a call eating memory on a loaded machine may run out of time first),
  // so for them the callable and the phase are the whole identity.
  const bool exhausted = outcome.kind == OutcomeKind::hang || outcome.kind == OutcomeKind::oom;
  const std::string where = exhausted                   ? outcome.phase
                            : outcome.top_frame.empty() ? outcome.sanitizer_kind + " " + outcome.phase
                                                        : outcome.top_frame;
  c.key = (exhausted ? std::string("exhausted") : c.kind) + "\n" + callable_id(outcome.statement) + "\n" + where;
  return c;
}

}  // namespace palus::generation
