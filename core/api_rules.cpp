#include "core/api_rules.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

#include "core/names.hpp"
#include "core/text.hpp"

namespace palus::api {

bool moves_from(const TypeRef& param, const Class* cls) {
  if (param.passing == Passing::rvalue_ref) return true;
  if (param.passing != Passing::value) return false;
  if (std::string_view(param.base).starts_with("std::unique_ptr<")) return true;
  return cls != nullptr && !cls->traits.copy_constructible && cls->traits.move_constructible;
}

bool may_change(const TypeRef& param, const Class* cls) {
  return param.passing == Passing::ref || param.passing == Passing::pointer || moves_from(param, cls);
}

bool is_buffer(const Callable& f, std::size_t param) {
  if (param + 1 >= f.params.size()) return false;
  const TypeRef& p = f.params[param].type;
  const TypeRef& n = f.params[param + 1].type;
  // Not bool: std::vector<bool> has no data().
  const bool scalar = p.category == TypeCategory::integer || p.category == TypeCategory::floating ||
                      p.category == TypeCategory::character;
  return is_pointer(p.passing) && scalar && n.category == TypeCategory::integer && n.passing == Passing::value;
}

namespace {

bool named_as_length(std::string name) {
  name = text::lowered(std::move(name));
  if (name == "n" || name == "sz") return true;
  for (const char* part : {"size", "len", "count", "capacity", "bytes", "num"})
    if (name.find(part) != std::string::npos) return true;
  return false;
}

bool unnamed_unsigned(const Param& p) {
  const bool unnamed =
      p.name.size() > 3 && p.name.rfind("arg", 0) == 0 &&
      std::all_of(p.name.begin() + 3, p.name.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
  const std::string& base = p.type.base;
  const bool is_unsigned = base.find("unsigned") != std::string::npos || base.find("size_t") != std::string::npos ||
                           base.find("size_type") != std::string::npos || base.rfind("uint", 0) == 0 ||
                           base.find("::uint") != std::string::npos;
  return unnamed && is_unsigned;
}

}  // namespace

bool is_object_array(const Api& api, const Callable& f, std::size_t param) {
  if (param + 1 >= f.params.size()) return false;
  const Param& p = f.params[param];
  const Param& n = f.params[param + 1];
  if (p.type.category != TypeCategory::record || !is_pointer(p.type.passing)) return false;
  if (n.type.category != TypeCategory::integer || n.type.passing != Passing::value) return false;
  const Class* element = find_class(api, p.type.base);
  if (element == nullptr || element->is_abstract || !element->traits.default_constructible ||
      !element->traits.destructible)
    return false;
  const std::string count = text::lowered(n.name), array = text::lowered(p.name);
  if (count == "n" + array || count == "num" + array || count == "n_" + array) return true;
  // Whole words: `lineNumber` or `index` after a pointer are no counts of it.
  static const std::set<std::string> count_words{"n", "count", "size", "num", "len", "length", "capacity", "cnt"};
  const std::vector<std::string> words = names::words_of(n.name);
  return std::any_of(words.begin(), words.end(), [](const std::string& w) { return count_words.count(w) > 0; });
}

bool is_string_length(const Callable& f, std::size_t param) {
  if (param == 0 || param >= f.params.size()) return false;
  const TypeRef& s = f.params[param - 1].type;
  const TypeRef& n = f.params[param].type;
  if (s.category != TypeCategory::cstring || n.category != TypeCategory::integer || n.passing != Passing::value)
    return false;
  return named_as_length(f.params[param].name) || unnamed_unsigned(f.params[param]);
}

bool is_string_end(const Callable& f, std::size_t param) {
  if (param == 0 || param >= f.params.size()) return false;
  if (f.params[param - 1].type.category != TypeCategory::cstring ||
      f.params[param].type.category != TypeCategory::cstring)
    return false;
  // Whole words only: `legend`, `append` and `lastName` (after `firstName`) are no ends.
  static const std::set<std::string> end_words{"end", "last", "stop", "limit"};
  static const std::set<std::string> begin_words{"begin", "first", "start", "from"};
  std::vector<std::string> end = names::words_of(f.params[param].name);
  std::vector<std::string> begin = names::words_of(f.params[param - 1].name);
  const auto end_word = std::find_if(end.begin(), end.end(), [](const std::string& w) { return end_words.count(w); });
  if (end_word == end.end()) return false;
  end.erase(end_word);
  const auto begin_word =
      std::find_if(begin.begin(), begin.end(), [](const std::string& w) { return begin_words.count(w); });
  if (begin_word != begin.end()) {
    begin.erase(begin_word);
    // beginDoc/endDoc, first/last; not firstName/lastName (a person's), nor first/lastError
    return begin == end && std::find(end.begin(), end.end(), "name") == end.end();
  }
  return end.empty() && f.params[param].name == "end";  // `const char* str, const char* end`
}

bool is_file_path(const Callable& f, std::size_t param) {
  if (param >= f.params.size()) return false;
  const TypeCategory c = f.params[param].type.category;
  if (c != TypeCategory::string && c != TypeCategory::cstring) return false;
  static const std::set<std::string> file_words{"path", "file", "filename", "filepath", "dir", "directory", "folder"};
  const std::vector<std::string> words = names::words_of(f.params[param].name);
  return std::any_of(words.begin(), words.end(), [](const std::string& w) { return file_words.count(w) > 0; });
}

std::string relative_path(std::string path) {
  for (std::size_t at; (at = path.find("../")) != std::string::npos;) path.erase(at, 3);
  if (path == "..") path.clear();
  path.erase(0, std::min(path.find_first_not_of('/'), path.size()));
  return path;
}

const Class* find_class(const Api& api, std::string_view name) {
  for (const auto& c : api.classes)
    if (c.name == name) return &c;
  return nullptr;
}

bool is_iterator(const Class& cls) {
  const std::string name =
      text::lowered(cls.name.substr(cls.name.rfind(':') == std::string::npos ? 0 : cls.name.rfind(':') + 1));
  return name.find("iterator") != std::string::npos || steps_and_dereferences(cls);
}

bool steps_and_dereferences(const Class& cls) {
  bool steps = false, dereferences = false;
  for (const auto& m : cls.methods) {
    steps = steps || m.name == "operator++" || m.name == "operator--";
    dereferences = dereferences || m.name == "operator*" || m.name == "operator->";
  }
  return steps && dereferences;
}

std::optional<std::size_t> written_stream(const Callable& f) {
  if (f.result.category != TypeCategory::void_type && f.result.category != TypeCategory::ostream) return std::nullopt;
  for (std::size_t k = 0; k < f.params.size(); ++k)
    if (f.params[k].type.category == TypeCategory::ostream) return k;
  return std::nullopt;
}

bool has_mutable_twin(const Class& owner, const Callable& method) {
  if (method.kind != CallableKind::method || !method.is_const) return false;
  return std::any_of(owner.methods.begin(), owner.methods.end(), [&](const Callable& m) {
    return m.kind == CallableKind::method && !m.is_const && m.name == method.name;
  });
}

std::string called_name(const Callable& c) {
  const std::string_view symbol = names::operator_symbol(c.name);
  // Not punctuation, new, delete, co_await or a literal: a conversion, a member without parameters.
  const bool conversion = c.is_operator && !symbol.empty() && !names::is_symbolic(symbol) &&
                          !symbol.starts_with("new") && !symbol.starts_with("delete") && symbol != "co_await" &&
                          symbol.find('"') == std::string_view::npos && c.kind == CallableKind::method &&
                          c.params.empty();
  return conversion ? "operator " + c.result.spelling : c.name;
}

std::string written_name(const Callable& c) {
  return std::string(names::without_template_arguments(names::without_parameters(c.id)));
}

}  // namespace palus::api
