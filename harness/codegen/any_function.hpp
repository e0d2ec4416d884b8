#pragma once
// The function a callback parameter gets (api::TypeCategory::function_pointer): one definition,
// which harness.cpp and every written test file that passes a callback hold alike, so that the
// harness runs what the test does.

#include <string>
#include <string_view>

namespace palus::harness {

/// C++ source of `palus_generated::AnyFunction`: converts to a pointer to any function that is
/// neither variadic nor noexcept and returns nothing, a number, an enumerator or a pointer (what
/// analysis calls a function_pointer): a function that returns the sum of its arithmetic arguments
/// (a pointer to a number points to a zeroed static one; another pointer is null; an enumerator is
/// value-initialised). It takes its arguments by reference, so move-only ones are no trouble.
/// Needs <type_traits>.
inline constexpr std::string_view kAnyFunctionSource = R"(namespace palus_generated {
// Converts to any function pointer type: a function that returns the sum of its arithmetic
// arguments, for a parameter that takes a callback.
struct AnyFunction {
  template <class R, class... A>
  using Pointer = R (*)(A...);

  template <class R, class... A>
  operator Pointer<R, A...>() const {
    return [](A... args) -> R { return result<R, A...>(args...); };
  }

  template <class R, class... A>
  static R result(const std::remove_reference_t<A>&... args) {
    using Value = std::remove_cv_t<R>;
    if constexpr (std::is_void_v<R>) {
      ((void)args, ...);
    } else if constexpr (std::is_arithmetic_v<Value>) {
      Value sum{};
      ((sum = add(sum, args)), ...);
      return sum;
    } else if constexpr (std::is_pointer_v<Value> && std::is_arithmetic_v<std::remove_pointer_t<Value>>) {
      ((void)args, ...);
      static std::remove_cv_t<std::remove_pointer_t<Value>> storage{};
      return &storage;
    } else {
      ((void)args, ...);
      return Value{};
    }
  }

  template <class R, class T>
  static R add(R sum, const T& value) {
    if constexpr (std::is_arithmetic_v<T>) return static_cast<R>(sum + value);
    else return sum;
  }
};
}  // namespace palus_generated
)";

/// How a callback of type `type` (the parameter's base) is written as an argument.
inline std::string any_function_argument(std::string_view type) {
  return "static_cast<" + std::string(type) + ">(palus_generated::AnyFunction{})";
}

}  // namespace palus::harness
