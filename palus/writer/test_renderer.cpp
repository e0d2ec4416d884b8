#include "palus/writer/test_renderer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "core/api_rules.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "harness/codegen/any_function.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "oracles/contracts/contract_catalog.hpp"
#include "palus/writer/identifiers.hpp"
#include "palus/writer/literal.hpp"
#include "palus/writer/oracle_selection.hpp"
#include "palus/writer/value_assertion.hpp"

namespace palus::writer {
namespace {

using api::Passing;
using api::TypeCategory;
using generation::CallableInfo;
using generation::TestCase;
using generation::TestKind;
using harness::protocol::Input;
using harness::protocol::InputKind;
using harness::protocol::Observation;
using harness::protocol::Value;

/// "tinysql::ResultSet" -> "ResultSet", "ns::Box<int, ns::A>" -> "Box".
std::string unqualified(std::string_view type) { return std::string(names::unqualified(type)); }

/// The symbol of an operator callable ("==" for "operator=="); empty for other names.
std::string operator_symbol(const api::Callable& c) {
  return c.is_operator ? std::string(names::operator_symbol(c.name)) : std::string();
}

/// Operators written in operator syntax: symbols only, not conversions, new/delete or literals.
bool is_symbolic(const std::string& symbol) { return names::is_symbolic(symbol) && symbol != "->" && symbol != "->*"; }

/// What a statement's variable holds.
enum class Holder {
  none,       ///< no object (void, primitive or string result)
  owned,      ///< an object the test owns: constructed, or returned by value
  reference,  ///< a reference to an object the library owns
  pointer,    ///< a raw pointer to an object the library owns
  smart,      ///< a std::unique_ptr or std::shared_ptr; it stands for its pointee
};

struct Variable {
  Holder holder = Holder::none;
  std::string type;     ///< the record type it holds: "tinysql::Value", "std::unique_ptr<tinysql::Statement>"
  std::string pointee;  ///< for smart pointers: "tinysql::Statement"
  std::string name;     ///< empty when the statement needs none
  bool referenced = false;
  bool is_const = false;       ///< returned as const T& or const T*
  bool needs_mutable = false;  ///< a later statement changes it: const_cast, as the harness's pool does
};

std::string standard_header_of_exception(const std::string& type) {
  static const std::map<std::string, std::string> kHeaders = {{"std::bad_alloc", "<new>"},
                                                              {"std::bad_array_new_length", "<new>"},
                                                              {"std::bad_cast", "<typeinfo>"},
                                                              {"std::bad_typeid", "<typeinfo>"},
                                                              {"std::bad_function_call", "<functional>"},
                                                              {"std::bad_optional_access", "<optional>"},
                                                              {"std::bad_variant_access", "<variant>"},
                                                              {"std::bad_any_cast", "<any>"},
                                                              {"std::system_error", "<system_error>"},
                                                              {"std::regex_error", "<regex>"},
                                                              {"std::future_error", "<future>"},
                                                              {"std::filesystem::filesystem_error", "<filesystem>"},
                                                              {"std::bad_weak_ptr", "<memory>"},
                                                              {"std::bad_exception", "<exception>"},
                                                              {"std::exception", "<exception>"}};
  if (auto found = kHeaders.find(type); found != kHeaders.end()) return found->second;
  return type.rfind("std::", 0) == 0 ? "<stdexcept>" : "";
}

/// Renders one test; one object per call of TestRenderer::render.
class Body {
 public:
  Body(const generation::Catalog& catalog, const RenderOptions& options, const std::set<std::uint32_t>& never_asserted,
       const TestCase& test)
      : catalog_(catalog),
        options_(options),
        never_asserted_(never_asserted),
        test_(test),
        vars_(test.sequence.size()) {
    if (catalog.api != nullptr) {
      for (const auto& c : catalog.api->classes) {
        classes_.emplace(c.name, &c);
        locals_.reserve_namespace(c.name);
      }
      for (const auto& f : catalog.api->functions) locals_.reserve_namespace(f.id);
      for (const auto& e : catalog.api->enums) locals_.reserve_namespace(e.name);
    }
  }

  RenderedTest render(const TestName& name) {
    plan();
    RenderedTest out;
    out.text = "TEST_F(" + name.suite + ", " + name.name + ") {\n";
    if (test_.kind == TestKind::failure && !test_.suspicion.empty())
      line("// palus: suspect: " + without_project_dir(test_.suspicion));
    const std::size_t n = rendered_count();
    for (std::size_t i = 0; i < n; ++i) {
      if (skipped(i)) continue;
      if (is_failing(i) && test_.kind == TestKind::failure) line(failure_comment());
      emit_statement(i);
      emit_observations(i);
    }
    if (test_.kind == TestKind::failure && !failing_in_range()) line(failure_comment() + " (after the last statement)");
    out.text += body_;
    out.text += "}\n";
    out.includes = includes_;
    out.asserted = asserted_;
    out.assertion_candidates = assertion_candidates_;
    for (const char* token : {"std::isnan", "std::numeric_limits", "std::move", "std::string"}) {
      if (out.text.find(token) == std::string::npos) continue;
      const std::string_view t = token;
      out.includes.insert(t == "std::isnan"            ? "<cmath>"
                          : t == "std::numeric_limits" ? "<limits>"
                          : t == "std::move"           ? "<utility>"
                                                       : "<string>");
    }
    return out;
  }

 private:
  // ---- the shape of the test ----

  std::size_t rendered_count() const {
    const std::size_t size = test_.sequence.size();
    if (test_.kind == TestKind::expected_exception && failing_in_range())
      return static_cast<std::size_t>(test_.failing_statement) + 1;
    return size;
  }
  bool failing_in_range() const {
    return test_.failing_statement >= 0 && static_cast<std::size_t>(test_.failing_statement) < test_.sequence.size();
  }
  bool is_failing(std::size_t i) const {
    return failing_in_range() && static_cast<std::size_t>(test_.failing_statement) == i;
  }
  bool throws(std::size_t i) const { return test_.kind == TestKind::expected_exception && is_failing(i); }

  const CallableInfo* info(std::size_t i) const {
    const std::uint32_t index = test_.sequence[i].callable;
    return index < catalog_.callables.size() ? &catalog_.callables[index] : nullptr;
  }
  /// Checks (contracts, theories, invariants) appear only as the failing statement of a failure.
  bool skipped(std::size_t i) const {
    const CallableInfo* c = info(i);
    if (c == nullptr || !c->is_check()) return false;
    return !(test_.kind == TestKind::failure && is_failing(i));
  }
  /// The harness's answer for statement i, when it ran normally.
  const harness::protocol::StatementResult* normal_result(std::size_t i) const {
    if (i >= test_.result.statements.size()) return nullptr;
    const auto& r = test_.result.statements[i];
    return r.status == harness::protocol::StatementStatus::normal ? &r : nullptr;
  }
  /// Regression facts are asserted in regression tests and before the throwing statement.
  bool asserts_values(std::size_t i) const {
    if (test_.kind == TestKind::failure || throws(i)) return false;
    return normal_result(i) != nullptr;
  }

  void plan() {
    const std::size_t n = rendered_count();
    for (std::size_t i = 0; i < n; ++i) {
      if (skipped(i)) continue;
      vars_[i] = holder_of(i);
      for (const Input& in : test_.sequence[i].inputs) {
        if (in.kind == InputKind::ref && in.ref < i) vars_[in.ref].referenced = true;
      }
      mark_changed_inputs(i);
    }
    plan_assertions(n);
    // Owned objects always get a variable, so that they live as long as in the harness.
    std::map<std::string, int> count;
    std::vector<std::string> words(n);
    for (std::size_t i = 0; i < n; ++i) {
      Variable& v = vars_[i];
      const bool needed = v.holder != Holder::none && !throws(i) &&
                          (v.referenced || v.holder == Holder::owned || v.holder == Holder::smart);
      if (!needed) continue;
      words[i] = identifier(lower_camel(unqualified(v.pointee.empty() ? v.type : v.pointee)), "object");
      ++count[words[i]];
    }
    std::map<std::string, int> next;
    for (std::size_t i = 0; i < n; ++i) {
      if (words[i].empty()) continue;
      const std::string& w = words[i];
      if (count[w] == 1 && !locals_.taken(w)) {
        vars_[i].name = w;
      } else {
        std::string candidate;
        do candidate = w + std::to_string(++next[w]);
        while (locals_.taken(candidate));
        vars_[i].name = candidate;
      }
      locals_.use(vars_[i].name);
    }
  }

  Variable holder_of(std::size_t i) const {
    Variable v;
    const CallableInfo* c = info(i);
    if (c == nullptr || c->callable == nullptr) return v;
    const api::Callable& callable = *c->callable;
    if (callable.kind == api::CallableKind::constructor) {
      v.holder = Holder::owned;
      v.type = callable.owner;
      return v;
    }
    const api::TypeRef& r = callable.result;
    if (r.category != TypeCategory::record) return v;
    v.type = r.base;
    v.is_const = r.passing == Passing::const_ref || r.passing == Passing::const_pointer;
    switch (r.passing) {
      case Passing::ref:
      case Passing::const_ref:
        v.holder = Holder::reference;
        break;
      case Passing::pointer:
      case Passing::const_pointer:
        v.holder = Holder::pointer;
        break;
      default:
        v.pointee = names::smart_pointee(r.base);
        v.holder = v.pointee.empty() ? Holder::owned : Holder::smart;
    }
    return v;
  }

  /// Marks the inputs of statement i that it may change (non-const receiver, non-const reference
  /// or pointer parameter, moved argument).
  void mark_changed_inputs(std::size_t i) {
    const CallableInfo* c = info(i);
    if (c == nullptr) return;
    const auto& inputs = test_.sequence[i].inputs;
    auto mark = [&](std::size_t input) {
      if (input < inputs.size() && inputs[input].kind == InputKind::ref && inputs[input].ref < i) {
        vars_[inputs[input].ref].needs_mutable = true;
      }
    };
    // The generator's own answer (generation::Catalog), so that the test changes exactly what the
    // harness let the call change (a contract that only reads its object leaves it const).
    for (std::size_t k = 0; k < c->inputs.size(); ++k)
      if (c->inputs[k].may_change || c->inputs[k].moves) mark(k);
  }

  /// Which observations to assert after each statement; marks the observed variables.
  void plan_assertions(std::size_t n) {
    observed_.assign(n, {});
    if (!options_.every_state) {
      plan_selected_assertions(n);
      return;
    }
    std::size_t last = n;  // the last statement whose facts are asserted
    for (std::size_t i = 0; i < n; ++i) {
      if (!skipped(i) && asserts_values(i)) last = i;
    }
    std::map<std::pair<std::uint32_t, std::uint32_t>, const Value*> asserted;
    for (std::size_t i = 0; i < n; ++i) {
      if (skipped(i) || !asserts_values(i)) continue;
      if (result_asserted(i)) ++assertion_candidates_;
      for (const Observation& o : normal_result(i)->observations) {
        if (!candidate(i, o)) continue;
        const auto key = std::make_pair(o.object, o.callable);
        if (asserted_inline(i, o)) {
          asserted[key] = &o.value;
          continue;
        }
        ++assertion_candidates_;
        auto found = asserted.find(key);
        const bool unchanged = found != asserted.end() && same_value(*found->second, o.value);
        if (unchanged && i != last && !options_.repeat_unchanged_observations) continue;
        asserted[key] = &o.value;
        observe(i, o);
      }
    }
  }

  /// generate.assertions: selected (SODS, DESIGN §8). The candidates are the asserted results and
  /// every observation after every statement. Each observes the places of library code its value
  /// depends on: its own call (a result's statement, an observer's body) and, through the fields
  /// the statements before it defined and it reads (api.yaml reads and writes), the calls that
  /// wrote them. The fewest candidates that observe every place directly observable are kept
  /// (oracle_selection.hpp).
  void plan_selected_assertions(std::size_t n) {
    FieldDefinitions definitions;
    std::vector<FaultSites> sites;
    std::vector<std::pair<std::size_t, const Observation*>> observations;  // (statement, observation), in order
    std::vector<FaultSites> observation_sites;
    for (std::size_t i = 0; i < n; ++i) {
      const CallableInfo* c = info(i);
      if (skipped(i) || c == nullptr || c->callable == nullptr) continue;
      const api::Callable& f = *c->callable;
      const auto& inputs = test_.sequence[i].inputs;
      FaultSites read;  // what the call read of the objects it was given
      for (const Input& in : inputs) {
        if (in.kind == InputKind::ref && in.ref < i) merge_sites(read, definitions.reaching(in.ref, f.reads));
      }
      if (result_asserted(i)) {
        FaultSites result{{fmt::format("r{}", i), 1.0}};
        merge_sites(result, read, value_information(normal_result(i)->value.kind));
        sites.push_back(std::move(result));
        ++assertion_candidates_;
      }
      const std::uint32_t index = test_.sequence[i].callable;
      if (f.kind == api::CallableKind::constructor) {
        definitions.define(static_cast<std::uint32_t>(i), index, f.reads, f.writes, read);
      } else if (vars_[i].holder != Holder::none) {
        definitions.made(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i), read);
      }
      // What a call changes through a field (data_[i] = x, std::copy into it, items_.push_back(x))
      // is not a write of the field in api.yaml: a call that may change its receiver may change
      // what every field it reads holds.
      std::vector<std::string> changes = f.writes;
      if (!f.writes.empty()) {
        for (const std::string& field : f.reads)
          if (std::find(changes.begin(), changes.end(), field) == changes.end()) changes.push_back(field);
      }
      for (std::size_t k = 0; k < c->inputs.size() && k < inputs.size(); ++k) {
        if (!c->inputs[k].may_change || inputs[k].kind != InputKind::ref || inputs[k].ref >= i) continue;
        const bool receiver = c->is_method && k == 0;
        definitions.define(inputs[k].ref, index, receiver ? f.reads : std::vector<std::string>{},
                           receiver ? changes : std::vector<std::string>{});
      }
      if (!asserts_values(i)) continue;
      for (const Observation& o : normal_result(i)->observations) {
        if (!candidate(i, o) || asserted_inline(i, o)) continue;
        const api::Callable& observer = *catalog_.callables[o.callable].callable;
        FaultSites observes{{fmt::format("o{}", o.callable), 1.0}};
        merge_sites(observes, definitions.reaching(o.object, observer.reads), value_information(o.value.kind));
        observations.emplace_back(i, &o);
        observation_sites.push_back(std::move(observes));
        ++assertion_candidates_;
      }
    }
    // Results first, then the observations from the last statement back: among candidates that
    // observe as much, the test asserts the state it ends in.
    const std::size_t results = sites.size();
    for (std::size_t k = observation_sites.size(); k-- > 0;) sites.push_back(std::move(observation_sites[k]));
    const std::vector<bool> kept = select_oracle_data(sites);
    for (std::size_t k = 0; k < observations.size(); ++k) {
      if (kept[results + observations.size() - 1 - k]) observe(observations[k].first, *observations[k].second);
    }
  }

  /// Whether observation `o`, made after statement i, can be asserted at all.
  bool candidate(std::size_t i, const Observation& o) const {
    if (o.threw || o.object > i || o.callable >= catalog_.callables.size()) return false;
    const CallableInfo& observer = catalog_.callables[o.callable];
    if (observer.callable == nullptr || !assertable(o.value, observer.callable->result)) return false;
    if (never_asserted_.count(o.callable)) return false;
    return vars_[o.object].holder != Holder::none && !skipped(o.object);
  }
  /// Statement i is the observer's own call on the object: its value is asserted inline.
  bool asserted_inline(std::size_t i, const Observation& o) const {
    const harness::protocol::Statement& s = test_.sequence[i];
    return s.callable == o.callable && s.inputs.size() == 1 && s.inputs[0].kind == InputKind::ref &&
           s.inputs[0].ref == o.object;
  }
  void observe(std::size_t i, const Observation& o) {
    observed_[i].push_back(&o);
    vars_[o.object].referenced = true;
  }
  /// Whether emit_statement asserts what statement i returned (or wrote to its output stream).
  bool result_asserted(std::size_t i) const {
    const CallableInfo* c = info(i);
    const auto* r = normal_result(i);
    if (!asserts_values(i) || c == nullptr || c->callable == nullptr || c->oracle != nullptr || r == nullptr ||
        never_asserted_.count(test_.sequence[i].callable))
      return false;
    const Variable& v = vars_[i];  // a statement that declares a variable asserts nothing inline
    if (v.holder != Holder::none && (v.referenced || v.holder == Holder::owned || v.holder == Holder::smart))
      return false;
    if (api::written_stream(*c->callable)) return r->value.kind == harness::protocol::ValueKind::string;
    return assertable(r->value, c->callable->result);
  }

  // ---- expressions ----

  /// The object of statement j as an lvalue of its record type.
  std::string object(std::uint32_t j) const {
    const Variable& v = vars_[j];
    return v.holder == Holder::pointer || v.holder == Holder::smart ? "*" + v.name : v.name;
  }
  std::string address(std::uint32_t j) const {
    const Variable& v = vars_[j];
    switch (v.holder) {
      case Holder::pointer:
        return v.name;
      case Holder::smart:
        return v.name + ".get()";
      default:
        return "&" + v.name;
    }
  }
  std::string member_access(std::uint32_t j) const {
    const Variable& v = vars_[j];
    return v.holder == Holder::pointer || v.holder == Holder::smart ? v.name + "->" : v.name + ".";
  }

  /// Whether calling `f` on the object of statement j needs a const view of it: the object is not
  /// const where it is named, and a non-const twin of `f` would be chosen there (as the harness
  /// calls `f` itself on a const view; api::has_mutable_twin).
  bool needs_const_view(std::uint32_t j, const api::Callable& f) const {
    const Variable& v = vars_[j];
    if (v.is_const && !v.needs_mutable) return false;
    const auto owner = classes_.find(f.owner);
    return owner != classes_.end() && api::has_mutable_twin(*owner->second, f);
  }
  /// The object of statement j as an `owner&`, const or not: `static_cast<const owner&>(x)`.
  std::string viewed_as(std::uint32_t j, const std::string& owner, bool as_const) const {
    return fmt::format("static_cast<{}{}&>({})", as_const ? "const " : "", owner, object(j));
  }

  const api::Class* class_of(const api::TypeRef& type) const {
    const auto found = classes_.find(type.base);
    return found == classes_.end() ? nullptr : found->second;
  }

  std::string record_argument(const api::TypeRef& t, const Input& in) const {
    if (in.kind == InputKind::null_pointer) return "nullptr";
    if (in.kind != InputKind::ref || in.ref >= vars_.size() || vars_[in.ref].name.empty()) {
      return "/* palus: no object for " + t.base + " */";
    }
    const std::uint32_t j = in.ref;
    const Variable& v = vars_[j];
    const bool moves = api::moves_from(t, class_of(t));
    if (v.holder == Holder::smart && t.base == v.type) {  // the smart pointer itself is wanted
      if (api::is_pointer(t.passing)) return "&" + v.name;
      return moves ? "std::move(" + v.name + ")" : v.name;
    }
    if (api::is_pointer(t.passing)) return address(j);
    return moves ? "std::move(" + object(j) + ")" : object(j);
  }

  /// A buffer and its length (api::is_buffer): an array of the length the harness made, filled
  /// with the drawn element, as `buffer.data(), length`.
  void buffer_arguments(const api::Param& p, const api::Param& n, const Input& fill, const Input& drawn,
                        std::vector<std::string>& args, std::vector<std::string>& setup) {
    Input length = drawn;
    if (drawn.kind == InputKind::unsigned_integer)
      length.u = api::buffer_length(drawn.u);
    else
      length.i = static_cast<std::int64_t>(api::buffer_length(drawn.i));
    const std::uint64_t elements = std::max<std::uint64_t>(
        drawn.kind == InputKind::unsigned_integer ? length.u : static_cast<std::uint64_t>(length.i), 1);
    const std::string local = locals_.fresh(p.name);
    setup.push_back(fmt::format("std::vector<{}> {}({}, {});", p.type.base, local, elements,
                                input_literal(fill, p.type, LiteralUse::argument, catalog_.api)));
    includes_.insert("<vector>");
    args.push_back(local + ".data()");
    args.push_back(input_literal(length, n.type, LiteralUse::argument, catalog_.api));
  }

  /// An object array and its count (api::is_object_array): as many default-constructed objects as
  /// the harness made, as `array.data(), count`.
  void object_array_arguments(const api::Param& p, const api::Param& n, const Input& drawn,
                              std::vector<std::string>& args, std::vector<std::string>& setup) {
    Input count = drawn;
    std::uint64_t elements = 0;
    if (drawn.kind == InputKind::unsigned_integer) {
      count.u = elements = drawn.u > api::kMaxObjectArray ? api::kMaxObjectArray : drawn.u;
    } else {
      count.i = drawn.i < 0 ? 0 : std::min<std::int64_t>(drawn.i, static_cast<std::int64_t>(api::kMaxObjectArray));
      elements = static_cast<std::uint64_t>(count.i);
    }
    const std::string local = locals_.fresh(p.name);
    setup.push_back(fmt::format("std::vector<{}> {}({});", p.type.base, local, std::max<std::uint64_t>(elements, 1)));
    includes_.insert("<vector>");
    args.push_back(local + ".data()");
    args.push_back(input_literal(count, n.type, LiteralUse::argument, catalog_.api));
  }

  /// A character range (api::is_string_end): the text in a local, and its end, as `text, text + length`.
  void range_arguments(const api::Param& begin, const std::string& text, std::vector<std::string>& args,
                       std::vector<std::string>& setup) {
    const std::string local = locals_.fresh(begin.name);
    setup.push_back(fmt::format("const char* {} = {};", local, c_string_literal(text)));
    args.push_back(local);
    args.push_back(fmt::format("{} + {}", local, std::min(text.find('\0'), text.size())));
  }

  /// `kept`: a constructor's argument, which it may keep a reference to: a string by reference
  /// gets a local that lives to the end of the test, as the harness holds it for the sequence.
  std::string argument(const api::Param& p, const Input& in, std::vector<std::string>& setup, bool kept = false) {
    const api::TypeRef& t = p.type;
    if (t.category == TypeCategory::record) return record_argument(t, in);
    if (in.kind == InputKind::null_pointer) return "nullptr";
    if (in.kind == InputKind::ref) return record_argument(t, in);
    if (t.category == TypeCategory::cstring) return input_literal(in, t, LiteralUse::argument, catalog_.api);
    if (t.category == TypeCategory::function_pointer) {
      includes_.insert("<type_traits>");
      return harness::any_function_argument(t.base);
    }
    if (t.category == TypeCategory::istream || t.category == TypeCategory::ostream) {
      // As the harness passes it: a string stream, holding the input's text or fresh.
      const std::string local = locals_.fresh(p.name);
      includes_.insert("<sstream>");
      setup.push_back(t.category == TypeCategory::istream
                          ? "std::istringstream " + local + "(" + string_expression(in.s) + ");"
                          : "std::ostringstream " + local + ";");
      if (t.passing == Passing::rvalue_ref) return "std::move(" + local + ")";
      return api::is_pointer(t.passing) ? "&" + local : local;
    }
    const bool needs_local = t.passing == Passing::ref || api::is_pointer(t.passing) ||
                             (kept && t.category == TypeCategory::string && t.passing == Passing::const_ref);
    if (!needs_local) return input_literal(in, t, LiteralUse::argument, catalog_.api);
    // A non-const reference or pointer needs an lvalue: declare one, as the harness does.
    const std::string local = locals_.fresh(p.name);
    if (in.kind == InputKind::string && in.s.find('\0') != std::string::npos) {
      setup.push_back(t.base + " " + local + "(" + string_literal(in.s) + ", " + std::to_string(in.s.size()) + ");");
    } else if (in.kind == InputKind::string) {
      setup.push_back(t.base + " " + local + " = " + string_literal(in.s) + ";");
    } else {
      setup.push_back(t.base + " " + local + " = " + input_literal(in, t, LiteralUse::argument, catalog_.api) + ";");
    }
    return api::is_pointer(t.passing) ? "&" + local : local;
  }

  struct Call {
    std::vector<std::string> setup;  ///< lines that must come first (locals for reference parameters)
    std::string args;                ///< "a, b" (constructors)
    std::string expr;                ///< the call (empty for constructors)
    std::string written;             ///< the output stream whose text is the call's value (api::written_stream)
  };

  Call call(std::size_t i) {
    Call out;
    const CallableInfo* c = info(i);
    const harness::protocol::Statement& s = test_.sequence[i];
    if (c == nullptr || c->callable == nullptr) {
      out.expr = "/* palus: unknown callable " + std::to_string(s.callable) + " */";
      return out;
    }
    const api::Callable& f = *c->callable;
    const std::size_t first = f.kind == api::CallableKind::method ? 1 : 0;
    std::vector<std::string> args;
    for (std::size_t k = 0; k < f.params.size(); ++k) {
      const Input in = first + k < s.inputs.size() ? s.inputs[first + k] : Input::null();
      if (c->oracle == nullptr && catalog_.api != nullptr && api::is_object_array(*catalog_.api, f, k) &&
          first + k + 1 < s.inputs.size()) {
        object_array_arguments(f.params[k], f.params[k + 1], s.inputs[first + k + 1], args, out.setup);
        ++k;
        continue;
      }
      if (c->oracle == nullptr && api::is_buffer(f, k) && first + k + 1 < s.inputs.size()) {
        buffer_arguments(f.params[k], f.params[k + 1], in, s.inputs[first + k + 1], args, out.setup);
        ++k;
        continue;
      }
      if (c->oracle == nullptr && api::is_string_end(f, k + 1)) {  // as the harness passes it
        if (in.kind == InputKind::string) {
          range_arguments(f.params[k], in.s, args, out.setup);
        } else {
          args.push_back("nullptr");
          args.push_back("nullptr");
        }
        ++k;
        continue;
      }
      args.push_back(argument(f.params[k], in, out.setup, f.kind == api::CallableKind::constructor));
      if (c->oracle == nullptr && api::written_stream(f) == k) out.written = args.back().substr(args.back()[0] == '&');
    }
    for (const auto& a : args) out.args += (out.args.empty() ? "" : ", ") + a;
    const std::string symbol = operator_symbol(f);
    const bool symbolic = is_symbolic(symbol);
    switch (f.kind) {
      case api::CallableKind::constructor:
        break;
      case api::CallableKind::static_method:
        out.expr = f.owner + "::" + f.name + "(" + out.args + ")";
        break;
      case api::CallableKind::function: {
        if (symbolic && args.size() == 2 && (symbol == "++" || symbol == "--"))
          out.expr = args[0] + symbol;
        else if (symbolic && args.size() == 2)
          out.expr = binary(args[0], symbol, args[1]);
        else if (symbolic && args.size() == 1)
          out.expr = symbol + args[0];
        else
          out.expr = std::string(names::without_parameters(f.id)) + "(" + out.args + ")";
        break;
      }
      case api::CallableKind::method: {
        std::string receiver, access;
        if (!s.inputs.empty() && s.inputs[0].kind == InputKind::ref && s.inputs[0].ref < vars_.size() &&
            !vars_[s.inputs[0].ref].name.empty()) {
          receiver = object(s.inputs[0].ref);
          access = member_access(s.inputs[0].ref);
          const Variable& v = vars_[s.inputs[0].ref];
          if ((v.pointee.empty() ? v.type : v.pointee) != f.owner) {
            // An object of a derived class, as its base (the harness's upcast): a derived member
            // of the same name would hide the base's, and overloads could resolve elsewhere.
            receiver = viewed_as(s.inputs[0].ref, f.owner, f.is_const);
            access = receiver + ".";
          } else if (needs_const_view(s.inputs[0].ref, f)) {
            receiver = viewed_as(s.inputs[0].ref, f.owner, true);
            access = receiver + ".";
          }
        } else {
          receiver = "(*static_cast<" + f.owner + "*>(nullptr))";
          access = receiver + ".";
        }
        if (symbolic && symbol == "[]" && args.size() == 1)
          out.expr = receiver + "[" + args[0] + "]";
        else if (symbolic && symbol == "()")
          out.expr = receiver + "(" + out.args + ")";
        else if (symbolic && args.size() == 1 && (symbol == "++" || symbol == "--"))
          out.expr = receiver + symbol;
        else if (symbolic && args.size() == 1)
          out.expr = binary(receiver, symbol, args[0]);
        else if (symbolic && args.empty())
          out.expr = symbol + receiver;
        else
          out.expr = access + api::called_name(f) + "(" + out.args + ")";
        break;
      }
    }
    return out;
  }

  static std::string binary(const std::string& a, const std::string& symbol, const std::string& b) {
    if (symbol == ",") return "(" + a + ", " + b + ")";
    return a + " " + symbol + " " + b;
  }

  // ---- statements ----

  void line(const std::string& text) {
    body_ += "  " + text + "\n";
    body_lines_ += 1 + static_cast<unsigned>(std::count(text.begin(), text.end(), '\n'));
  }
  /// A line asserting a value of `callable`.
  void assertion_line(const std::string& text, std::uint32_t callable) {
    asserted_.emplace(body_lines_ + 2, callable);  // after the TEST( line, 1-based
    line(text);
  }

  void emit_statement(std::size_t i) {
    const CallableInfo* c = info(i);
    if (c != nullptr && c->contract) {
      emit_contract(i, *c->contract);
      return;
    }
    if (c != nullptr && c->oracle) {
      const api::Callable& f = c->oracle->function;
      line(fmt::format("// {} {}, {}:{}", api::to_string(c->oracle->kind), f.name,
                       std::filesystem::path(f.file).filename().string(), f.line));
      for (const std::string& spelling : options_.theories_includes) includes_.insert(spelling);
    }
    Call k = call(i);
    for (const std::string& s : k.setup) line(s);
    const Variable& v = vars_[i];
    const bool constructor =
        c != nullptr && c->callable != nullptr && c->callable->kind == api::CallableKind::constructor;
    if (throws(i)) {
      std::string expr = constructor ? "(" + v.type + (k.args.empty() ? "{}" : "(" + k.args + ")") + ")" : k.expr;
      const std::string& type = test_.exception_type;
      if (is_nameable_type(type) && is_visible_type(type)) {
        line("EXPECT_THROW(" + macro_safe(expr) + ", " + type + ");");
        if (std::string header = standard_header_of_exception(type); !header.empty()) includes_.insert(header);
      } else {
        line("EXPECT_ANY_THROW(" + macro_safe(expr) + ");");
      }
      return;
    }
    if (!v.name.empty()) {
      const bool unused = !v.referenced && v.holder == Holder::owned;
      const std::string attribute = unused ? "[[maybe_unused]] " : "";
      if (constructor) {
        line(attribute + v.type + " " + v.name + (k.args.empty() ? "{}" : "(" + k.args + ")") + ";");
      } else {
        const char* declarator = v.holder == Holder::reference ? "auto& "
                                 : v.holder == Holder::pointer ? "auto* "
                                                               : "auto ";
        std::string expr = k.expr;
        if (v.is_const && v.needs_mutable) {  // the harness's pool holds it without const
          expr = "const_cast<" + v.type + (v.holder == Holder::pointer ? "*" : "&") + ">(" + expr + ")";
        }
        line(attribute + declarator + v.name + " = " + expr + ";");
      }
      return;
    }
    if (constructor) {  // an object nobody keeps: cannot happen for constructors, but stay valid C++
      line("(" + v.type + (k.args.empty() ? "{}" : "(" + k.args + ")") + ");");
      return;
    }
    const auto* r = normal_result(i);
    if (!k.written.empty()) {  // the call's value is the text it wrote
      line(k.expr + ";");
      if (result_asserted(i)) {
        api::TypeRef text;
        text.spelling = text.base = "std::string";
        text.category = TypeCategory::string;
        assertion_line(value_assertion(k.written + ".str()", text, r->value, catalog_.api), test_.sequence[i].callable);
      }
      return;
    }
    if (result_asserted(i)) {
      assertion_line(value_assertion(k.expr, c->callable->result, r->value, catalog_.api), test_.sequence[i].callable);
      return;
    }
    line(k.expr + ";");
  }

  void emit_contract(std::size_t i, const oracles::ContractUse& use) {
    std::vector<std::string> objects;
    for (const Input& in : test_.sequence[i].inputs) {
      api::TypeRef t;
      t.base = use.type;
      t.passing = Passing::const_ref;
      t.category = TypeCategory::record;
      objects.push_back(record_argument(t, in));
    }
    for (const std::string& l : oracles::render_contract_check(use, objects)) line(l);
    for (const std::string& h : oracles::contract_check_includes(use)) includes_.insert(h);
  }

  /// Exception types the test can see: the standard library's, the library's own classes (those
  /// api.yaml lists come from its headers), and types without a namespace (int, char const*).
  bool is_visible_type(const std::string& type) const {
    return type.rfind("std::", 0) == 0 || classes_.count(type) > 0 || type.find("::") == std::string::npos;
  }

  std::string failure_comment() const {
    std::string text = "// palus: " + (test_.failure_kind.empty() ? std::string("failure") : test_.failure_kind);
    const std::string message = without_project_dir(first_line(test_.message));
    if (!message.empty()) text += ": " + message;
    return text;
  }

  /// `text` naming the project's files relative to its folder.
  std::string without_project_dir(const std::string& text) const {
    if (options_.project_dir.empty()) return text;
    return text::erase_all(text, options_.project_dir + (options_.project_dir.ends_with('/') ? "" : "/"));
  }

  /// After statement i: its observer values (the value of the statement itself is asserted inline).
  void emit_observations(std::size_t i) {
    for (const Observation* o : observed_[i]) {
      const api::Callable& observer = *catalog_.callables[o->callable].callable;
      const std::string access = needs_const_view(o->object, observer)
                                     ? viewed_as(o->object, observer.owner, true) + "."
                                     : member_access(o->object);
      assertion_line(
          value_assertion(access + api::called_name(observer) + "()", observer.result, o->value, catalog_.api),
          o->callable);
    }
  }

  const generation::Catalog& catalog_;
  const RenderOptions& options_;
  const std::set<std::uint32_t>& never_asserted_;
  const TestCase& test_;
  std::map<std::string, const api::Class*> classes_;
  std::vector<Variable> vars_;
  std::vector<std::vector<const Observation*>> observed_;
  LocalNames locals_;
  std::set<std::string> includes_;
  std::string body_;
  unsigned body_lines_ = 0;
  std::map<unsigned, std::uint32_t> asserted_;
  unsigned assertion_candidates_ = 0;
};

}  // namespace

TestRenderer::TestRenderer(const generation::Catalog& catalog, RenderOptions options)
    : catalog_(catalog), options_(options) {}

RenderedTest TestRenderer::render(const TestCase& test, const TestName& name) const {
  Body body(catalog_, options_, never_asserted_, test);
  return body.render(name);
}

std::string TestRenderer::base_name(const TestCase& test) const {
  const auto& statements = test.sequence.statements();
  std::optional<std::size_t> about;
  if (test.failing_statement >= 0 && static_cast<std::size_t>(test.failing_statement) < statements.size()) {
    about = static_cast<std::size_t>(test.failing_statement);
  }
  for (std::size_t i = statements.size(); !about && i-- > 0;) {
    const std::uint32_t c = statements[i].callable;
    if (c < catalog_.callables.size() && !catalog_.callables[c].is_check()) about = i;
  }
  std::string what = "sequence";
  if (about) {
    const std::uint32_t c = statements[*about].callable;
    if (c < catalog_.callables.size()) {
      const CallableInfo& info = catalog_.callables[c];
      if (info.contract)
        what = identifier(info.contract->name, "contract");
      else if (info.callable != nullptr)
        what = readable_name(*info.callable);
    }
  }
  return subject_identifier(test) + "_" + what;
}

std::string subject_identifier(const TestCase& test) { return identifier(test.subject, "functions"); }

std::string suite_name(const TestCase& test) {
  std::string subject = subject_identifier(test);
  subject[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(subject[0])));
  if (test.kind != TestKind::failure) return subject + "RegressionTest";
  return subject + (test.suspicion.empty() ? "FailureTest" : "SuspectTest");
}

std::string readable_name(const api::Callable& callable) {
  if (callable.kind == api::CallableKind::constructor) return identifier(unqualified(callable.owner), "constructor");
  const std::string symbol = operator_symbol(callable);
  if (symbol.empty()) return identifier(callable.name, "call");
  const std::size_t arity = callable.params.size() + (callable.kind == api::CallableKind::method ? 1 : 0);
  static const std::map<std::string, std::string> kNames = {{"==", "equals"},
                                                            {"!=", "not_equals"},
                                                            {"<", "less"},
                                                            {"<=", "less_equal"},
                                                            {">", "greater"},
                                                            {">=", "greater_equal"},
                                                            {"<=>", "compare"},
                                                            {"<<", "print"},
                                                            {">>", "read"},
                                                            {"[]", "index"},
                                                            {"()", "call"},
                                                            {"=", "assign"},
                                                            {"+", "plus"},
                                                            {"-", "minus"},
                                                            {"*", "times"},
                                                            {"/", "divide"},
                                                            {"%", "modulo"},
                                                            {"+=", "plus_assign"},
                                                            {"-=", "minus_assign"},
                                                            {"*=", "times_assign"},
                                                            {"/=", "divide_assign"},
                                                            {"%=", "modulo_assign"},
                                                            {"<<=", "shift_left_assign"},
                                                            {">>=", "shift_right_assign"},
                                                            {"&=", "and_assign"},
                                                            {"|=", "or_assign"},
                                                            {"^=", "xor_assign"},
                                                            {"++", "increment"},
                                                            {"--", "decrement"},
                                                            {"!", "not"},
                                                            {"~", "complement"},
                                                            {"&", "bit_and"},
                                                            {"|", "bit_or"},
                                                            {"^", "bit_xor"},
                                                            {"&&", "and"},
                                                            {"||", "or"},
                                                            {"->", "arrow"},
                                                            {"->*", "arrow_star"},
                                                            {",", "comma"},
                                                            {"new", "new"},
                                                            {"delete", "delete"},
                                                            {"new[]", "new_array"},
                                                            {"delete[]", "delete_array"}};
  if (arity == 1 && symbol == "-") return "negate";
  if (arity == 1 && symbol == "+") return "unary_plus";
  if (arity == 1 && symbol == "*") return "dereference";
  if (arity == 1 && symbol == "&") return "address_of";
  if (symbol == "<<" && callable.result.base.find("ostream") != std::string::npos) return "print";
  if (symbol == "<<") return "shift_left";
  if (symbol == ">>" && callable.result.base.find("istream") == std::string::npos) return "shift_right";
  if (auto found = kNames.find(symbol); found != kNames.end()) return found->second;
  if (symbol.rfind("\"\"", 0) == 0) return identifier("literal" + symbol.substr(2), "literal");
  // Conversions: "operator bool" -> "to_bool", "operator const std::string &" -> "to_string".
  std::string type = symbol;
  for (const char* noise : {"const ", " &", "&", " *", "*"}) {
    for (std::size_t at; (at = type.find(noise)) != std::string::npos;) type.erase(at, std::string(noise).size());
  }
  return "to_" + identifier(unqualified(type), "value");
}

bool is_nameable_type(std::string_view type) {
  if (type.empty() || type == "unknown") return false;
  for (std::string_view bad : {"(anonymous", "{", "lambda", "[abi:", "'", "(", "$", "__"}) {
    if (type.find(bad) != std::string_view::npos) return false;
  }
  return macro_safe(std::string(type)) == type;
}

}  // namespace palus::writer
