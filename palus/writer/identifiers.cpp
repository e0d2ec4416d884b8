#include "palus/writer/identifiers.hpp"

#include <cctype>

#include "core/names.hpp"

namespace palus::writer {
namespace {

const std::set<std::string>& cpp_keywords() {
  static const std::set<std::string> kKeywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
      "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr", "constinit",
      "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
      "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
      "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "requires", "return", "short",
      "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
      "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual",
      "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      // Names the generated code itself uses unqualified or as the start of a qualified name.
      "std", "testing", "main"};
  return kKeywords;
}

}  // namespace

std::string identifier(const std::string& text, const std::string& fallback) {
  std::string out;
  for (char ch : text) {
    if (std::isalnum(static_cast<unsigned char>(ch)))
      out += ch;
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty()) return fallback;
  if (std::isdigit(static_cast<unsigned char>(out[0]))) out = "_" + out;
  return out;
}

std::string lower_camel(const std::string& name) {
  std::string out = name;
  std::size_t upper = 0;
  while (upper < out.size() && std::isupper(static_cast<unsigned char>(out[upper]))) ++upper;
  // Keep the capital that starts the next word ("URLParser": 'P').
  std::size_t lower_to =
      upper > 1 && upper < out.size() && std::islower(static_cast<unsigned char>(out[upper])) ? upper - 1 : upper;
  for (std::size_t k = 0; k < lower_to; ++k)
    out[k] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[k])));
  return out;
}

bool is_reserved_word(const std::string& word) { return cpp_keywords().count(word) > 0; }

std::string macro_safe(const std::string& expr) {
  int depth = 0;
  for (std::size_t k = 0; k < expr.size(); ++k) {
    const char ch = expr[k];
    if (ch == '"' || ch == '\'') {
      for (++k; k < expr.size() && expr[k] != ch; ++k) {
        if (expr[k] == '\\') ++k;
      }
    } else if (ch == '(') {
      ++depth;
    } else if (ch == ')') {
      --depth;
    } else if (ch == ',' && depth == 0) {
      return "(" + expr + ")";
    }
  }
  return expr;
}

std::string first_line(const std::string& text, std::size_t limit) {
  std::string line = text.substr(0, text.find('\n'));
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  if (line.size() > limit) line = line.substr(0, limit) + "...";
  return line;
}

void LocalNames::reserve_namespace(const std::string& qualified) {
  if (!names::scope_of(qualified).empty()) reserved_.insert(std::string(names::first_component(qualified)));
}
bool LocalNames::taken(const std::string& name) const {
  return used_.count(name) || reserved_.count(name) || is_reserved_word(name);
}

void LocalNames::use(const std::string& name) { used_.insert(name); }
std::string LocalNames::fresh(const std::string& base) {
  std::string word = identifier(base, "value");
  std::string name = word;
  for (int k = 2; taken(name); ++k) name = word + std::to_string(k);
  used_.insert(name);
  return name;
}

}  // namespace palus::writer
