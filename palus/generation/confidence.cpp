#include "palus/generation/confidence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string_view>

#include "core/api_rules.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "palus/generation/ownership.hpp"

namespace palus::generation {
namespace {

/// The identifiers of a C++ expression, string and character literals left out.
std::set<std::string> identifiers(const std::string& expression) {
  std::set<std::string> out;
  for (std::size_t i = 0; i < expression.size();) {
    const char c = expression[i];
    if (c == '"' || c == '\'') {
      std::size_t end = i + 1;
      while (end < expression.size() && expression[end] != c) end += expression[end] == '\\' ? 2 : 1;
      i = end + 1;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t end = i;
      while (end < expression.size() && text::is_identifier_char(expression[end])) ++end;
      out.insert(expression.substr(i, end - i));
      i = end;
      continue;
    }
    ++i;
  }
  return out;
}

/// Whether the compiler's spelling of a function (`int ns::C::f(int) const`) is `qualified`'s.
bool spells(const std::string& function, const std::string& qualified) {
  const std::string head = qualified + "(";
  for (std::size_t at = function.find(head); at != std::string::npos; at = function.find(head, at + 1))
    if (at == 0 || !text::is_identifier_char(function[at - 1])) return true;
  return false;
}

/// What the condition of an assert in a public function may name to be about the call: its
/// parameters, and its class's fields and methods (`index < size()`, `_wrap._root`).
struct AssertedOn {
  const api::Callable* callable = nullptr;  ///< the public function that asserted (one overload)
  std::string qualified;                    ///< its qualified name: "ns::C::f"
  std::set<std::string> names;
};

/// "ns::C::f" for a method or constructor of ns::C, the id without parameters for a function.
std::string qualified_name(const api::Callable& f) {
  return f.owner.empty() ? std::string(names::without_parameters(f.id)) : f.owner + "::" + f.name;
}

AssertedOn asserted_on(const api::Api* api, const std::string& function) {
  AssertedOn on;
  if (api == nullptr) return on;
  std::size_t best = 0;
  auto consider = [&](const api::Callable& f, const api::Class* owner) {
    const std::string qualified = owner != nullptr ? owner->name + "::" + f.name : qualified_name(f);
    if (qualified.size() < best || !spells(function, qualified)) return;
    if (qualified.size() > best) on = AssertedOn{};
    best = qualified.size();
    on.callable = &f;
    on.qualified = qualified;
    for (const auto& p : f.params) on.names.insert(p.name);
    if (owner == nullptr) return;
    for (const auto& field : owner->fields) on.names.insert(field.name);
    for (const auto& m : owner->methods) on.names.insert(m.name);
    on.names.insert("this");
  };
  for (const auto& c : api->classes) {
    for (const auto& f : c.constructors) consider(f, &c);
    for (const auto& f : c.methods) consider(f, &c);
  }
  for (const auto& f : api->functions) consider(f, nullptr);
  return on;
}

std::size_t failing_index(const Classified& failure, const Sequence& failing) {
  if (failure.statement >= 0 && static_cast<std::size_t>(failure.statement) < failing.size())
    return static_cast<std::size_t>(failure.statement);
  return failing.size() - 1;
}

/// A failure that is likely a false alarm: what the generator made up, and the precondition the
/// failure shows when it names one.
Confidence suspected(std::string suspicion, std::string precondition = {}) {
  return Confidence{false, std::move(suspicion), std::move(precondition)};
}

/// A pointer to one scalar among the parameters of `info` where the call may want a buffer (not
/// api::is_buffer): "" when there is none.
std::string made_up_scalar_pointer(const CallableInfo& info) {
  for (const InputNeed& need : info.inputs) {
    if (need.param == nullptr || !api::is_pointer(need.type.passing) || !harness::is_scalar(need.type.category))
      continue;
    const std::size_t param = static_cast<std::size_t>(need.param - info.callable->params.data());
    if (!api::is_buffer(*info.callable, param))
      return fmt::format("`{}` got a pointer to one {}, where the call may want a buffer", need.param->name,
                         need.type.base);
  }
  return "";
}

/// A made-up pointer among the parameters of `info`: "" when there is none.
std::string made_up_pointer(const CallableInfo& info) {
  if (std::string scalar = made_up_scalar_pointer(info); !scalar.empty()) return scalar;
  const auto& in = info.inputs;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i].param == nullptr) continue;
    const api::TypeRef& t = in[i].type;
    const bool c_string = t.category == api::TypeCategory::cstring;
    // A length after a C string is an integer named as one: a char after it is a character (a
    // delimiter), and `unsigned options` is flags (pugixml's load_string(const char_t*, unsigned)).
    const bool next_is_size =
        i + 1 < in.size() && in[i + 1].param != nullptr &&
        api::is_string_length(*info.callable, static_cast<std::size_t>(in[i + 1].param - info.callable->params.data()));
    const bool next_is_c_string =
        i + 1 < in.size() && in[i + 1].param != nullptr && in[i + 1].type.category == api::TypeCategory::cstring &&
        (info.is_check() ||  // a check's inputs are not legalised (legal_inputs.hpp)
         !api::is_string_end(*info.callable, static_cast<std::size_t>(in[i + 1].param - info.callable->params.data())));
    if (c_string && next_is_size)
      return fmt::format("`{}` and `{}` got values made up apart, where the call may want a buffer and its size",
                         in[i].param->name, in[i + 1].param->name);
    if (c_string && next_is_c_string)
      return fmt::format("`{}` and `{}` got two unrelated strings, where the call may want one range",
                         in[i].param->name, in[i + 1].param->name);
  }
  return "";
}

/// A read or write past the one value the harness made for a pointer argument of an earlier call
/// (Call::pointee), which the library kept and later used as a buffer: muparser's
/// DefineVar("a", &one_double), then the bulk Eval(results, 10), which reads ten values from it.
/// nullopt when the failure is not that.
std::optional<Confidence> past_made_up_value(const Classified& failure, const Catalog& catalog) {
  if (failure.kind != "sanitizer" || failure.pointee_in_callable < 0 ||
      failure.message.find("heap-buffer-overflow") == std::string::npos)
    return std::nullopt;
  const CallableInfo& maker = catalog.callables[static_cast<std::size_t>(failure.pointee_in_callable)];
  const std::string pointer = made_up_scalar_pointer(maker);
  if (pointer.empty()) return std::nullopt;
  return suspected(fmt::format("the bad access is past the value palus made for {}: {}", maker.id, pointer),
                   maker.id + ": " + pointer);
}

/// UBSan's finding of arithmetic gone wrong (a shift, an overflow, a division, a conversion out of
/// range) under AddressSanitizer: values a buffer's size cannot make, since reading past the
/// pointed-to value would be its report first.
bool arithmetic_undefined(const Classified& failure) {
  if (failure.kind != "sanitizer" || !failure.reads_checked) return false;
  const std::size_t at = failure.message.find("runtime error: ");
  if (at == std::string::npos) return false;
  const std::string_view what = std::string_view(failure.message).substr(at + 15);
  for (const char* arithmetic : {"shift exponent", "left shift of", "signed integer overflow", "negation of",
                                 "division by zero", "is outside the range of representable values"})
    if (what.find(arithmetic) != std::string_view::npos) return true;
  return false;
}

/// True when `name`, lowercased, contains one of `parts`.
bool names_any(std::string name, std::initializer_list<const char*> parts) {
  name = text::lowered(std::move(name));
  return std::any_of(parts.begin(), parts.end(),
                     [&](const char* part) { return name.find(part) != std::string::npos; });
}

/// True when `name`, lowercased, contains a word that names a size, count, index or offset (a byte
/// position: jsoncpp's Value::setOffsetLimit(-100) made Reader::pushError compute null - 100).
bool names_size(const std::string& name) {
  return names_any(name, {"size", "len", "count", "index", "idx", "capacity", "num", "reserve", "pos", "offset"});
}

/// True when `name`, lowercased, names a position (an in-out cursor a caller passes: `size_t& pos`).
bool names_position(const std::string& name) { return names_any(name, {"pos", "offset", "index", "idx", "cursor"}); }

/// A parameter named as a size, count, index or offset, the one argument of a setter so named
/// (`setOffsetLimit(limit)`), or (unless `named_only`) of an unsigned type.
bool sizes(const InputNeed& need, const Input& input, const api::Callable* callable, bool named_only = false) {
  if (need.param == nullptr) return false;
  if (need.type.passing == api::Passing::ref && !names_position(need.param->name))
    return false;  // a size the call writes (muparser's Eval(int& nStackSize)), not one the caller made up
  if (input.kind == InputKind::unsigned_integer && !named_only) return true;
  if (need.param->name == "n" || need.param->name == "i" || need.param->name == "N") return true;
  if (names_size(need.param->name)) return true;
  return callable != nullptr && callable->params.size() == 1 && callable->name.rfind("set", 0) == 0 &&
         names_size(callable->name);
}

/// Whether `statement` is given one of `objects` (statements' results).
bool given_one_of(const Statement& statement, const std::set<std::uint32_t>& objects) {
  return std::any_of(statement.inputs.begin(), statement.inputs.end(),
                     [&](const Input& in) { return in.kind == InputKind::ref && objects.count(in.ref) > 0; });
}

/// The objects the crashing call (statement `at`) reads from: what it was given, what those were
/// made from or are views into (a method's reference result), and what earlier calls on them were
/// given to keep (not for output: jsoncpp's Reader::parse(stream, root) overwrites root). A size
/// given to one of them, or to the crashing call, may be what the crash read past (a
/// StringPiece(text, n) set as a parser's input); a size given elsewhere is not (jsoncpp:
/// PathArgument(2^31) made the root a Reader parsed into, before its getFormattedErrorMessages
/// read a dead buffer).
std::set<std::uint32_t> crash_objects(const Sequence& sequence, std::size_t at, const Catalog& catalog) {
  std::set<std::uint32_t> objects;
  std::vector<std::uint32_t> pending;
  auto given = [&](std::size_t k, bool kept_only) {
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    const auto& inputs = sequence[k].inputs;
    for (std::size_t i = 0; i < inputs.size(); ++i)
      if (inputs[i].kind == InputKind::ref && inputs[i].ref < k &&
          !(kept_only && i < info.inputs.size() && info.inputs[i].may_change))
        pending.push_back(inputs[i].ref);
  };
  given(at, false);
  for (bool grew = true; grew;) {
    grew = false;
    while (!pending.empty()) {
      const std::uint32_t object = pending.back();
      pending.pop_back();
      if (!objects.insert(object).second) continue;
      grew = true;
      given(object, false);  // what made it
    }
    for (std::size_t k = 0; k < at; ++k)
      if (given_one_of(sequence[k], objects)) given(k, true);
  }
  return objects;
}

/// The statements that act on what a crash at statement `at` reads: the crashing call, those that
/// made one of its crash_objects, and those given one, before it.
struct CrashScope {
  CrashScope(const Sequence& sequence, std::size_t at, const Catalog& catalog)
      : sequence(sequence), at(at), objects(crash_objects(sequence, at, catalog)) {}
  bool covers(std::size_t k) const {
    return k == at ||
           (k < at && (objects.count(static_cast<std::uint32_t>(k)) > 0 || given_one_of(sequence[k], objects)));
  }
  const Sequence& sequence;
  std::size_t at;
  std::set<std::uint32_t> objects;
};

/// A size, count, index or number of digits given to a statement of `sequence` that is huge for
/// what the failure says (or negative): "" when none. Past any buffer a caller has, for a crash
/// (given to the crashing call or with one of its crash_objects): 2^24 or more. Enough to take
/// the call's time limit, for a hang or an out-of-memory: 2^20 or more (jsoncpp's
/// Value::resize(2097155) inserts two million map nodes, over 2 s under ASan).
std::string huge_size(const Sequence& sequence, const Catalog& catalog, std::optional<std::size_t> crashed_at = {}) {
  const bool crashed = crashed_at.has_value();
  const std::uint64_t kHuge = std::uint64_t{1} << (crashed ? 24 : 20);
  std::optional<CrashScope> scope;
  if (crashed) scope.emplace(sequence, *crashed_at, catalog);
  for (std::size_t k = 0; k < sequence.size(); ++k) {
    if (scope && !scope->covers(k)) continue;
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    const auto& inputs = sequence[k].inputs;
    for (std::size_t i = 0; i < inputs.size() && i < info.inputs.size(); ++i) {
      const Input& in = inputs[i];
      // Any negative one too: given to an unsigned size it wraps around to a huge one (jsoncpp's
      // operator[](ArrayIndex) got -2^31, resize(ArrayIndex) -100), and api.yaml cannot tell
      // whether an alias such as ArrayIndex is unsigned.
      const auto magnitude = static_cast<std::int64_t>(kHuge);
      const bool huge = (in.kind == InputKind::unsigned_integer && in.u >= kHuge) ||
                        (in.kind == InputKind::signed_integer && (in.i >= magnitude || in.i < 0));
      // A number of digits asks for as much work and memory as a size (snprintf("%.*g", precision));
      // a negative one asks for the default.
      const bool digits = !crashed && info.inputs[i].param != nullptr &&
                          names_any(info.inputs[i].param->name, {"precision", "digits"}) &&
                          (in.kind == InputKind::unsigned_integer || in.i >= 0);
      if (!huge || (!sizes(info.inputs[i], in, info.callable, crashed) && !digits)) continue;
      const std::string value = in.kind == InputKind::unsigned_integer ? std::to_string(in.u) : std::to_string(in.i);
      if (crashed)
        return fmt::format("`{}` of {} got {}, past any size a caller has: the call may require it within bounds",
                           info.inputs[i].param->name, info.id, value);
      return fmt::format("`{}` of {} got {}: the time or memory the run took may be what that value asks for",
                         info.inputs[i].param->name, info.id, value);
    }
  }
  return "";
}

/// An observer that counts the object's elements: size(), length(), count(), NumRegexps(),
/// childCount().
bool counts_elements(const api::Callable& observer) {
  for (const std::string& word : names::words_of(observer.name))
    if (word == "size" || word == "length" || word == "count" || word == "num") return true;
  return false;
}

/// An integer parameter named as an id (`regexpid`, `nodeId`): beside an observed count of the
/// object's elements, the number of one of them (FilteredRE2::GetRE2(regexpid)).
bool names_an_id(const InputNeed& need) {
  if (need.param == nullptr || need.type.category != api::TypeCategory::integer) return false;
  return text::lowered(need.param->name).ends_with("id");
}

/// Statement `k` made a view into `object`: a method of it returning a reference or pointer into
/// it (a container's items(), an element's parent list).
bool views_into(const Sequence& sequence, std::size_t k, std::uint32_t object, const Catalog& catalog) {
  const auto result = reference_result(catalog.callables[sequence[k].callable], sequence[k]);
  return result && result->receiver == object;
}

/// Statement `k` may change `object`: given to it where it may change (an argument is not observed
/// after the statement, and the receiver's counting observer may have been skipped or thrown), or a
/// view into it given so.
bool changes_unobserved(const Sequence& sequence, std::size_t k, std::uint32_t object, const Catalog& catalog) {
  const CallableInfo& info = catalog.callables[sequence[k].callable];
  const auto& inputs = sequence[k].inputs;
  for (std::size_t i = 0; i < inputs.size() && i < info.inputs.size(); ++i) {
    if (inputs[i].kind != InputKind::ref || !info.inputs[i].may_change || inputs[i].ref >= k) continue;
    const std::uint32_t ref = inputs[i].ref;
    if (ref == object || views_into(sequence, ref, object, catalog)) return true;
  }
  return false;
}

/// The count of elements (counts_elements) last observed on the object statement `object` made,
/// in the observations of statements before `before`; nullopt when none, or when a later statement
/// may have changed the object unobserved.
std::optional<std::uint64_t> observed_count(const Sequence& sequence, const harness::protocol::RunResult& result,
                                            const Catalog& catalog, std::uint32_t object, std::size_t before) {
  using harness::protocol::ValueKind;
  for (std::size_t j = std::min({before, result.statements.size(), sequence.size()}); j-- > 0;) {
    std::optional<std::uint64_t> size;
    for (const auto& o : result.statements[j].observations) {
      const api::Callable* observer = catalog.callables[o.callable].callable;
      if (o.object != object || o.threw || observer == nullptr || !counts_elements(*observer)) continue;
      if (o.value.kind == ValueKind::unsigned_integer) size = o.value.u;
      if (o.value.kind == ValueKind::signed_integer && o.value.i >= 0) size = static_cast<std::uint64_t>(o.value.i);
    }
    if (size) return size;
    if (j <= object) break;
    if (changes_unobserved(sequence, j, object, catalog)) return std::nullopt;
  }
  return std::nullopt;
}

/// An object given to the failing call that held 2^15 elements or more when last observed, for a
/// hang or an out-of-memory: a call or check quadratic in its size takes seconds there (minisat's
/// LitVec invariant on a model of 65,536 variables, which a mutated DIMACS text declared). "" when
/// none.
std::string huge_object(const Sequence& failing, std::size_t at, const harness::protocol::RunResult& result,
                        const Catalog& catalog) {
  constexpr std::uint64_t kHugeObject = std::uint64_t{1} << 15;
  const CallableInfo& info = catalog.callables[failing[at].callable];
  const auto& inputs = failing[at].inputs;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].kind != InputKind::ref || inputs[i].ref >= at) continue;
    const auto size = observed_count(failing, result, catalog, inputs[i].ref, at);
    if (!size || *size < kHugeObject) continue;
    const std::string given = i < info.inputs.size() && info.inputs[i].param != nullptr
                                  ? fmt::format("`{}`", info.inputs[i].param->name)
                                  : std::string("the object");
    return fmt::format(
        "{} of {} held {} elements: the time or memory the run took may be what a call over that many takes", given,
        info.id, *size);
  }
  return "";
}

/// A count, position or index given to a method of an object, more than the count of elements
/// (counts_elements) the harness observed on that object just before: re2's StringPiece("hello").remove_suffix(100),
/// then a read of the piece, reads 100 bytes before the text (std::string_view's n and pos must be
/// within its size too), on what the crash at statement `at` reads (CrashScope: jsoncpp's
/// isValidIndex(10) on one Value says nothing of value.copy(value) on another). "" when none.
std::string past_the_object(const Sequence& sequence, const harness::protocol::RunResult& result,
                            const Catalog& catalog, std::size_t at) {
  const CrashScope scope(sequence, at, catalog);
  for (std::size_t k = 0; k < sequence.size(); ++k) {
    if (!scope.covers(k)) continue;
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    const auto& inputs = sequence[k].inputs;
    if (!info.is_method || inputs.empty() || inputs[0].kind != InputKind::ref || inputs[0].ref >= k) continue;
    const std::uint32_t object = inputs[0].ref;
    const auto size = observed_count(sequence, result, catalog, object, k);
    if (!size) continue;
    for (std::size_t i = 1; i < inputs.size() && i < info.inputs.size(); ++i) {
      const Input& in = inputs[i];
      if (!sizes(info.inputs[i], in, info.callable, true) && !names_an_id(info.inputs[i])) continue;
      std::uint64_t value = 0;
      if (in.kind == InputKind::unsigned_integer)
        value = in.u;
      else if (in.kind == InputKind::signed_integer)
        value = static_cast<std::uint64_t>(in.i);  // a negative one wraps, as it does in a size_type
      else
        continue;
      // An element's index or id is past the end already when it equals the count.
      const bool element = names_an_id(info.inputs[i]) || names_any(info.inputs[i].param->name, {"index", "idx"});
      if (element ? value < *size : value <= *size) continue;
      return fmt::format(
          "`{}` of {} got {}, more than the object's size ({}): the call may require it within the object",
          info.inputs[i].param->name, info.id,
          in.kind == InputKind::signed_integer ? std::to_string(in.i) : std::to_string(in.u), *size);
    }
  }
  return "";
}

/// `f` is ++, --, * or ->: what an iterator may do only while it points at an element.
bool steps_or_dereferences(const api::Callable& f) {
  return f.name == "operator++" || f.name == "operator--" || f.name == "operator*" || f.name == "operator->";
}

/// The failing call increments, decrements or dereferences an iterator its default constructor
/// made and nothing assigned since: a singular iterator, as undefined to use as the standard
/// library's (jsoncpp's ValueIterator{}++ walks a null std::map node). "" otherwise.
std::string singular_iterator(const Sequence& failing, std::size_t at, const Catalog& catalog) {
  const CallableInfo& info = catalog.callables[failing[at].callable];
  if (!info.is_method || info.callable == nullptr || catalog.api == nullptr) return "";
  if (!steps_or_dereferences(*info.callable)) return "";
  const auto& inputs = failing[at].inputs;
  if (inputs.empty() || inputs[0].kind != InputKind::ref || inputs[0].ref >= at) return "";
  const std::uint32_t made = inputs[0].ref;
  const api::Callable* maker = catalog.callables[failing[made].callable].callable;
  if (maker == nullptr || maker->kind != api::CallableKind::constructor || !maker->params.empty()) return "";
  const api::Class* cls = api::find_class(*catalog.api, maker->owner);
  if (cls == nullptr || !api::is_iterator(*cls)) return "";
  for (std::size_t k = made + 1; k < at; ++k) {
    const api::Callable* c = catalog.callables[failing[k].callable].callable;
    const auto& in = failing[k].inputs;
    if (c != nullptr && c->name == "operator=" && !in.empty() && in[0].kind == InputKind::ref && in[0].ref == made)
      return "";  // given a value since
  }
  return fmt::format("{} got a default-constructed {}: a singular iterator, which it may not be applied to", info.id,
                     names::last_component(maker->owner));
}

/// A failure at a null address: SEGV at 0x0 or a page past it, or UBSan's "null pointer".
bool at_null(const std::string& message) {
  return message.find("null pointer") != std::string::npos ||
         message.find("on unknown address 0x000000000") != std::string::npos ||  // ASan: below 2^32
         message.rfind("SIGSEGV", 0) == 0;
}

/// An input of the failing call that palus value-initialised (`mu::generic_callable_type{}`, an
/// implicit default constructor, or an implicit copy of such an object) of a class with a public
/// pointer field that starts null (no default member initializer), when no call since could have
/// changed it and the failure is at a null address: that null is palus's, where a caller sets the
/// field before use (a callback holder's function pointer). "" otherwise.
std::string null_fields_made_up(const Classified& failure, const Sequence& failing, std::size_t at,
                                const Catalog& catalog) {
  if (catalog.api == nullptr || !at_null(failure.message)) return "";
  const auto implicit = [&](std::uint32_t k, const char* kind) {
    const api::Callable* f = catalog.callables[failing[k].callable].callable;
    return f != nullptr && f->kind == api::CallableKind::constructor && f->is_implicit && f->constructor_kind == kind;
  };
  for (const Input& in : failing[at].inputs) {
    if (in.kind != InputKind::ref || in.ref >= at) continue;
    std::set<std::uint32_t> copies{in.ref};
    std::uint32_t made = in.ref;
    while (implicit(made, "copy") && !failing[made].inputs.empty() && failing[made].inputs[0].kind == InputKind::ref &&
           failing[made].inputs[0].ref < made) {
      made = failing[made].inputs[0].ref;
      copies.insert(made);
    }
    if (!implicit(made, "default")) continue;
    const api::Callable& maker = *catalog.callables[failing[made].callable].callable;
    const api::Class* cls = api::find_class(*catalog.api, maker.owner);
    if (cls == nullptr) continue;
    const auto pointer = std::find_if(cls->fields.begin(), cls->fields.end(), [](const api::Field& f) {
      return f.starts_null && !f.is_static && f.access == "public";
    });
    if (pointer == cls->fields.end()) continue;
    bool changed = false;
    for (std::size_t k = made + 1; k < at && !changed; ++k) {
      const CallableInfo& step = catalog.callables[failing[k].callable];
      const auto& given = failing[k].inputs;
      for (std::size_t i = 0; i < given.size() && i < step.inputs.size(); ++i)
        if (given[i].kind == InputKind::ref && copies.count(given[i].ref) > 0 && step.inputs[i].may_change)
          changed = true;
    }
    if (changed) continue;
    return fmt::format(
        "{} got a {}{{}} that palus value-initialised, whose pointer `{}` is null: a caller sets it before use",
        catalog.callables[failing[at].callable].id, names::last_component(cls->name), pointer->name);
  }
  return "";
}

constexpr std::string_view kAbort = "SIGABRT: ";

/// Where a logged line's text starts after the location it begins with, "<file>.<ext>:<line>: "
/// (or "<file>.<ext>:<line>:<column>: "): npos when it begins with none.
std::size_t after_log_location(std::string_view line) {
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) return std::string_view::npos;
  const std::string_view file = line.substr(0, colon);
  if (file.find('.') == std::string_view::npos || file.find(' ') != std::string_view::npos)
    return std::string_view::npos;
  std::size_t end = colon + 1;
  const auto digits = [&] {
    const std::size_t from = end;
    while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
    return end > from;
  };
  if (!digits()) return std::string_view::npos;
  if (end + 1 < line.size() && line[end] == ':' && line[end + 1] != ' ') {
    ++end;
    if (!digits()) return std::string_view::npos;
  }
  if (end + 1 >= line.size() || line[end] != ':' || line[end + 1] != ' ') return std::string_view::npos;
  return end + 2;
}

/// The library stopped the program on purpose with a logged line whose subject is the call
/// itself: re2's LOG(DFATAL) "re2/set.cc:96: RE2::Set::Compile() called more than once". A library
/// that aborts saying what was wrong with the public call it was given states that call's
/// precondition (an order of calls, a range of arguments), as its assert would. An uncaught
/// exception (std::terminate) is no such statement. "" otherwise.
std::string refused_by_the_library(const Classified& failure, const CallableInfo& info) {
  if (failure.kind != "crash" || info.callable == nullptr || !failure.message.starts_with(kAbort)) return "";
  if (failure.message.find("std::terminate called") != std::string::npos) return "";
  if (!failed_assert(failure.message).condition.empty()) return "";  // an assert's condition says more
  const std::string_view said = std::string_view(failure.message).substr(kAbort.size());
  const std::size_t text = after_log_location(said);
  if (text == std::string_view::npos) return "";
  // The subject: the callable's name as the library qualifies it ("RE2::Set::Compile", a tail of
  // palus's "re2::RE2::Set::Compile"), then its parameter list.
  const std::string_view rest = said.substr(text);
  const std::size_t paren = rest.find('(');
  if (paren == std::string_view::npos || paren == 0) return "";
  const std::string_view subject = rest.substr(0, paren);
  const std::string qualified = qualified_name(*info.callable);
  if (qualified != subject && !qualified.ends_with("::" + std::string(subject))) return "";
  return fmt::format(
      "the library stopped the program saying what was wrong with the call ({}): it states a precondition of {}", said,
      info.id);
}

/// The failing call steps or dereferences an iterator of the C++ protocol (++ or --, and * or ->),
/// which is defined only while it points at an element: its caller compares it with end() first,
/// and a change of its container may invalidate it. Palus never compares iterators with end(), so
/// the iterator may be past the end (yaml-cpp's node.end()++; begin() of an empty map). "" otherwise.
std::string unchecked_iterator(const Sequence& failing, std::size_t at, const Catalog& catalog) {
  const CallableInfo& info = catalog.callables[failing[at].callable];
  if (!info.is_method || info.callable == nullptr || catalog.api == nullptr) return "";
  if (!steps_or_dereferences(*info.callable)) return "";
  const api::Class* cls = api::find_class(*catalog.api, info.callable->owner);
  if (cls == nullptr || !api::steps_and_dereferences(*cls)) return "";
  return fmt::format(
      "{} needs an iterator that points at an element (not end(), not invalidated by a change of its container); "
      "palus does not compare iterators with end(), so this one may not",
      info.id);
}

/// The output pointer parameter the failing method was given its own object as (jsoncpp's
/// v.removeIndex(0, &v), whose `removed` gets the element while v loses it): the call writes its
/// answer into the object it is changing, which no caller asks of it. Null when none.
const api::Param* own_output(const Sequence& failing, std::size_t at, const CallableInfo& info) {
  if (!info.is_method || info.callable == nullptr) return nullptr;
  const auto& inputs = failing[at].inputs;
  if (inputs.empty() || inputs[0].kind != InputKind::ref) return nullptr;
  for (std::size_t i = 1; i < inputs.size() && i < info.inputs.size(); ++i) {
    const InputNeed& need = info.inputs[i];
    if (inputs[i].kind == InputKind::ref && inputs[i].ref == inputs[0].ref && need.param != nullptr &&
        need.type.passing == api::Passing::pointer)
      return need.param;
  }
  return nullptr;
}

/// An equality contract broken by an object given a NaN: operator== that compares the double it
/// holds follows IEEE, under which NaN equals nothing, itself included. "" otherwise.
std::string equality_over_nan(const Sequence& failing, const CallableInfo& info) {
  if (!info.contract || info.contract->name.rfind("equals", 0) != 0) return "";
  for (std::size_t k = 0; k < failing.size(); ++k)
    for (const Input& in : failing[k].inputs)
      if (in.kind == InputKind::floating && std::isnan(in.d))
        return "an object was given NaN, and an operator== that compares the double it holds is IEEE equality, under "
               "which NaN equals nothing, itself included";
  return "";
}

/// Non-empty when `a == a` failed (equals_reflexive, not_equals_irreflexive) on a class that
/// cannot be a key: no std::hash and no operator<. C++ does not ask operator== to be reflexive
/// (double's NaN is not; yaml-cpp's Node compares identities, and an empty node has none), and
/// without hashing or ordering no container relies on it, so the class may define a value equal
/// to nothing.
std::string reflexivity_not_promised(const CallableInfo& info, const api::Api* api) {
  if (!info.contract || api == nullptr) return "";
  if (info.contract->name != "equals_reflexive" && info.contract->name != "not_equals_irreflexive") return "";
  const api::Class* cls = api::find_class(*api, info.contract->type);
  if (cls == nullptr || cls->traits.hashable || cls->traits.less_comparable) return "";
  return fmt::format(
      "{} has neither std::hash nor operator<, so no container relies on its operator== being reflexive, which C++ "
      "does not require (NaN is not equal to itself): the class may define a value that equals nothing",
      cls->name);
}

/// The class of `type` when it names one: itself, or what a smart pointer to it points to.
std::string_view held_class(const api::TypeRef& type) {
  const std::string_view pointee = names::smart_pointee(type.base);
  std::string_view held = pointee.empty() ? std::string_view(type.base) : pointee;
  if (held.starts_with("const ")) held.remove_prefix(6);
  return held;
}

/// Non-empty when the failing call's class is another class's private part: one keeps it in a
/// non-public field, and no callable of another class, nor a free function, takes it or returns
/// it other than read-only
/// (muparser's ParserByteCode, the bytecode ParserBase builds and runs). The library drives it
/// by a protocol of its own, which the generator cannot know, so a crash there says little.
std::string internal_class(const CallableInfo& info, const api::Api* api) {
  if (api == nullptr || info.callable == nullptr || info.callable->owner.empty()) return "";
  const std::string& owner = info.callable->owner;
  const api::Class* keeper = nullptr;
  const api::Field* kept = nullptr;
  auto mentions = [&](const api::Callable& f) {
    // A read-only view (muparser's `const ParserByteCode& GetByteCode() const`) lets no caller drive it.
    const bool read_only =
        f.result.passing == api::Passing::const_ref || f.result.passing == api::Passing::const_pointer;
    if (!read_only && held_class(f.result) == owner) return true;
    return std::any_of(f.params.begin(), f.params.end(),
                       [&](const api::Param& p) { return held_class(p.type) == owner; });
  };
  for (const api::Class& c : api->classes) {
    if (c.name == owner) continue;
    if (std::find(c.bases.begin(), c.bases.end(), owner) != c.bases.end()) return "";  // a base of a public class
    for (const api::Field& f : c.fields) {
      // Fields read from api.yaml carry their spelling only.
      if (keeper == nullptr && f.access != "public" && names::names_type(f.type.spelling, owner)) {
        keeper = &c;
        kept = &f;
      }
    }
    if (std::any_of(c.constructors.begin(), c.constructors.end(), mentions) ||
        std::any_of(c.methods.begin(), c.methods.end(), mentions))
      return "";
  }
  if (keeper == nullptr || std::any_of(api->functions.begin(), api->functions.end(), mentions)) return "";
  return fmt::format(
      "{} is a private part of {} (its {} field `{}`), which no other callable takes or returns: the calls "
      "drove it outside the protocol the library follows",
      owner, keeper->name, kept->access, kept->name);
}

}  // namespace

FailedAssert failed_assert(const std::string& message) {
  FailedAssert a;
  const std::size_t marker = message.find(": Assertion `");
  if (marker == std::string::npos) return a;
  const std::size_t start = marker + 13;
  const std::size_t end = message.find("' failed", start);
  if (end == std::string::npos) return a;
  a.condition = message.substr(start, end - start);
  // Before the marker: "<program>: <file>:<line>: <function>"; the function may hold ": " itself
  // (its return type's "ns::T"), so the location is the last ":<digits>: " before it.
  std::size_t location_end = std::string::npos;
  for (std::size_t at = message.find(": "); at != std::string::npos && at < marker; at = message.find(": ", at + 1)) {
    std::size_t digits = at;
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(message[digits - 1]))) --digits;
    if (digits < at && digits > 0 && message[digits - 1] == ':') location_end = at;
  }
  if (location_end == std::string::npos) return a;
  a.function = message.substr(location_end + 2, marker - location_end - 2);
  const std::size_t file_start = message.rfind(": ", message.rfind(':', location_end - 1));
  a.where = message.substr(file_start == std::string::npos ? 0 : file_start + 2,
                           location_end - (file_start == std::string::npos ? 0 : file_start + 2));
  return a;
}

Confidence judge_confidence(const Classified& failure, const Sequence& failing, const Catalog& catalog,
                            const harness::protocol::RunResult* observed) {
  Confidence c;
  if (failing.empty()) return c;
  const std::size_t at = failing_index(failure, failing);
  const CallableInfo& info = catalog.callables[failing[at].callable];
  if (failure.kind == "crash") {
    if (const FailedAssert a = failed_assert(failure.message); !a.condition.empty()) {
      const AssertedOn on = asserted_on(catalog.api, a.function);
      const std::set<std::string> named = identifiers(a.condition);
      const bool about_the_call =
          std::any_of(named.begin(), named.end(), [&](const std::string& n) { return on.names.count(n) > 0; });
      // In the called function itself (or another overload of it: operator++(int) asserts in
      // operator++()): the library's own call of its public function with bad values is its bug.
      const bool in_the_call =
          on.callable != nullptr && info.callable != nullptr && on.qualified == qualified_name(*info.callable);
      if (in_the_call && about_the_call) {
        return suspected(
            fmt::format(
                "the library's own assert({}) in its public {} ({}) failed: it states a precondition of the call that "
                "the generated inputs broke",
                a.condition, a.function, a.where),
            fmt::format("{}: assert({}) at {}", info.id, a.condition, a.where));
      }
    }
  }
  if (std::string refused = refused_by_the_library(failure, info); !refused.empty()) {
    return suspected(refused, fmt::format("{}: {}", info.id, failure.message.substr(kAbort.size())));
  }
  if (failure.maybe_freed_before && failure.kind == "sanitizer") {
    return suspected(fmt::format(
        "the freed object was given to an earlier call of {} too, which may have freed it ({}): the sanitizer's "
        "stacks cannot tell which of the two calls did",
        info.id, describe(*failure.maybe_freed_before, catalog)));
  }
  if (failure.kind == "crash" || failure.kind == "sanitizer" || failure.kind == "hang" || failure.kind == "oom") {
    if (const api::Param* output = own_output(failing, at, info)) {
      const std::string given = fmt::format("the object was given as its own output `{}`", output->name);
      return suspected(given + ": the call writes its answer into the object it is changing", info.id + ": " + given);
    }
    if (std::string internal = internal_class(info, catalog.api); !internal.empty()) {
      return suspected(internal);
    }
  }
  if (failure.kind == "crash" || failure.kind == "sanitizer") {
    if (std::string singular = singular_iterator(failing, at, catalog); !singular.empty()) {
      return suspected(singular, info.id + ": the iterator must not be singular (default-constructed)");
    }
    if (std::string unchecked = unchecked_iterator(failing, at, catalog); !unchecked.empty()) {
      return suspected(unchecked, info.id + ": the iterator must point at an element (compared with end() first)");
    }
    if (std::string null = null_fields_made_up(failure, failing, at, catalog); !null.empty()) {
      return suspected(null, info.id + ": the pointer fields of what it is given are set (not value-initialised)");
    }
    if (std::string pointer = arithmetic_undefined(failure) ? "" : made_up_pointer(info); !pointer.empty()) {
      return suspected(pointer, info.id + ": " + pointer);
    }
    if (std::optional<Confidence> past = past_made_up_value(failure, catalog)) return *past;
    // A size, count, index or position of 2^24 or more (or negative) named as one: re2's
    // StringPiece::remove_prefix(n) and copy(buf, n, pos) read past the text, as
    // std::string_view's do, whose n and pos must be within its size.
    if (std::string huge = huge_size(failing, catalog, at); !huge.empty()) {
      return suspected(huge);
    }
    if (observed != nullptr) {
      if (std::string past = past_the_object(failing, *observed, catalog, at); !past.empty()) {
        return suspected(past);
      }
    }
  }
  if (failure.kind == "contract") {
    if (std::string nan = equality_over_nan(failing, info); !nan.empty()) {
      return suspected(nan);
    }
    if (std::string unpromised = reflexivity_not_promised(info, catalog.api); !unpromised.empty()) {
      return suspected(unpromised);
    }
  }
  if (failure.kind == "hang" || failure.kind == "oom") {
    if (std::string huge = huge_size(failing, catalog); !huge.empty()) {
      return suspected(huge);
    }
    if (observed != nullptr) {
      if (std::string huge = huge_object(failing, at, *observed, catalog); !huge.empty()) {
        return suspected(huge);
      }
    }
  }
  return c;
}

}  // namespace palus::generation
