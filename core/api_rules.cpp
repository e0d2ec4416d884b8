#include "core/api_rules.hpp"

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

}  // namespace palus::api
