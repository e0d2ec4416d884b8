#include "palus/analysis/oracle_collector.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string_view>

#include "core/api_rules.hpp"
#include "core/clang/callable_id.hpp"
#include "core/clang/clang_util.hpp"
#include "core/clang/type_names.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "palus/analysis/body_visitor.hpp"

namespace palus::analysis {
namespace {

using palus::clang::children_of;
using palus::clang::location_of;
using palus::clang::spelling_of;

constexpr std::string_view kTheory = "palus_theory";
constexpr std::string_view kInvariant = "palus_invariant";
constexpr std::string_view kParamValues = "palus_param_values ";
constexpr std::string_view kTypeValues = "palus_type_values";

/// The text of the declaration's [[clang::annotate("palus_...")]], or "".
std::string palus_annotation(CXCursor decl) {
  for (CXCursor child : children_of(decl)) {
    if (clang_getCursorKind(child) != CXCursor_AnnotateAttr) continue;
    std::string text = spelling_of(child);
    if (text.rfind("palus_", 0) == 0) return text;
  }
  return {};
}

/// "file:line" where the expression was written (inside a macro's arguments, not the macro's line).
std::string written_at(CXCursor expression) {
  CXFile file = nullptr;
  unsigned line = 0;
  clang_getSpellingLocation(clang_getCursorLocation(expression), &file, &line, nullptr, nullptr);
  const std::string name = file != nullptr ? location_of(expression).file : std::string();
  return fmt::format("{}:{}", name, line);
}

/// The tokens of the expression as written, separated by spaces.
std::string source_text(CXCursor expression) { return fmt::format("{}", fmt::join(clang::tokens_of(expression), " ")); }

/// The theory or invariant function as api.yaml writes a free function.
api::Callable oracle_function(CXCursor decl) {
  api::Callable c;
  c.kind = api::CallableKind::function;
  c.name = spelling_of(decl);
  c.id = callable_id(decl);
  c.result = describe_type(clang_getCursorResultType(decl));
  const auto loc = location_of(decl);
  c.file = loc.file;
  c.line = loc.line;
  const std::vector<CXCursor> params = parameters_of(decl);
  for (std::size_t i = 0; i < params.size(); ++i) {
    api::Param p{spelling_of(params[i]), describe_type(clang_getCursorType(params[i]))};
    if (p.name.empty()) p.name = "arg" + std::to_string(i);
    c.params.push_back(std::move(p));
  }
  return c;
}

/// The expression under implicit conversions and parentheses.
CXCursor unwrapped(CXCursor expression) {
  while (clang_getCursorKind(expression) == CXCursor_UnexposedExpr ||
         clang_getCursorKind(expression) == CXCursor_ParenExpr) {
    const std::vector<CXCursor> inner = children_of(expression);
    if (inner.size() != 1) break;
    expression = inner.front();
  }
  return expression;
}

bool is_char(CXType type) {
  switch (clang_getCanonicalType(type).kind) {
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_SChar:
    case CXType_UChar:
      return true;
    default:
      return false;
  }
}

std::optional<api::Literal> constant_of(CXCursor argument) {
  const CXCursor expression = unwrapped(argument);
  if (clang_getCursorKind(expression) == CXCursor_StringLiteral) {
    auto text = string_literal_value(spelling_of(expression));
    if (!text) return std::nullopt;
    return api::Literal{api::Literal::Kind::string, std::move(*text)};
  }
  return evaluated_literal(expression, is_char(clang_getCursorType(expression)));
}

/// The first call in the function's body: `values(...)` or `typed_values<T>(...)`.
std::optional<CXCursor> first_call(CXCursor cursor) {
  for (CXCursor child : children_of(cursor)) {
    if (clang_getCursorKind(child) == CXCursor_CallExpr) return child;
    if (auto inner = first_call(child)) return inner;
  }
  return std::nullopt;
}

/// The arguments of the macro's values call, each a constant.
std::vector<api::Literal> values_of(CXCursor decl, std::string_view macro) {
  std::vector<api::Literal> values;
  const std::optional<CXCursor> call = first_call(decl);
  if (!call) return values;
  const int count = clang_Cursor_getNumArguments(*call);
  for (int i = 0; i < count; ++i) {
    const CXCursor argument = clang_Cursor_getArgument(*call, static_cast<unsigned>(i));
    std::optional<api::Literal> value = constant_of(argument);
    if (!value) {
      fail_at(written_at(argument),
              "{}: value `{}` is not a constant (an integer, floating, character, bool or string literal, or a "
              "constant expression)",
              macro, source_text(argument));
    }
    values.push_back(std::move(*value));
  }
  return values;
}

/// "a :: b" as the preprocessor stringifies it: spaces kept only between two words ("operator bool").
std::string compact(std::string_view written) {
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  std::string result;
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (written[i] != ' ') {
      result += written[i];
    } else if (!result.empty() && word(result.back()) && i + 1 < written.size() && word(written[i + 1])) {
      result += ' ';
    }
  }
  return result;
}

class Collector {
 public:
  explicit Collector(const std::set<std::string>& theories) : theories_(theories) {}

  void scan_scope(CXCursor scope, bool top_level) {
    for (CXCursor child : children_of(scope)) {
      if (top_level && !theories_.contains(location_of(child).file)) continue;
      switch (clang_getCursorKind(child)) {
        case CXCursor_Namespace:
        case CXCursor_LinkageSpec:
          scan_scope(child, false);
          break;
        case CXCursor_FunctionDecl:
          if (clang_isCursorDefinition(child)) scan_function(child);
          break;
        default:
          break;
      }
    }
  }

  OracleScan finish() {
    std::sort(scan_.oracles.begin(), scan_.oracles.end(),
              [](const auto& a, const auto& b) { return a.function.id < b.function.id; });
    return std::move(scan_);
  }

 private:
  void scan_function(CXCursor decl) {
    const std::string annotation = palus_annotation(decl);
    if (annotation == kTheory) {
      scan_.oracles.push_back({api::Oracle::Kind::theory, oracle_function(decl)});
    } else if (annotation == kInvariant) {
      scan_.oracles.push_back({api::Oracle::Kind::invariant, oracle_function(decl)});
    } else if (annotation.rfind(kParamValues, 0) == 0) {
      scan_.param_values.push_back(param_values(decl, std::string_view(annotation).substr(kParamValues.size())));
    } else if (annotation == kTypeValues) {
      scan_.param_values.push_back(type_values(decl));
    }
  }

  /// `target` is "<callable> <param>" as the macro stringified them.
  static WrittenParamValues param_values(CXCursor decl, std::string_view target) {
    WrittenParamValues written;
    api::ParamValues& pv = written.values;
    const auto space = target.rfind(' ');
    pv.callable = compact(target.substr(0, space == std::string_view::npos ? 0 : space));
    pv.param = std::string(target.substr(space == std::string_view::npos ? 0 : space + 1));
    pv.values = values_of(decl, "PALUS_PARAM_VALUES");
    locate(decl, pv);
    written.scope = clang::qualified_name(clang_getCursorSemanticParent(decl));
    return written;
  }

  /// The type is the pointee of the function's one parameter (`static void f(Type*)`).
  static WrittenParamValues type_values(CXCursor decl) {
    WrittenParamValues written;
    api::ParamValues& pv = written.values;
    const std::vector<CXCursor> params = parameters_of(decl);
    if (!params.empty()) pv.type = describe_type(clang_getPointeeType(clang_getCursorType(params.front()))).base;
    pv.values = values_of(decl, "PALUS_TYPE_VALUES");
    locate(decl, pv);
    return written;
  }

  static void locate(CXCursor decl, api::ParamValues& pv) {
    const auto loc = location_of(decl);
    pv.file = loc.file;
    pv.line = loc.line;
  }

  const std::set<std::string>& theories_;
  OracleScan scan_;
};

/// Qualified name -> the parameter names of its overloads: the api's callables and the theories.
std::map<std::string, std::set<std::string>> parameters_by_name(const api::Api& api) {
  std::map<std::string, std::set<std::string>> result;
  const auto add = [&](const api::Callable& c) {
    auto& known = result[api::written_name(c)];
    for (const auto& p : c.params) known.insert(p.name);
  };
  for (const auto& cls : api.classes) {
    std::for_each(cls.constructors.begin(), cls.constructors.end(), add);
    std::for_each(cls.methods.begin(), cls.methods.end(), add);
  }
  std::for_each(api.functions.begin(), api.functions.end(), add);
  for (const auto& oracle : api.oracles) {
    if (oracle.kind == api::Oracle::Kind::theory) add(oracle.function);
  }
  return result;
}

/// Where C++ would look `written` up from `scope`: innermost namespace first, then outwards.
std::vector<std::string> lookup_candidates(const std::string& written, const std::string& scope) {
  if (written.rfind("::", 0) == 0) return {written.substr(2)};
  std::vector<std::string> result;
  for (std::string_view ns = scope; !ns.empty(); ns = names::scope_of(ns))
    result.push_back(std::string(ns) + "::" + written);
  result.push_back(written);
  return result;
}

}  // namespace

OracleScan collect_oracles(CXCursor unit, const std::set<std::string>& theories) {
  Collector collector(theories);
  collector.scan_scope(unit, true);
  return collector.finish();
}

std::vector<api::ParamValues> resolve_param_values(const std::vector<WrittenParamValues>& written,
                                                   const api::Api& api) {
  const auto known = parameters_by_name(api);
  std::vector<api::ParamValues> result;
  for (const auto& [pv, scope] : written) {
    result.push_back(pv);
    if (pv.callable.empty() && pv.param.empty()) continue;  // PALUS_TYPE_VALUES
    const std::string where = fmt::format("{}:{}", pv.file, pv.line);
    const auto candidates = lookup_candidates(pv.callable, scope);
    const auto found = std::find_if(candidates.begin(), candidates.end(),
                                    [&](const std::string& name) { return known.contains(name); });
    if (found == candidates.end()) {
      fail_at(where, "PALUS_PARAM_VALUES: no callable {} in the library or the theories", pv.callable);
    }
    const std::set<std::string>& params = known.at(*found);
    if (!params.contains(pv.param)) {
      fail_at(where, "PALUS_PARAM_VALUES: {} has no parameter {} (its parameters: {})", *found, pv.param,
              (params.empty() ? std::string("none") : text::join(params)));
    }
    result.back().callable = *found;
  }
  return result;
}

}  // namespace palus::analysis
