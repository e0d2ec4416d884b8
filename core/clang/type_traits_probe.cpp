#include "core/clang/type_traits_probe.hpp"

#include <fmt/format.h>

#include "core/clang/clang_util.hpp"

namespace palus::analysis {
namespace {

constexpr const char* kProbePrelude = R"(#include <functional>
#include <ostream>
#include <type_traits>
#include <utility>
)";

constexpr const char* kProbeTraits = R"(
namespace palus_probe {
template <class T, class = void> struct eq : std::false_type {};
template <class T> struct eq<T, std::void_t<decltype(std::declval<const T&>() == std::declval<const T&>())>> : std::true_type {};
template <class T, class = void> struct lt : std::false_type {};
template <class T> struct lt<T, std::void_t<decltype(std::declval<const T&>() < std::declval<const T&>())>> : std::true_type {};
template <class T, class = void> struct hashable : std::false_type {};
template <class T> struct hashable<T, std::void_t<decltype(std::declval<const std::hash<T>&>()(std::declval<const T&>()))>>
    : std::is_default_constructible<std::hash<T>> {};
template <class T, class = void> struct printable : std::false_type {};
template <class T> struct printable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>> : std::true_type {};
template <class T> constexpr unsigned traits() {
  return unsigned(std::is_default_constructible<T>::value) << 0 | unsigned(std::is_copy_constructible<T>::value) << 1 |
         unsigned(std::is_move_constructible<T>::value) << 2 | unsigned(std::is_copy_assignable<T>::value) << 3 |
         unsigned(std::is_destructible<T>::value) << 4 | unsigned(eq<T>::value) << 5 | unsigned(lt<T>::value) << 6 |
         unsigned(hashable<T>::value) << 7 | unsigned(printable<T>::value) << 8;
}
}  // namespace palus_probe
)";

api::ClassTraits decode(unsigned bits) {
  auto bit = [&](int i) { return ((bits >> i) & 1u) != 0; };
  return api::ClassTraits{bit(0), bit(1), bit(2), bit(3), bit(4), bit(5), bit(6), bit(7), bit(8)};
}

}  // namespace

std::string include_lines(const std::vector<std::string>& headers) {
  std::string text;
  for (const auto& h : headers) text += fmt::format("#include \"{}\"\n", h);
  return text;
}

std::map<std::string, api::ClassTraits> probe_traits(const std::vector<std::string>& class_names,
                                                     const std::vector<std::string>& headers,
                                                     const std::vector<std::string>& flags,
                                                     const std::string& probe_file, UnsavedFiles unsaved) {
  std::map<std::string, api::ClassTraits> result;
  if (class_names.empty()) return result;
  std::string source = kProbePrelude + include_lines(headers) + kProbeTraits;
  for (std::size_t i = 0; i < class_names.size(); ++i) {
    source += fmt::format("constexpr unsigned palus_probe_{} = palus_probe::traits<::{}>();\n", i, class_names[i]);
  }
  unsaved[probe_file] = source;
  TranslationUnit unit(probe_file, flags, unsaved, /*tolerate_errors=*/true);
  for (CXCursor decl : clang::children_of(unit.root())) {
    if (clang_getCursorKind(decl) != CXCursor_VarDecl) continue;
    const std::string name = clang::spelling_of(decl);
    if (name.rfind("palus_probe_", 0) != 0) continue;
    const std::size_t index = std::stoul(name.substr(12));
    CXEvalResult value = clang_Cursor_Evaluate(decl);
    if (value == nullptr) continue;
    if (clang_EvalResult_getKind(value) == CXEval_Int && index < class_names.size()) {
      result[class_names[index]] = decode(clang_EvalResult_getAsUnsigned(value));
    }
    clang_EvalResult_dispose(value);
  }
  return result;
}

}  // namespace palus::analysis
