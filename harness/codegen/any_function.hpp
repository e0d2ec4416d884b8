#pragma once
// The function a callback parameter gets (api::TypeCategory::function_pointer): one definition,
// which harness.cpp and every written test file that passes a callback hold alike, so that the
// harness runs what the test does.

#include <string>
#include <string_view>

namespace palus::harness {

/// C++ source of `palus_generated::AnyFunction`: converts to any function pointer type, a function
/// that returns the sum of its arithmetic arguments (a pointer result points to a zeroed static
/// object; a class result is value-initialised). Needs <type_traits>.
inline constexpr std::string_view kAnyFunctionSource = R"(namespace palus_generated {
// Converts to any function pointer type: a function that returns the sum of its arithmetic
// arguments, for a parameter that takes a callback.
struct AnyFunction {
  template <class R, class... A>
  using Pointer = R (*)(A...);

  template <class R, class... A>
  operator Pointer<R, A...>() const {
    return [](A... args) -> R { return result<R>(args...); };
  }

  template <class R, class... A>
  static R result(A... args) {
    if constexpr (std::is_void_v<R>) {
      ((void)args, ...);
    } else if constexpr (std::is_arithmetic_v<R>) {
      R sum{};
      ((sum = add(sum, args)), ...);
      return sum;
    } else if constexpr (std::is_pointer_v<R> && std::is_object_v<std::remove_pointer_t<R>>) {
      ((void)args, ...);
      static std::remove_cv_t<std::remove_pointer_t<R>> storage{};
      return &storage;
    } else {
      ((void)args, ...);
      return R{};
    }
  }

  template <class R, class T>
  static R add(R sum, T value) {
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
