#pragma once
// Theories, invariants and parameter values for Palus for C++ (DESIGN §8, docs/theories.md).
//
//   PALUS_THEORY(name, params...) { body }     run for combinations of generated objects and values
//   PALUS_INVARIANT(Type, obj) { body }        checked after every call on an object of Type
//   PALUS_PARAM_VALUES(ns::Class::method, param, values...)   extra values for one parameter
//   PALUS_TYPE_VALUES(Type, values...)         extra values for every parameter of Type
//   in bodies: PALUS_ASSUME(cond), PALUS_CHECK(cond), PALUS_CHECK_EQ(a, b),
//              PALUS_EXPECT_THROW(expr [, type]), PALUS_EXPECT_NO_THROW(expr)
//
// The macros write ordinary inline functions; `palus analyze` finds them by their
// [[clang::annotate("palus_...")]] attribute. The same header compiles in two modes:
// - in a GoogleTest file (gtest/gtest.h included first, or PALUS_THEORY_GTEST defined to 1): an
//   unmet assumption is GTEST_SKIP() and a failed check is a fatal GoogleTest failure with the values;
// - anywhere else (the palus harness): an unmet assumption or a failed check ends the body with
//   an exception that palus::theory_detail::outcome turns into "" (passed or skipped) or the
//   violation's message.
// C++17 and later, GCC and Clang, the standard library only.

#include <exception>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>

#if defined(__has_include)
#if __has_include(<cxxabi.h>)
#include <cxxabi.h>

#include <cstdlib>
#define PALUS_DETAIL_HAS_CXXABI 1
#endif
#endif

#if defined(__clang__)
#define PALUS_DETAIL_ANNOTATE(what) [[clang::annotate(what)]]
#else
#define PALUS_DETAIL_ANNOTATE(what)
#endif

#define PALUS_DETAIL_CAT2(a, b) a##b
#define PALUS_DETAIL_CAT(a, b) PALUS_DETAIL_CAT2(a, b)

#ifndef PALUS_THEORY_GTEST
#if defined(GTEST_SKIP)
#define PALUS_THEORY_GTEST 1
#else
#define PALUS_THEORY_GTEST 0
#endif
#endif

namespace palus::theory_detail {

/// The values of a PALUS_PARAM_VALUES: never called; analyze reads its arguments.
template <typename... Values>
void values(const Values&...) {}

/// The values of a PALUS_TYPE_VALUES: never called; instantiating it checks that each value
/// converts to `Type` implicitly and without narrowing.
template <typename Type, typename... Values>
void typed_values(const Values&... values) {
  static_assert((std::is_convertible_v<const Values&, Type> && ...), "PALUS_TYPE_VALUES: a value is not of the type");
  (static_cast<void>(Type{values}), ...);
}

inline std::string type_name(const std::type_info& type) {
#ifdef PALUS_DETAIL_HAS_CXXABI
  int status = 0;
  char* name = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);
  if (status == 0 && name != nullptr) {
    std::string out(name);
    std::free(name);
    return out;
  }
#endif
  return type.name();
}

template <typename T, typename = void>
struct printable : std::false_type {};
template <typename T>
struct printable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>> : std::true_type {
};

/// A value as a check failure shows it: strings quoted, bools as true/false.
template <typename T>
std::string show(const T& value) {
  std::ostringstream out;
  if constexpr (std::is_same_v<T, bool>) {
    out << (value ? "true" : "false");
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    out << '"' << std::string_view(value) << '"';
  } else if constexpr (std::is_same_v<T, char>) {
    out << '\'' << value << '\'';
  } else if constexpr (printable<T>::value) {
    out << value;
  } else {
    out << "(a " << type_name(typeid(T)) << ")";
  }
  return out.str();
}

/// The file name without its folders, for messages.
inline std::string_view base_name(std::string_view file) {
  const auto slash = file.find_last_of("/\\");
  return slash == std::string_view::npos ? file : file.substr(slash + 1);
}

/// An unmet PALUS_ASSUME in harness mode: the inputs are skipped.
struct AssumptionUnmet {};

/// A failed check in harness mode.
class Violation : public std::exception {
 public:
  explicit Violation(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

[[noreturn]] inline void fail(const char* file, int line, const std::string& what) {
  throw Violation(std::string(base_name(file)) + ":" + std::to_string(line) + ": " + what);
}

inline std::string describe_current_exception() {
  try {
    throw;
  } catch (const std::exception& e) {
    return type_name(typeid(e)) + ": " + e.what();
  } catch (...) {
    return "an exception that is not a std::exception";
  }
}

/// Runs a theory or invariant body (harness mode): "" when it passed or an assumption was not
/// met, else what was violated. An exception escaping the body is a violation.
template <typename Body>
std::string outcome(Body&& body) {
  try {
    body();
    return {};
  } catch (const AssumptionUnmet&) {
    return {};
  } catch (const Violation& v) {
    return v.what();
  } catch (...) {
    return "threw " + describe_current_exception();
  }
}

}  // namespace palus::theory_detail

#define PALUS_THEORY(name, ...) PALUS_DETAIL_ANNOTATE("palus_theory") inline void name(__VA_ARGS__)

#define PALUS_INVARIANT(Type, obj) PALUS_DETAIL_ANNOTATE("palus_invariant") inline void palus_invariant(Type& obj)

#define PALUS_PARAM_VALUES(callable, param, ...)                                      \
  PALUS_DETAIL_ANNOTATE("palus_param_values " #callable " " #param)                   \
  [[maybe_unused]] static void PALUS_DETAIL_CAT(palus_param_values_, __COUNTER__)() { \
    ::palus::theory_detail::values(__VA_ARGS__);                                      \
  }

#define PALUS_TYPE_VALUES(Type, ...)                                                      \
  PALUS_DETAIL_ANNOTATE("palus_type_values")                                              \
  [[maybe_unused]] static void PALUS_DETAIL_CAT(palus_type_values_, __COUNTER__)(Type*) { \
    ::palus::theory_detail::typed_values<Type>(__VA_ARGS__);                              \
  }

#if PALUS_THEORY_GTEST

#define PALUS_ASSUME(cond) \
  switch (0)               \
  case 0:                  \
  default:                 \
    if (cond) {            \
    } else                 \
      GTEST_SKIP() << "assumption not met: " #cond
#define PALUS_CHECK(cond) ASSERT_TRUE(cond)
#define PALUS_CHECK_EQ(a, b) ASSERT_EQ(a, b)
#define PALUS_DETAIL_EXPECT_THROW_ANY(expr) ASSERT_ANY_THROW(expr)
#define PALUS_DETAIL_EXPECT_THROW_TYPE(expr, type) ASSERT_THROW(expr, type)
#define PALUS_EXPECT_NO_THROW(expr) ASSERT_NO_THROW(expr)

#else

// A check on an expression lets the theory's own unmet assumption or violation pass.
#define PALUS_DETAIL_RETHROW_OWN                           \
  catch (const ::palus::theory_detail::Violation&) {       \
    throw;                                                 \
  }                                                        \
  catch (const ::palus::theory_detail::AssumptionUnmet&) { \
    throw;                                                 \
  }

#define PALUS_ASSUME(cond)                                        \
  do {                                                            \
    if (!(cond)) throw ::palus::theory_detail::AssumptionUnmet{}; \
  } while (false)

#define PALUS_CHECK(cond)                                                                           \
  do {                                                                                              \
    if (!(cond)) ::palus::theory_detail::fail(__FILE__, __LINE__, "PALUS_CHECK(" #cond ") failed"); \
  } while (false)

#define PALUS_CHECK_EQ(a, b)                                                                      \
  do {                                                                                            \
    const auto& palus_left_ = (a);                                                                \
    const auto& palus_right_ = (b);                                                               \
    if (!(palus_left_ == palus_right_))                                                           \
      ::palus::theory_detail::fail(                                                               \
          __FILE__, __LINE__,                                                                     \
          "PALUS_CHECK_EQ(" #a ", " #b ") failed: " + ::palus::theory_detail::show(palus_left_) + \
              " != " + ::palus::theory_detail::show(palus_right_));                               \
  } while (false)

#define PALUS_DETAIL_EXPECT_THROW_ANY(expr)                                                                  \
  do {                                                                                                       \
    bool palus_threw_ = false;                                                                               \
    try {                                                                                                    \
      static_cast<void>(expr);                                                                               \
    }                                                                                                        \
    PALUS_DETAIL_RETHROW_OWN catch (...) { palus_threw_ = true; }                                            \
    if (!palus_threw_)                                                                                       \
      ::palus::theory_detail::fail(__FILE__, __LINE__, "PALUS_EXPECT_THROW(" #expr "): nothing was thrown"); \
  } while (false)

#define PALUS_DETAIL_EXPECT_THROW_TYPE(expr, type)                                                                    \
  do {                                                                                                                \
    bool palus_threw_ = false;                                                                                        \
    try {                                                                                                             \
      static_cast<void>(expr);                                                                                        \
    } catch (const type&) {                                                                                           \
      palus_threw_ = true;                                                                                            \
    }                                                                                                                 \
    PALUS_DETAIL_RETHROW_OWN catch (...) {                                                                            \
      ::palus::theory_detail::fail(                                                                                   \
          __FILE__, __LINE__,                                                                                         \
          "PALUS_EXPECT_THROW(" #expr ", " #type "): threw " + ::palus::theory_detail::describe_current_exception()); \
    }                                                                                                                 \
    if (!palus_threw_)                                                                                                \
      ::palus::theory_detail::fail(__FILE__, __LINE__,                                                                \
                                   "PALUS_EXPECT_THROW(" #expr ", " #type "): nothing was thrown");                   \
  } while (false)

#define PALUS_EXPECT_NO_THROW(expr)                                                                           \
  do {                                                                                                        \
    try {                                                                                                     \
      static_cast<void>(expr);                                                                                \
    }                                                                                                         \
    PALUS_DETAIL_RETHROW_OWN catch (...) {                                                                    \
      ::palus::theory_detail::fail(                                                                           \
          __FILE__, __LINE__,                                                                                 \
          "PALUS_EXPECT_NO_THROW(" #expr "): threw " + ::palus::theory_detail::describe_current_exception()); \
    }                                                                                                         \
  } while (false)

#endif

#define PALUS_DETAIL_PICK3(a, b, chosen, ...) chosen
#define PALUS_EXPECT_THROW(...) \
  PALUS_DETAIL_PICK3(__VA_ARGS__, PALUS_DETAIL_EXPECT_THROW_TYPE, PALUS_DETAIL_EXPECT_THROW_ANY, unused)(__VA_ARGS__)
