#pragma once
// Small conveniences over the libclang C API: strings, locations, names, child visiting.

#include <clang-c/Index.h>

#include <functional>
#include <string>
#include <vector>

namespace palus::clang {

/// Takes ownership of a CXString and returns its text.
std::string take(CXString s);

struct Location {
  std::string file;  ///< absolute, lexically normal; empty for built-in entities
  unsigned line = 0, column = 0;
};

/// The expansion location of the cursor's start.
Location location_of(CXCursor cursor);

/// "ns::Class::member": semantic parents joined with "::", inline namespaces left out
/// (std::__cxx11::basic_string is std::basic_string). Anonymous parts are "(anonymous)".
std::string qualified_name(CXCursor cursor);

/// True when some semantic parent is an anonymous namespace (internal to one file).
bool in_anonymous_namespace(CXCursor cursor);

std::string usr_of(CXCursor cursor);
std::string spelling_of(CXCursor cursor);

/// The cursor's direct children, in source order.
std::vector<CXCursor> children_of(CXCursor cursor);

/// The spellings of the tokens the cursor's extent covers, as written.
std::vector<std::string> tokens_of(CXCursor cursor);

/// "public", "protected", "private" or "" (not a member).
std::string access_of(CXCursor cursor);

bool is_function_like(CXCursorKind kind);

/// Calls `visit` on each function-like declaration (is_function_like) in `scope` and in the
/// namespaces, linkage specifications, classes, structs, unions, class templates and friend
/// declarations nested in it. `enter(cursor, top_level)` says whether to look at a child at all
/// (top_level: a direct child of `scope`).
void for_each_function(CXCursor scope, const std::function<bool(CXCursor, bool top_level)>& enter,
                       const std::function<void(CXCursor)>& visit);

}  // namespace palus::clang
