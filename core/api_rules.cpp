#include "core/api_rules.hpp"

#include <cctype>
#include <string_view>

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

const Class* find_class(const Api& api, std::string_view name) {
  for (const auto& c : api.classes)
    if (c.name == name) return &c;
  return nullptr;
}

bool is_iterator(const Class& cls) {
  std::string name(cls.name.substr(cls.name.rfind(':') == std::string::npos ? 0 : cls.name.rfind(':') + 1));
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (name.find("iterator") != std::string::npos) return true;
  bool increments = false, dereferences = false;
  for (const auto& m : cls.methods) {
    increments = increments || m.name == "operator++";
    dereferences = dereferences || m.name == "operator*" || m.name == "operator->";
  }
  return increments && dereferences;
}

std::optional<std::size_t> written_stream(const Callable& f) {
  if (f.result.category != TypeCategory::void_type && f.result.category != TypeCategory::ostream) return std::nullopt;
  for (std::size_t k = 0; k < f.params.size(); ++k)
    if (f.params[k].type.category == TypeCategory::ostream) return k;
  return std::nullopt;
}

}  // namespace palus::api
