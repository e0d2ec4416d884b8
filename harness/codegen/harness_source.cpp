#include "harness_source.hpp"

#include <fmt/format.h>

#include <map>

#include "core/api_rules.hpp"
#include "core/names.hpp"
#include "harness/codegen/any_function.hpp"
#include "oracles/contracts/contract_catalog.hpp"

namespace palus::harness {
namespace {

/// Thunk `index`, named in a comment by what it calls. Not counted as coverage (PALUS_UNCOUNTED, on
/// a line of its own: palus's build repair finds a failing line's thunk by a line that starts
/// `static void thunk_`).
std::string thunk_definition(std::string_view comment, std::size_t index, const std::string& body) {
  return fmt::format("// {}\nPALUS_UNCOUNTED\nstatic void thunk_{}(palus::harness::Call& c) {{\n{}}}\n", comment, index,
                     body);
}

using api::Passing;
using api::TypeCategory;

struct Argument {
  std::string setup;  ///< declares the local a<N>
  std::string pass;   ///< how the local is handed to the callable
};

class Emitter {
 public:
  explicit Emitter(const api::Api& api) : api_(api) {
    for (const auto& c : api.classes) classes_.emplace(c.name, &c);
  }

  /// `kept`: the argument lives as long as the sequence (a constructor may keep a reference to a
  /// string it is given: re2::StringPiece(const std::string&)).
  Argument argument(const api::TypeRef& t, std::size_t input, bool kept = false) const {
    std::string local = fmt::format("a{}", input);
    auto pass_local = [&](const std::string& setup) {
      switch (t.passing) {
        case Passing::rvalue_ref:
          return Argument{setup, "std::move(" + local + ")"};
        case Passing::pointer:
        case Passing::const_pointer:
          return Argument{setup, "&" + local};
        default:
          return Argument{setup, local};
      }
    };
    // What a pointer points at lives as long as the sequence, as the written test's local lives to
    // the end of the test: the library may keep the pointer (muparser's DefineVar(name, &value)
    // reads the value at every later Eval).
    if (is_scalar(t.category) && api::is_pointer(t.passing))
      return pass_local(fmt::format("auto& {} = c.pointee<{}>({});", local, t.base, input));
    if (is_scalar(t.category))
      return pass_local(fmt::format("{} {} = c.scalar<{}>({});", t.base, local, t.base, input));
    if (t.category == TypeCategory::string && kept && t.passing != Passing::value && t.passing != Passing::rvalue_ref)
      return pass_local(fmt::format("auto& {} = c.hold(new {}(c.text({})));", local, t.base, input));
    if (t.category == TypeCategory::string) return pass_local(fmt::format("{} {}(c.text({}));", t.base, local, input));
    if (t.category == TypeCategory::cstring)
      return {fmt::format("const char* {} = c.c_text({});", local, input), local};
    // Held for the whole sequence: the library may keep a reference to the stream (YAML::Emitter,
    // YAML::Parser), as the written test's local lives to the end of the test.
    if (t.category == TypeCategory::istream)
      return pass_local(fmt::format("auto& {} = c.hold(new std::istringstream(c.text({})));", local, input));
    if (t.category == TypeCategory::function_pointer)
      return {fmt::format("const auto {} = {};", local, any_function_argument(t.base)), local};
    if (t.category == TypeCategory::ostream)
      return pass_local(fmt::format("auto& {} = c.hold(new std::ostringstream());", local));
    // records
    switch (t.passing) {
      case Passing::pointer:
      case Passing::const_pointer:
        return {fmt::format("auto* {} = c.pointer<{}>({});", local, t.base, input), local};
      case Passing::rvalue_ref:
        return {fmt::format("auto& {} = c.object<{}>({});", local, t.base, input), "std::move(" + local + ")"};
      case Passing::value:
        return {fmt::format("auto& {} = c.object<{}>({});", local, t.base, input),
                moves_when_passed(t) ? "std::move(" + local + ")" : local};
      default:
        return {fmt::format("auto& {} = c.object<{}>({});", local, t.base, input), local};
    }
  }

  /// The statement that calls `expr` and records its result.
  static std::string result(const api::TypeRef& r, const std::string& expr) {
    if (r.category == TypeCategory::void_type) return expr + ";";
    bool pointer = api::is_pointer(r.passing);
    if (is_scalar(r.category) || r.category == TypeCategory::string) {
      // The protocol carries narrow strings only: a wide one (pugi::as_wide) is called, not reported.
      const bool reported = !pointer && !(r.category == TypeCategory::string && is_wide(r.base));
      return reported ? "c.report(" + expr + ");" : "(void)" + expr + ";";
    }
    if (r.category == TypeCategory::cstring) return "c.report(" + expr + ");";
    if (r.category == TypeCategory::record) {
      if (pointer) return "c.borrow(" + expr + ");";
      if (r.passing == Passing::ref || r.passing == Passing::const_ref)
        return "c.borrow(std::addressof(" + expr + "));";
      return fmt::format("c.keep(new {}({}));", r.base, expr);
    }
    return "(void)" + expr + ";";
  }

  /// A theory or invariant: its body runs inside palus::theory_detail::outcome, which reports ""
  /// when it held (or an assumption was not met) and what was violated otherwise.
  std::string oracle_thunk(const api::Oracle& oracle, std::size_t index) const {
    const api::Callable& f = oracle.function;
    std::string body;
    std::vector<std::string> args;
    for (std::size_t i = 0; i < f.params.size(); ++i) {
      Argument a = argument(f.params[i].type, i);
      body += "  " + a.setup + "\n";
      args.push_back(a.pass);
    }
    body += fmt::format("  c.report(::palus::theory_detail::outcome([&] {{ ::{}({}); }}));\n",
                        names::without_parameters(f.id), fmt::join(args, ", "));
    const char* kind = oracle.kind == api::Oracle::Kind::theory ? "theory" : "invariant";
    return thunk_definition(fmt::format("{} {}", kind, f.id), index, body);
  }

  std::string thunk(const api::Callable& callable, std::size_t index) const {
    std::string body;
    std::vector<std::string> args;
    std::size_t first = 0;
    bool member = callable.kind == api::CallableKind::method;
    if (member) {
      // A const method is called on a const view: on the object itself, a non-const overload of
      // the same name could be chosen (api::has_mutable_twin).
      body += fmt::format("  {}auto& self = c.object<{}>(0);\n", callable.is_const ? "const " : "", callable.owner);
      first = 1;
    }
    for (std::size_t i = 0; i < callable.params.size(); ++i) {
      if (api::is_buffer(callable, i)) {  // a real array of the length the next input says
        const std::string element = callable.params[i].type.base, length = callable.params[i + 1].type.base;
        const std::size_t in = first + i;
        body += fmt::format("  const {} a{} = static_cast<{}>(c.buffer_length({}, {}ull));\n", length, in + 1, length,
                            in + 1, api::kMaxBufferLength);
        body += fmt::format(
            "  auto& a{} = c.hold(new std::vector<{}>(std::max<std::size_t>(static_cast<std::size_t>(a{}), 1), "
            "c.scalar<{}>({})));\n",
            in, element, in + 1, element, in);
        args.push_back(fmt::format("a{}.data()", in));
        args.push_back(fmt::format("a{}", in + 1));
        ++i;
        continue;
      }
      if (api::is_object_array(api_, callable, i)) {  // that many default-constructed objects
        const std::string element = callable.params[i].type.base, length = callable.params[i + 1].type.base;
        const std::size_t in = first + i;
        body += fmt::format("  const {} a{} = static_cast<{}>(c.buffer_length({}, {}ull));\n", length, in + 1, length,
                            in + 1, api::kMaxObjectArray);
        body += fmt::format(
            "  auto& a{} = c.hold(new std::vector<{}>(std::max<std::size_t>(static_cast<std::size_t>(a{}), 1)));\n", in,
            element, in + 1);
        args.push_back(fmt::format("a{}.data()", in));
        args.push_back(fmt::format("a{}", in + 1));
        ++i;
        continue;
      }
      if (api::is_string_end(callable, i)) {  // the end of the text the C string before it begins
        const std::size_t in = first + i;
        body += fmt::format("  const char* a{} = a{} == nullptr ? nullptr : a{} + std::string_view(a{}).size();\n", in,
                            in - 1, in - 1, in - 1);
        args.push_back(fmt::format("a{}", in));
        continue;
      }
      Argument a = argument(callable.params[i].type, first + i, callable.kind == api::CallableKind::constructor);
      body += "  " + a.setup + "\n";
      args.push_back(a.pass);
    }
    std::string joined = fmt::format("{}", fmt::join(args, ", "));
    std::string call;
    switch (callable.kind) {
      case api::CallableKind::constructor:
        body += fmt::format("  c.keep(new {}({}));\n", callable.owner, joined);
        break;
      case api::CallableKind::method:
        call = fmt::format("self.{}({})", api::called_name(callable), joined);
        break;
      case api::CallableKind::static_method:
        call = fmt::format("{}::{}({})", callable.owner, callable.name, joined);
        break;
      case api::CallableKind::function:
        call = free_call(callable, args, joined);
        break;
    }
    if (!call.empty()) body += "  " + result(callable.result, call) + "\n";
    if (auto written = api::written_stream(callable); written && !call.empty())
      body += fmt::format("  c.report(a{}.str());\n", first + *written);
    return thunk_definition(callable.id, index, body);
  }

 private:
  /// By-value parameters of move-only types take the pool's object by moving it.
  bool moves_when_passed(const api::TypeRef& type) const {
    const auto found = classes_.find(type.base);
    return api::moves_from(type, found == classes_.end() ? nullptr : found->second);
  }

  /// Free operators are called in operator syntax, so hidden friends are found by ADL too.
  static std::string free_call(const api::Callable& f, const std::vector<std::string>& args,
                               const std::string& joined) {
    const std::string symbol(f.is_operator ? names::operator_symbol(f.name) : "");
    const bool symbolic = names::is_symbolic(symbol) && symbol != "()" && symbol != "[]";
    if (symbolic && args.size() == 2 && (symbol == "++" || symbol == "--")) return "(" + args[0] + symbol + ")";
    if (symbolic && args.size() == 2) return "(" + args[0] + " " + symbol + " " + args[1] + ")";
    if (symbolic && args.size() == 1) return "(" + symbol + args[0] + ")";
    return std::string(names::without_parameters(f.id)) + "(" + joined + ")";
  }

  const api::Api& api_;
  std::map<std::string, const api::Class*> classes_;
};

/// The harness checks of the enabled contracts, for the concrete classes the harness can produce;
/// checks in `dropped` go to `uncallable` instead.
std::vector<oracles::ContractUse> contract_checks(const api::Api& api, const CallablePlan& plan,
                                                  const std::vector<std::string>& contracts,
                                                  const std::map<std::string, std::string>& dropped,
                                                  std::vector<Uncallable>& uncallable) {
  std::vector<oracles::ContractUse> checks;
  for (const auto& cls : api.classes) {
    if (plan.produced_types.count(cls.name) == 0) continue;
    for (auto& use : oracles::contract_uses(cls, contracts)) {
      std::string id = oracles::contract_id(use);
      if (auto found = dropped.find(id); found != dropped.end())
        uncallable.push_back({id, found->second});
      else
        checks.push_back(std::move(use));
    }
  }
  return checks;
}

/// The thunk of a contract check: reports its message, empty when the contract holds.
std::string contract_thunk(const oracles::ContractUse& use, std::size_t index) {
  std::string body;
  std::vector<std::string> args;
  for (unsigned i = 0; i < use.arity; ++i) {
    body += fmt::format("  auto& a{} = c.object<{}>({});\n", i, use.type, i);
    args.push_back(fmt::format("a{}", i));
  }
  body += fmt::format("  c.report(palus::contracts::{}({}));\n", use.name, fmt::join(args, ", "));
  return thunk_definition(oracles::contract_id(use), index, body);
}

/// Theories and invariants whose inputs the harness can supply; the others go to `uncallable`.
std::vector<const api::Oracle*> oracle_checks(const api::Api& api, const CallablePlan& plan,
                                              const std::map<std::string, std::string>& dropped,
                                              std::vector<Uncallable>& uncallable) {
  std::vector<const api::Oracle*> checks;
  for (const auto& oracle : api.oracles) {
    const api::Callable& f = oracle.function;
    if (auto found = dropped.find(f.id); found != dropped.end()) {
      uncallable.push_back({f.id, found->second});
      continue;
    }
    std::string missing;
    for (const auto& p : f.params) {
      if (is_literal(p.type.category)) continue;
      if (p.type.category != TypeCategory::record)
        missing = p.type.spelling + " (not an object or a literal)";
      else if (!plan.produced_types.count(p.type.base))
        missing = p.type.base + " (no callable produces it)";
      if (!missing.empty()) break;
    }
    if (missing.empty())
      checks.push_back(&oracle);
    else
      uncallable.push_back({f.id, "its parameter " + missing});
  }
  return checks;
}

/// `text` as a C++ string literal's contents (quotes and backslashes escaped).
std::string escaped(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

}  // namespace

HarnessSource generate_harness_source(const api::Api& api, const std::vector<std::filesystem::path>& headers,
                                      const std::map<std::string, std::string>& dropped,
                                      const std::vector<std::string>& contracts, const std::string& profile_functions,
                                      const std::vector<std::filesystem::path>& theories_headers) {
  CallablePlan plan = plan_callables(api, dropped);
  Emitter emit(api);
  HarnessSource out;
  out.uncallable = plan.uncallable;
  const std::vector<oracles::ContractUse> checks = contract_checks(api, plan, contracts, dropped, out.uncallable);
  const std::vector<const api::Oracle*> theories = oracle_checks(api, plan, dropped, out.uncallable);

  std::string text =
      "// Generated by palus harness: one thunk per callable of api.yaml and per contract check. Do not edit; rerun\n"
      "// palus harness.\n"
      "#include <algorithm>\n#include <memory>\n#include <sstream>\n#include <string>\n#include "
      "<string_view>\n#include <type_traits>\n#include <utility>\n#include <vector>\n\n"
      "#include \"harness/runtime/palus_harness.hpp\"\n\n";
  for (const auto& h : headers) text += "#include \"" + escaped(h.string()) + "\"\n";
  // After the library: the checks' unqualified operators must see its global-namespace ones.
  if (!checks.empty()) text += "\n#include \"oracles/contracts/contracts.hpp\"\n";
  if (!theories_headers.empty()) text += "\n#include <palus/theory.hpp>\n";
  for (const auto& h : theories_headers) text += "#include \"" + escaped(h.string()) + "\"\n";
  if (!profile_functions.empty()) text += "\n" + profile_functions + "\n";
  text += "\n" + std::string(kAnyFunctionSource);
  text += "\nnamespace {\n\n";

  std::map<const api::Callable*, std::size_t> index_of;
  for (std::size_t i = 0; i < plan.callables.size(); ++i) {
    const api::Callable& c = *plan.callables[i];
    index_of[&c] = i;
    out.callables.push_back(c.id);
    text += emit.thunk(c, i) + "\n";
  }
  for (const auto& use : checks) {
    text += contract_thunk(use, out.callables.size()) + "\n";
    out.callables.push_back(oracles::contract_id(use));
  }
  for (const api::Oracle* oracle : theories) {
    text += emit.oracle_thunk(*oracle, out.callables.size()) + "\n";
    out.callables.push_back(oracle->function.id);
  }

  std::string observers, upcasts;
  for (const auto& cls : api.classes) {
    std::string calls;
    for (const auto& m : cls.methods) {
      auto found = index_of.find(&m);
      if (found == index_of.end() || !is_observer(m)) continue;
      calls += fmt::format("  o.value({}, [&]() PALUS_UNCOUNTED {{ return self.{}(); }});\n", found->second,
                           api::called_name(m));
    }
    if (!calls.empty()) {
      std::size_t n = out.observers++;
      text += fmt::format(
          "PALUS_UNCOUNTED\n"
          "static void observe_{}(palus::harness::Observer& o, void* object) {{\n"
          "  const auto& self = *static_cast<const {}*>(object);\n{}}}\n\n",
          n, cls.name, calls);
      observers += fmt::format("      {{&typeid({}), &observe_{}}},\n", cls.name, n);
    }
    for (const auto& base : cls.bases) {
      upcasts += fmt::format(
          "      {{&typeid({0}), &typeid({1}), [](void* p) PALUS_UNCOUNTED -> void* {{ return "
          "static_cast<{1}*>(static_cast<{0}*>(p)); "
          "}}}},\n",
          cls.name, base);
    }
  }

  text +=
      "}  // namespace\n\nconst palus::harness::Registry& palus::harness::registry() {\n"
      "  static const Registry registry{\n    {\n";
  for (std::size_t i = 0; i < out.callables.size(); ++i) {
    text += fmt::format("      {{\"{}\", &thunk_{}}},\n", escaped(out.callables[i]), i);
  }
  text += "    },\n    {\n" + observers + "    },\n    {\n" + upcasts + "    },\n    {";
  if (!profile_functions.empty())
    text +=
        "\n      [] {\n        std::vector<ProfileEntry> out;\n"
        "        for (std::size_t i = 0; i < palus_profiles::entry_count; ++i)\n"
        "          out.push_back({palus_profiles::entries[i].type, palus_profiles::entries[i].profile});\n"
        "        return out;\n      }()\n    ";
  text += "},\n  };\n  return registry;\n}\n";
  out.text = std::move(text);
  return out;
}

}  // namespace palus::harness
