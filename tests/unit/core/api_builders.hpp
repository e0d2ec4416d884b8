#pragma once
// api:: values for unit tests, built from the fields a test cares about.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/api.hpp"

namespace palus::testing {

inline api::TypeRef type(std::string spelling, std::string base, api::Passing passing, api::TypeCategory category) {
  api::TypeRef t;
  t.spelling = std::move(spelling);
  t.base = std::move(base);
  t.passing = passing;
  t.category = category;
  return t;
}

/// `base` spelled as `passing` passes it: "T", "T &", "const T &", "T &&", "T *", "const T *".
inline std::string spelled(const std::string& base, api::Passing passing) {
  static constexpr const char* before[] = {"", "", "const ", "", "", "const "};
  static constexpr const char* after[] = {"", " &", " &", " &&", " *", " *"};
  const auto form = static_cast<std::size_t>(passing);
  return before[form] + base + after[form];
}

inline api::TypeRef void_type() { return type("void", "void", api::Passing::value, api::TypeCategory::void_type); }

inline api::Callable callable(std::string id, std::string name, std::string owner, api::CallableKind kind,
                              std::vector<api::Param> params = {}, api::TypeRef result = void_type()) {
  api::Callable c;
  c.id = std::move(id);
  c.name = std::move(name);
  c.owner = std::move(owner);
  c.kind = kind;
  c.params = std::move(params);
  c.result = std::move(result);
  return c;
}

inline api::Class named_class(std::string name) {
  api::Class c;
  c.name = std::move(name);
  return c;
}

/// A theory or invariant as analyze records it: a void function declared in `file` at `line`.
inline api::Oracle oracle(api::Oracle::Kind kind, std::string id, std::string name, std::vector<api::Param> params,
                          std::string file, unsigned line) {
  api::Oracle o;
  o.kind = kind;
  o.function = callable(std::move(id), std::move(name), "", api::CallableKind::function, std::move(params));
  o.function.file = std::move(file);
  o.function.line = line;
  return o;
}

}  // namespace palus::testing
