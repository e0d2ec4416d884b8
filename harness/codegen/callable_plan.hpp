#pragma once
// Which callables of api.yaml the harness can call, and why the others cannot (DESIGN §7: an
// argument type nothing produces, an abstract class, an inaccessible destructor, ...).

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/api.hpp"

namespace palus::harness {

struct Uncallable {
  std::string id;
  std::string reason;
};

struct CallablePlan {
  std::vector<const api::Callable*> callables;  ///< in api.yaml order: classes, then functions
  std::vector<Uncallable> uncallable;
  std::set<std::string> produced_types;  ///< record types some callable yields
};

/// `dropped`: callables to leave out, with the reason (e.g. their generated call did not compile).
CallablePlan plan_callables(const api::Api& api, const std::map<std::string, std::string>& dropped = {});

/// A wide or Unicode character, string or C string type (wchar_t, std::wstring, char16_t, ...).
bool is_wide(const std::string& base);

/// bool, integers, floating point, characters, enums.
bool is_scalar(api::TypeCategory category);

/// What is passed as a literal: scalars, strings, C strings, narrow streams (an input stream
/// holding a string, a fresh output stream), and function pointers (one fixed function).
bool is_literal(api::TypeCategory category);

/// What is reported as a value: scalars, strings, C strings.
bool is_value(api::TypeCategory category);

/// A const method without parameters returning a literal by value: the harness calls it after
/// statements (RunRequest::observe_from) on the objects involved, and regression tests assert its
/// value.
bool is_observer(const api::Callable& method);

}  // namespace palus::harness
