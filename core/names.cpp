#include "core/names.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"

namespace palus::names {
namespace {

constexpr auto npos = std::string_view::npos;

bool identifier_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/// True when the keyword "operator" starts at `at` (not "operatorCount", not "my_operator").
bool operator_at(std::string_view s, std::size_t at) {
  constexpr std::string_view kKeyword = "operator";
  if (s.substr(at, kKeyword.size()) != kKeyword) return false;
  if (at > 0 && identifier_char(s[at - 1])) return false;
  const std::size_t end = at + kKeyword.size();
  return end == s.size() || !identifier_char(s[end]);
}

bool opens(char ch) { return ch == '<' || ch == '(' || ch == '['; }
bool closes(char ch) { return ch == '>' || ch == ')' || ch == ']'; }

/// Offsets of the "::" that separate components. An operator's name ends the scan: it is the
/// last component, and a conversion operator's type may hold "::" and "<" of its own.
std::vector<std::size_t> separators(std::string_view qualified) {
  std::vector<std::size_t> out;
  int depth = 0;
  for (std::size_t k = 0; k < qualified.size(); ++k) {
    const char ch = qualified[k];
    if (depth == 0 && operator_at(qualified, k)) break;
    if (opens(ch)) {
      ++depth;
    } else if (closes(ch)) {
      depth = std::max(0, depth - 1);
    } else if (depth == 0 && ch == ':' && k + 1 < qualified.size() && qualified[k + 1] == ':') {
      out.push_back(k);
      ++k;
    }
  }
  return out;
}

/// The offset of the '<' that opens the template argument list `name` ends with; npos when it
/// ends with none (or is an operator such as "operator>>").
std::size_t template_arguments_start(std::string_view name) {
  if (name.empty() || name.back() != '>' || !operator_symbol(name).empty()) return npos;
  int depth = 0;
  for (std::size_t k = name.size(); k-- > 0;) {
    if (closes(name[k])) ++depth;
    if (opens(name[k]) && --depth == 0) return name[k] == '<' ? k : npos;
  }
  return npos;
}

}  // namespace

std::vector<std::string_view> components(std::string_view qualified) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t at : separators(qualified)) {
    if (at > 0) out.push_back(qualified.substr(start, at - start));
    start = at + 2;
  }
  out.push_back(qualified.substr(start));
  return out;
}

std::string_view last_component(std::string_view qualified) {
  const std::vector<std::size_t> at = separators(qualified);
  return at.empty() ? qualified : qualified.substr(at.back() + 2);
}

std::string_view scope_of(std::string_view qualified) {
  const std::vector<std::size_t> at = separators(qualified);
  return at.empty() ? std::string_view() : qualified.substr(0, at.back());
}

std::string_view first_component(std::string_view qualified) {
  const std::vector<std::string_view> all = components(qualified);
  return all.front();
}

std::string_view without_template_arguments(std::string_view name) {
  const std::size_t start = template_arguments_start(name);
  return start == npos ? name : text::trim(name.substr(0, start));
}

std::string_view unqualified(std::string_view qualified) {
  return without_template_arguments(last_component(qualified));
}

std::string_view without_parameters(std::string_view id) {
  const std::size_t close = id.rfind(')');
  if (close == npos) return id;
  int depth = 0;
  for (std::size_t k = close + 1; k-- > 0;) {
    if (id[k] == ')') ++depth;
    if (id[k] == '(' && --depth == 0) return id.substr(0, k);
  }
  return id;
}

std::vector<std::string_view> split_top_level(std::string_view list) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t from = 0;
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (opens(list[k])) ++depth;
    if (closes(list[k])) depth = std::max(0, depth - 1);
    if (list[k] == ',' && depth == 0) {
      out.push_back(text::trim(list.substr(from, k - from)));
      from = k + 1;
    }
  }
  if (const std::string_view last = text::trim(list.substr(from)); !last.empty() || !out.empty()) out.push_back(last);
  return out;
}

std::vector<std::string_view> template_arguments(std::string_view type) {
  const std::size_t start = template_arguments_start(type);
  if (start == npos) return {};
  return split_top_level(type.substr(start + 1, type.size() - start - 2));
}

std::string_view operator_symbol(std::string_view name) {
  // The keyword where the last component starts (the components scan stops at it).
  std::size_t at = 0;
  if (const std::vector<std::size_t> seps = separators(name); !seps.empty()) at = seps.back() + 2;
  if (!operator_at(name, at)) return {};
  return text::trim(name.substr(at + 8));
}

bool is_symbolic(std::string_view symbol) {
  return !symbol.empty() && std::none_of(symbol.begin(), symbol.end(),
                                         [](char ch) { return identifier_char(ch) || ch == '"' || ch == ' '; });
}

std::string_view smart_pointee(std::string_view type) {
  type = text::trim(type);
  if (!type.starts_with("std::unique_ptr<") && !type.starts_with("std::shared_ptr<")) return {};
  const std::vector<std::string_view> arguments = template_arguments(type);
  return arguments.empty() ? std::string_view() : arguments.front();
}

bool names_type(std::string_view text, std::string_view name) {
  const std::string_view last = last_component(name);
  if (last.empty()) return false;
  for (std::size_t at = text.find(last); at != std::string_view::npos; at = text.find(last, at + 1)) {
    const bool starts = at == 0 || !text::is_identifier_char(text[at - 1]);
    const bool ends = at + last.size() >= text.size() || !text::is_identifier_char(text[at + last.size()]);
    if (starts && ends) return true;
  }
  return false;
}

std::vector<std::string> words_of(std::string_view identifier) {
  std::vector<std::string> out;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) out.push_back(std::move(word));
    word.clear();
  };
  auto upper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
  auto lower_or_digit = [](char c) {
    return std::islower(static_cast<unsigned char>(c)) != 0 || std::isdigit(static_cast<unsigned char>(c)) != 0;
  };
  for (std::size_t i = 0; i < identifier.size(); ++i) {
    const char c = identifier[i];
    if (c == '_') {
      flush();
      continue;
    }
    const bool after_lower = i > 0 && lower_or_digit(identifier[i - 1]);
    const bool ends_capitals = i > 0 && upper(identifier[i - 1]) && i + 1 < identifier.size() &&
                               std::islower(static_cast<unsigned char>(identifier[i + 1])) != 0;
    if (upper(c) && (after_lower || ends_capitals)) flush();
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  flush();
  return out;
}

}  // namespace palus::names
