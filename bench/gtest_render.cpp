#include "bench/gtest_render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace palus::bench {
namespace {

namespace fs = std::filesystem;
using harness::protocol::Input;
using harness::protocol::InputKind;

// Dereferences what the pool would hold (objects, smart and raw pointers); a null pointer throws,
// which ends the test as an invalid input ends the sequence in the harness.
constexpr std::string_view kPrelude = R"(namespace {

[[noreturn]] inline void null_object() { throw std::invalid_argument("null object"); }
template <class T> T& obj(T& x) { return x; }
template <class T> T& obj(T* p) { if (!p) null_object(); return *p; }
template <class T, class D> T& obj(std::unique_ptr<T, D>& p) { if (!p) null_object(); return *p; }
template <class T, class D> T& obj(const std::unique_ptr<T, D>& p) { if (!p) null_object(); return *p; }
template <class T> T& obj(std::shared_ptr<T>& p) { if (!p) null_object(); return *p; }
template <class T> T& obj(const std::shared_ptr<T>& p) { if (!p) null_object(); return *p; }

}  // namespace
)";

std::string scalar_literal(const Input& in, const api::TypeRef& type) {
  switch (in.kind) {
    case InputKind::boolean:
      return in.i ? "true" : "false";
    case InputKind::signed_integer:
      if (type.category == api::TypeCategory::boolean) return in.i ? "true" : "false";
      if (type.base == "int") return std::to_string(in.i);
      return fmt::format("static_cast<{}>({})", type.base, in.i);
    case InputKind::unsigned_integer:
      return fmt::format("static_cast<{}>({}u)", type.base, in.u);
    case InputKind::floating:
      return fmt::format("static_cast<{}>({:.17g})", type.base, in.d);
    case InputKind::string:
      if (type.category == api::TypeCategory::cstring) return cpp_string_literal(in.s);
      return fmt::format("std::string({})", cpp_string_literal(in.s));
    default:
      throw std::logic_error("not a literal input");
  }
}

/// The symbol of an operator ("==" for "operator=="), or "" for conversions, new, delete, ...
std::string operator_symbol(const api::Callable& c) {
  if (!c.is_operator || c.name.rfind("operator", 0) != 0) return "";
  std::string sym = c.name.substr(8);
  static const std::set<std::string> symbols{"+",   "-",  "*",  "/",  "%",  "^",   "&",  "|",  "~",  "!",  "=",  "<",
                                             ">",   "+=", "-=", "*=", "/=", "%=",  "^=", "&=", "|=", "<<", ">>", ">>=",
                                             "<<=", "==", "!=", "<=", ">=", "<=>", "&&", "||", "++", "--", "()", "[]"};
  return symbols.count(sym) ? sym : "";
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

/// `f(args)` in operator syntax where there is one; `operands` includes the receiver for methods.
std::string operator_expr(const std::string& sym, const std::vector<std::string>& operands) {
  if (sym == "()") {
    return fmt::format("{}({})", operands[0], join({operands.begin() + 1, operands.end()}));
  }
  if (operands.size() == 1) return fmt::format("({}{})", sym, operands[0]);
  if (operands.size() == 2 && sym == "[]") return fmt::format("{}[{}]", operands[0], operands[1]);
  if (operands.size() == 2 && (sym == "++" || sym == "--")) return fmt::format("({}{})", operands[0], sym);
  if (operands.size() == 2 && sym != "~" && sym != "!") return fmt::format("({} {} {})", operands[0], sym, operands[1]);
  return "";
}

/// The function name with its qualification, from the id: "tinysql::toString".
std::string qualified_name(const api::Callable& c) {
  std::size_t cut = c.is_operator ? c.id.find("operator") : std::string::npos;
  if (cut != std::string::npos) return c.id.substr(0, cut) + c.name;
  return c.id.substr(0, c.id.find('('));
}

class StatementWriter {
 public:
  StatementWriter(const Catalog& catalog, std::string& out) : catalog_(catalog), out_(out) {}

  void write(std::size_t k, const harness::protocol::Statement& s) {
    const api::Callable* c = s.callable < catalog_.callables.size() ? catalog_.callables[s.callable] : nullptr;
    if (!c) throw std::runtime_error(fmt::format("statement {}: callable {} is not in api.yaml", k, s.callable));
    const bool method = c->kind == api::CallableKind::method;
    if (s.inputs.size() != c->params.size() + (method ? 1 : 0))
      throw std::runtime_error(fmt::format("statement {}: wrong number of inputs for {}", k, c->id));

    std::vector<std::string> args;
    for (std::size_t i = 0; i < c->params.size(); ++i)
      args.push_back(argument(k, i, s.inputs[i + (method ? 1 : 0)], c->params[i].type));

    if (c->kind == api::CallableKind::constructor) {
      if (args.empty())
        out_ += fmt::format("    {} v{}{{}};\n", c->owner, k);
      else
        out_ += fmt::format("    {} v{}({});\n", c->owner, k, join(args));
      return;
    }
    std::string expr = call(*c, method ? receiver(s.inputs[0]) : "", args);
    if (c->result.category == api::TypeCategory::void_type)
      out_ += fmt::format("    {};\n", expr);
    else
      out_ += fmt::format("    auto&& v{} = {};\n", k, expr);
  }

 private:
  static std::string receiver(const Input& in) {
    if (in.kind != InputKind::ref) throw std::runtime_error("a receiver must be an earlier result");
    return fmt::format("obj(v{})", in.ref);
  }

  /// An argument expression; literals passed by non-const reference or pointer go through a local.
  std::string argument(std::size_t k, std::size_t i, const Input& in, const api::TypeRef& type) {
    const bool by_pointer = type.passing == api::Passing::pointer || type.passing == api::Passing::const_pointer;
    if (in.kind == InputKind::null_pointer) return "nullptr";
    if (in.kind == InputKind::ref) {
      const bool smart = !smart_pointee(type.base).empty();  // the parameter wants the smart pointer itself
      std::string object = smart ? fmt::format("v{}", in.ref) : fmt::format("obj(v{})", in.ref);
      if (by_pointer) return "&" + object;
      if (type.passing == api::Passing::rvalue_ref || (smart && type.passing == api::Passing::value))
        return fmt::format("std::move({})", object);
      return object;
    }
    std::string literal = scalar_literal(in, type);
    const bool needs_local =
        type.category != api::TypeCategory::cstring && (by_pointer || type.passing == api::Passing::ref);
    if (!needs_local) return literal;
    std::string local = fmt::format("a{}_{}", k, i);
    out_ += fmt::format("    {} {} = {};\n", type.base, local, literal);
    return by_pointer ? "&" + local : local;
  }

  static std::string call(const api::Callable& c, const std::string& self, const std::vector<std::string>& args) {
    if (std::string sym = operator_symbol(c); !sym.empty()) {
      std::vector<std::string> operands;
      if (!self.empty()) operands.push_back(self);
      operands.insert(operands.end(), args.begin(), args.end());
      if (std::string expr = operator_expr(sym, operands); !expr.empty()) return expr;
    }
    switch (c.kind) {
      case api::CallableKind::method:
        return fmt::format("{}.{}({})", self, c.name, join(args));
      case api::CallableKind::static_method:
        return fmt::format("{}::{}({})", c.owner, c.name, join(args));
      default:
        return fmt::format("{}({})", qualified_name(c), join(args));
    }
  }

  const Catalog& catalog_;
  std::string& out_;
};

}  // namespace

std::vector<std::string> api_includes(const api::Api& api, const fs::path& include_dir) {
  std::set<std::string> files;
  auto add = [&](const std::string& file) {
    if (file.empty()) return;
    fs::path p = fs::path(file).lexically_normal();
    fs::path rel = p.lexically_relative(include_dir.lexically_normal());
    const bool inside = !rel.empty() && *rel.begin() != "..";
    files.insert(inside ? rel.generic_string() : p.generic_string());
  };
  for (const auto& c : api.classes) add(c.file);
  for (const auto& f : api.functions) add(f.file);
  for (const auto& e : api.enums) add(e.file);
  return {files.begin(), files.end()};
}

std::string cpp_string_literal(std::string_view text) {
  std::string out = "\"";
  for (unsigned char ch : text) {
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '?':
        out += "\\?";
        break;  // no trigraphs, whatever the -std
      default:
        if (ch < 0x20 || ch >= 0x7f)
          out += fmt::format("\\{:03o}", ch);  // octal: at most 3 digits
        else
          out += static_cast<char>(ch);
    }
  }
  return out + "\"";
}

std::string render_gtest(const Catalog& catalog, const harness::protocol::RunRequest& sequence,
                         const std::vector<std::string>& includes) {
  std::string out = fmt::format("// Sequence {} of bench/throughput, written the slow way: one GoogleTest file.\n",
                                sequence.sequence_id);
  out +=
      "#include <memory>\n#include <stdexcept>\n#include <string>\n#include <utility>\n\n#include <gtest/gtest.h>\n\n";
  for (const auto& inc : includes) out += fmt::format("#include \"{}\"\n", inc);
  out += "\n";
  out += kPrelude;
  out += fmt::format("\nTEST(Throughput, Sequence{}) {{\n  try {{\n", sequence.sequence_id);
  StatementWriter writer(catalog, out);
  for (std::size_t k = 0; k < sequence.statements.size(); ++k) writer.write(k, sequence.statements[k]);
  out += "  } catch (...) {\n  }\n}\n";
  return out;
}

}  // namespace palus::bench
