#pragma once
// What the generated harness.cpp sees of the runtime: the object pool behind a `Call`, and the
// registry of thunks it defines. Included by code compiled with the library's own flags, so
// plain C++17.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "harness/protocol/protocol.hpp"

/// Harness code that is not the library's: its blocks are not counted as reached (coverage.hpp).
/// GCC then does not inline the library's functions into it either, so their blocks still count.
#if defined(__clang__)
#define PALUS_UNCOUNTED __attribute__((no_sanitize("coverage")))
#elif defined(__GNUC__) && __GNUC__ >= 12
#define PALUS_UNCOUNTED __attribute__((no_sanitize_coverage))
#else
#define PALUS_UNCOUNTED
#endif

namespace palus::harness {

/// The sequence passed something the callable cannot take (a null pointer where an object is
/// needed). Not a bug of the library; the generator learns not to do it again.
struct InvalidInput {
  std::string why;
};

/// The request does not fit the callable (wrong input kind or type): a palus bug.
struct BadRequest {
  std::string why;
};

/// One pool entry: the result object of a statement. Borrowed objects have no `destroy`.
struct Slot {
  const std::type_info* type = nullptr;  ///< null: the statement produced no object
  void* object = nullptr;
  void (*destroy)(void*) = nullptr;
  const std::type_info* pointee_type = nullptr;  ///< for smart pointers: what they point to
  void* (*deref)(void*) = nullptr;
};

template <typename T>
struct PointeeOf {
  using type = void;
};
template <typename U, typename D>
struct PointeeOf<std::unique_ptr<U, D>> {
  using type = U;
};
template <typename U>
struct PointeeOf<std::shared_ptr<U>> {
  using type = U;
};

void fill_text(protocol::Value& v, std::string_view text);
void fill_c_text(protocol::Value& v, const char* text);

/// Records a primitive or string result.
template <typename T>
PALUS_UNCOUNTED void fill(protocol::Value& v, const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    v.kind = protocol::ValueKind::boolean;
    v.i = value;
  } else if constexpr (std::is_enum_v<T>) {
    v.kind = protocol::ValueKind::signed_integer;
    v.i = static_cast<std::int64_t>(value);
  } else if constexpr (std::is_floating_point_v<T>) {
    v.kind = protocol::ValueKind::floating;
    v.d = static_cast<double>(value);
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    v.kind = protocol::ValueKind::signed_integer;
    v.i = value;
  } else if constexpr (std::is_integral_v<T>) {
    v.kind = protocol::ValueKind::unsigned_integer;
    v.u = value;
  } else if constexpr (std::is_same_v<T, const char*> || std::is_same_v<T, char*>) {
    fill_c_text(v, value);
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    fill_text(v, value);
  } else {
    static_assert(sizeof(T) == 0, "fill() takes primitives and strings");
  }
}

class Call {
 public:
  Call(const protocol::Statement& statement, std::vector<Slot>& pool, std::vector<Slot>& held,
       protocol::StatementResult& result)
      : statement_(statement), pool_(pool), held_(held), result_(result) {}

  // ---- inputs ----
  template <typename T>
  PALUS_UNCOUNTED T& object(std::size_t i) {
    return *static_cast<T*>(address(i, typeid(T), false));
  }
  /// A pointer argument: a null literal, a null result, or an object of the pool.
  template <typename T>
  PALUS_UNCOUNTED T* pointer(std::size_t i) {
    return static_cast<T*>(address(i, typeid(T), true));
  }
  template <typename T>
  PALUS_UNCOUNTED T scalar(std::size_t i) {
    const protocol::Input& in = input(i);
    switch (in.kind) {
      case protocol::InputKind::boolean:
      case protocol::InputKind::signed_integer:
        return static_cast<T>(in.i);
      case protocol::InputKind::unsigned_integer:
        return static_cast<T>(in.u);
      case protocol::InputKind::floating:
        if constexpr (std::is_floating_point_v<T>) return static_cast<T>(in.d);
        break;
      default:
        break;
    }
    throw BadRequest{"input " + std::to_string(i) + " is not a scalar literal"};
  }
  /// The length of a buffer argument (api::is_buffer), from the drawn integer as it is, before any
  /// conversion (the written test computes it the same way, api::buffer_length): 0 for a negative
  /// one, at most `most` (api::kMaxBufferLength, which the generated harness passes).
  PALUS_UNCOUNTED unsigned long long buffer_length(std::size_t i, unsigned long long most) {
    const protocol::Input& in = input(i);
    switch (in.kind) {
      case protocol::InputKind::boolean:
      case protocol::InputKind::signed_integer:
        return in.i < 0                                       ? 0
               : static_cast<unsigned long long>(in.i) > most ? most
                                                              : static_cast<unsigned long long>(in.i);
      case protocol::InputKind::unsigned_integer:
        return in.u > most ? most : in.u;
      default:
        throw BadRequest{"input " + std::to_string(i) + " is not an integer literal"};
    }
  }
  const std::string& text(std::size_t i);
  /// A `const char*` argument: a string literal or a null literal.
  const char* c_text(std::size_t i);

  // ---- results ----
  template <typename T>
  PALUS_UNCOUNTED void keep(T* owned) {
    Slot slot;
    slot.type = &typeid(T);
    slot.object = owned;
    slot.destroy = [](void* p) PALUS_UNCOUNTED { delete static_cast<T*>(p); };
    using Pointee = typename PointeeOf<T>::type;
    if constexpr (!std::is_void_v<Pointee>) {
      slot.pointee_type = &typeid(Pointee);
      slot.deref = [](void* p) PALUS_UNCOUNTED -> void* {
        return const_cast<std::remove_cv_t<Pointee>*>(static_cast<T*>(p)->get());
      };
    }
    store(slot);
  }
  /// An argument that must live as long as the sequence, since the library may keep a reference
  /// to it (a stream given to YAML::Emitter's constructor): destroyed after every pool object.
  template <typename T>
  PALUS_UNCOUNTED T& hold(T* owned) {
    Slot slot;
    slot.type = &typeid(T);
    slot.object = owned;
    slot.destroy = [](void* p) PALUS_UNCOUNTED { delete static_cast<T*>(p); };
    held_.push_back(slot);
    return *owned;
  }
  /// What a pointer to a scalar argument points at: input `i`'s value, held as hold() does. Its own
  /// frame (never inlined) marks the memory in a sanitizer's allocation stack as a value palus made
  /// up (harness::detail::parse_sanitizer_report), which the library may read past (a buffer).
  template <typename T>
  PALUS_UNCOUNTED __attribute__((noinline)) T& pointee(std::size_t i) {
    return hold(new T(scalar<T>(i)));
  }
  /// An object the library keeps owning (returned by reference or raw pointer).
  template <typename T>
  PALUS_UNCOUNTED void borrow(T* object) {
    Slot slot;
    slot.type = &typeid(std::remove_cv_t<T>);
    slot.object = const_cast<std::remove_cv_t<T>*>(object);
    store(slot);
  }
  template <typename T>
  PALUS_UNCOUNTED void report(const T& value) {
    fill(result_.value, value);
  }

 private:
  const protocol::Input& input(std::size_t i) const;
  void* address(std::size_t i, const std::type_info& wanted, bool null_allowed);
  void store(const Slot& slot);

  const protocol::Statement& statement_;
  std::vector<Slot>& pool_;
  std::vector<Slot>& held_;
  protocol::StatementResult& result_;
};

/// Collects observer values of one object after a statement.
class Observer {
 public:
  /// `skip`: sorted observer callables not to run.
  Observer(std::uint32_t object, std::vector<protocol::Observation>& out, const std::vector<std::uint32_t>& skip)
      : object_(object), out_(out), skip_(skip) {}

  template <typename F>
  PALUS_UNCOUNTED void value(std::uint32_t callable, F&& observe) {
    if (skipped(callable)) return;
    protocol::Observation o;
    o.callable = callable;
    o.object = object_;
    try {
      fill(o.value, observe());
    } catch (...) {
      o.threw = true;
    }
    add(std::move(o));
  }

 private:
  // Out of line, in the runtime: the library's code is what a sequence reaches, not these.
  bool skipped(std::uint32_t callable) const;
  void add(protocol::Observation&& o);

  std::uint32_t object_;
  std::vector<protocol::Observation>& out_;
  const std::vector<std::uint32_t>& skip_;
};

using Thunk = void (*)(Call&);
using ObserveFn = void (*)(Observer&, void* object);
using UpcastFn = void* (*)(void*);
using ProfileFn = void (*)(const void* object, std::string& out);

struct CallableEntry {
  const char* id;
  Thunk thunk;
};
struct ObserverEntry {
  const std::type_info* type;
  ObserveFn observe;
};
struct UpcastEntry {
  const std::type_info* derived;
  const std::type_info* base;
  UpcastFn cast;
};

struct ProfileEntry {
  const std::type_info* type;
  ProfileFn profile;
};

struct Registry {
  std::vector<CallableEntry> callables;
  std::vector<ObserverEntry> observers;
  std::vector<UpcastEntry> upcasts;
  std::vector<ProfileEntry> profiles;  ///< abstract object profiles (models/profile_source.hpp)
};

/// Defined by the generated harness.cpp.
const Registry& registry();

}  // namespace palus::harness
