#pragma once
// The trace runtime's probe API (DESIGN §3, `palus trace`). palus force-includes this header into
// every library file of the instrumented copy (`-include palus_trace.hpp`) and inserts a probe at
// the start of every library function body:
//   ::palus_trace::Probe palus_trace_probe_(17u, ::palus_trace::Role::method, this, url, info);
// Recording is on only when the environment variable PALUS_TRACE_FILE names a file; otherwise a
// probe costs one load and a branch. The recorded events are those of models/trace_event.hpp, the
// file layout is models/runtime/trace_format.hpp, the implementation palus_trace.cpp.
// C++17, standard library only, and light: it is compiled into every instrumented file.

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header  // the user's warning flags apply to their code, not to this header
#endif

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>

#if defined(__GXX_RTTI) || defined(__cpp_rtti)
#define PALUS_TRACE_TYPE(T) (&typeid(T))
#else
#define PALUS_TRACE_TYPE(T) (static_cast<const std::type_info*>(nullptr))  // no profiles without RTTI
#endif

namespace palus_trace {

/// The same values as palus::models::ProbeRole.
enum class Role : unsigned char { function = 0, method = 1, constructor = 2, destructor = 3 };

/// Receiver of free functions and static member functions.
struct NoSelf {};
inline constexpr NoSelf no_self{};

/// Stands for unnamed parameters and parameter packs.
struct Unnamed {};
inline constexpr Unnamed unnamed{};

/// Appends the abstract profile (palus_profile.hpp) of *object, which has the registered type.
using ProfileFn = void (*)(const void* object, std::string& out);

/// Called from static initialisers of the generated profile file.
void register_profile(const std::type_info& type, ProfileFn fn);
/// Called from a static initialiser too: the hash of the probe table the program was built with.
void set_table_hash(std::uint64_t hash);

namespace detail {

enum class ArgKind : unsigned char {
  none = 0,
  boolean = 1,
  signed_integer = 2,
  unsigned_integer = 3,
  floating = 4,
  string = 5,
  object = 6,
  null_pointer = 7,
};

/// A type's profile function as last looked up, valid while the registry's generation is unchanged.
struct ProfileCache {
  ProfileFn fn;
  std::uint64_t generation;
};
template <class T>
inline ProfileCache profile_cache{};

/// One argument as the probe sees it; the runtime resolves identities and profiles.
struct ArgValue {
  ArgKind kind = ArgKind::none;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  const char* text = nullptr;
  std::size_t length = 0;  ///< of text; c_string_length: a C string the runtime measures
  const void* object = nullptr;
  const std::type_info* type = nullptr;  ///< static type of *object; null when incomplete
  ProfileCache* cache = nullptr;
};
inline constexpr std::size_t c_string_length = static_cast<std::size_t>(-1);

/// What the exit of a probe needs from its enter.
struct ProbeState {
  const void* self = nullptr;
  ProfileFn profile = nullptr;  ///< of *self
  std::uint64_t call = 0;
  std::uint64_t parent = 0;
  std::uint64_t identity = 0;
  std::uint32_t callable = 0;
  int uncaught = 0;
  Role role = Role::function;
  bool active = false;  ///< the enter was recorded, so the exit must be
};

inline constexpr int state_unknown = 0;  // PALUS_TRACE_FILE not looked at yet
inline constexpr int state_off = 1;
inline constexpr int state_on = 2;
extern int runtime_state;

inline bool recording_off() noexcept { return __atomic_load_n(&runtime_state, __ATOMIC_RELAXED) == state_off; }

void enter(ProbeState& probe, std::uint32_t callable, Role role, const void* self, const std::type_info* self_type,
           ProfileCache* self_cache, const ArgValue* args, std::size_t arg_count) noexcept;
void exit(ProbeState& probe) noexcept;

template <class T, class = void>
struct is_complete : std::false_type {};
template <class T>
struct is_complete<T, std::void_t<decltype(sizeof(T))>> : std::true_type {};

/// unique_ptr, shared_ptr and anything else with element_type and get().
template <class T, class = void>
struct is_smart_pointer : std::false_type {};
template <class T>
struct is_smart_pointer<T, std::void_t<typename T::element_type, decltype(std::declval<const T&>().get())>>
    : std::is_convertible<decltype(std::declval<const T&>().get()), const volatile typename T::element_type*> {};

template <class T>
inline constexpr bool is_char_type = std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
                                     std::is_same_v<T, unsigned char> || std::is_same_v<T, wchar_t> ||
#ifdef __cpp_char8_t
                                     std::is_same_v<T, char8_t> ||
#endif
                                     std::is_same_v<T, char16_t> || std::is_same_v<T, char32_t>;

template <class T>
const void* address_of(const volatile T* object) noexcept {
  return const_cast<const void*>(static_cast<const volatile void*>(object));
}

template <class T>
const void* address_of_ref(const T& object) noexcept {  // immune to an overloaded operator&
  return address_of(&reinterpret_cast<const volatile char&>(object));
}

template <class E>
ArgValue object_argument(const void* address) noexcept {
  ArgValue a;
  if (address == nullptr) {
    a.kind = ArgKind::null_pointer;
    return a;
  }
  a.kind = ArgKind::object;
  a.object = address;
  if constexpr (is_complete<E>::value) {
    a.type = PALUS_TRACE_TYPE(E);
    a.cache = &profile_cache<std::remove_cv_t<E>>;
  }
  return a;
}

template <class T>
ArgValue describe(const T& value) noexcept {
  using U = std::remove_cv_t<T>;
  ArgValue a;
  if constexpr (std::is_same_v<U, Unnamed> || std::is_same_v<U, NoSelf>) {
  } else if constexpr (std::is_same_v<U, bool>) {
    a.kind = ArgKind::boolean;
    a.i = value ? 1 : 0;
  } else if constexpr (is_char_type<U>) {
    a.kind = ArgKind::signed_integer;
    a.i = static_cast<std::int64_t>(value);
  } else if constexpr (std::is_enum_v<U>) {
    a.kind = ArgKind::signed_integer;
    a.i = static_cast<std::int64_t>(static_cast<std::underlying_type_t<U>>(value));
  } else if constexpr (std::is_integral_v<U> && std::is_signed_v<U>) {
    a.kind = ArgKind::signed_integer;
    a.i = static_cast<std::int64_t>(value);
  } else if constexpr (std::is_integral_v<U>) {
    a.kind = ArgKind::unsigned_integer;
    a.u = static_cast<std::uint64_t>(value);
  } else if constexpr (std::is_floating_point_v<U>) {
    a.kind = ArgKind::floating;
    a.d = static_cast<double>(value);
  } else if constexpr (std::is_same_v<U, std::string> || std::is_same_v<U, std::string_view>) {
    a.kind = ArgKind::string;
    a.text = value.data();
    a.length = value.size();
  } else if constexpr (std::is_same_v<U, const char*>) {
    if (value == nullptr) {
      a.kind = ArgKind::null_pointer;
    } else {
      a.kind = ArgKind::string;
      a.text = value;
      a.length = c_string_length;
    }
  } else if constexpr (std::is_pointer_v<U>) {
    using E = std::remove_pointer_t<U>;
    if constexpr (std::is_class_v<E>) a = object_argument<E>(value == nullptr ? nullptr : address_of(value));
  } else if constexpr (std::is_class_v<U>) {
    if constexpr (!is_complete<U>::value) {
      a = object_argument<U>(address_of_ref(value));
    } else if constexpr (is_smart_pointer<U>::value) {
      using E = typename U::element_type;
      if constexpr (std::is_class_v<E>) {
        const auto* pointer = value.get();
        a = object_argument<E>(pointer == nullptr ? nullptr : address_of(pointer));
      }
    } else {
      a = object_argument<U>(address_of_ref(value));
    }
  }
  return a;
}

}  // namespace detail

/// Records the enter of a probed function on construction and its exit on destruction.
class Probe {
 public:
  template <class Self, class... Args>
  Probe(std::uint32_t callable, Role role, const Self* self, const Args&... args) {
    if (detail::recording_off()) return;
    const detail::ArgValue values[] = {detail::describe(args)..., detail::ArgValue{}};
    detail::enter(state_, callable, role, detail::address_of(self), PALUS_TRACE_TYPE(Self),
                  &detail::profile_cache<std::remove_cv_t<Self>>, values, sizeof...(Args));
  }

  template <class... Args>
  Probe(std::uint32_t callable, Role role, NoSelf, const Args&... args) {
    if (detail::recording_off()) return;
    const detail::ArgValue values[] = {detail::describe(args)..., detail::ArgValue{}};
    detail::enter(state_, callable, role, nullptr, nullptr, nullptr, values, sizeof...(Args));
  }

  ~Probe() {
    if (state_.active) detail::exit(state_);
  }

  Probe(const Probe&) = delete;
  Probe& operator=(const Probe&) = delete;

 private:
  detail::ProbeState state_;
};

}  // namespace palus_trace
