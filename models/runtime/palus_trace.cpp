// The trace runtime behind palus_trace.hpp: identities, nesting, profiles and the trace file.
// palus compiles this file into the instrumented sample program with the user's compiler, so it is
// one file of C++17, the standard library and POSIX, clean under -Wall -Wextra.
//
// Crash safety: events go straight into a MAP_SHARED mapping of the file, and the header's
// committed end moves past an event only once the event is complete. Whatever way the program
// ends (exit, _exit, abort, a crash, SIGKILL), the kernel keeps the mapped pages, so the file
// holds every committed event; an atexit handler marks a normal end and cuts the preallocation.

#include "palus_trace.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <typeindex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "trace_format.hpp"

#if defined(__GLIBCXX__) && (defined(__GXX_RTTI) || defined(__cpp_rtti))
#include <cxxabi.h>  // libstdc++ declares the Itanium ABI's class type_info layouts here
#define PALUS_TRACE_KNOWS_BASES 1
#endif

namespace palus_trace {

namespace detail {
int runtime_state = state_unknown;
}  // namespace detail

namespace {

using detail::ArgKind;
using detail::ArgValue;
using detail::ProbeState;
using detail::ProfileCache;

static_assert(static_cast<std::uint8_t>(ArgKind::none) == format::arg_none);
static_assert(static_cast<std::uint8_t>(ArgKind::boolean) == format::arg_boolean);
static_assert(static_cast<std::uint8_t>(ArgKind::signed_integer) == format::arg_signed_integer);
static_assert(static_cast<std::uint8_t>(ArgKind::unsigned_integer) == format::arg_unsigned_integer);
static_assert(static_cast<std::uint8_t>(ArgKind::floating) == format::arg_floating);
static_assert(static_cast<std::uint8_t>(ArgKind::string) == format::arg_string);
static_assert(static_cast<std::uint8_t>(ArgKind::object) == format::arg_object);
static_assert(static_cast<std::uint8_t>(ArgKind::null_pointer) == format::arg_null_pointer);

int load_state() noexcept { return __atomic_load_n(&detail::runtime_state, __ATOMIC_ACQUIRE); }
void store_state(int state) noexcept { __atomic_store_n(&detail::runtime_state, state, __ATOMIC_RELEASE); }

/// pthread mutexes: constant-initialised and never destroyed, so probes may run during static
/// initialisation and destruction of the user's program.
class Lock {
 public:
  explicit Lock(pthread_mutex_t& mutex) noexcept : mutex_(mutex) { pthread_mutex_lock(&mutex_); }
  ~Lock() { pthread_mutex_unlock(&mutex_); }
  Lock(const Lock&) = delete;
  Lock& operator=(const Lock&) = delete;

 private:
  pthread_mutex_t& mutex_;
};

// ---- little-endian encoding --------------------------------------------------------------------

constexpr bool big_endian_host() {
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return true;
#else
  return false;
#endif
}

std::uint64_t little_endian64(std::uint64_t value) { return big_endian_host() ? __builtin_bswap64(value) : value; }
std::uint32_t little_endian32(std::uint32_t value) { return big_endian_host() ? __builtin_bswap32(value) : value; }

class Encoder {
 public:
  explicit Encoder(unsigned char* out) : begin_(out), out_(out) {}

  void byte(std::uint8_t value) { *out_++ = value; }
  void varint(std::uint64_t value) {
    while (value >= 0x80) {
      *out_++ = static_cast<unsigned char>(value | 0x80);
      value >>= 7;
    }
    *out_++ = static_cast<unsigned char>(value);
  }
  void zigzag(std::int64_t value) {
    const auto bits = static_cast<std::uint64_t>(value);
    varint(value < 0 ? ~(bits << 1) : bits << 1);
  }
  void fixed64(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(value >> (8 * i)));
  }
  void text(const char* data, std::size_t length) {
    varint(length);
    if (length != 0) std::memcpy(out_, data, length);
    out_ += length;
  }
  std::size_t size() const { return static_cast<std::size_t>(out_ - begin_); }

 private:
  unsigned char* begin_;
  unsigned char* out_;
};

// ---- profile functions -------------------------------------------------------------------------

pthread_mutex_t registry_mutex = PTHREAD_MUTEX_INITIALIZER;
std::unordered_map<std::type_index, ProfileFn>* registry = nullptr;  // never freed (see Lock)
std::uint64_t registry_generation = 1;                               // caches with another generation look again

ProfileFn profile_function(const std::type_info* type, ProfileCache* cache) {
  if (type == nullptr || cache == nullptr) return nullptr;
  const std::uint64_t generation = __atomic_load_n(&registry_generation, __ATOMIC_ACQUIRE);
  if (__atomic_load_n(&cache->generation, __ATOMIC_ACQUIRE) == generation) {
    return __atomic_load_n(&cache->fn, __ATOMIC_RELAXED);
  }
  Lock lock(registry_mutex);
  ProfileFn fn = nullptr;
  if (registry != nullptr) {
    const auto found = registry->find(std::type_index(*type));
    if (found != registry->end()) fn = found->second;
  }
  __atomic_store_n(&cache->fn, fn, __ATOMIC_RELAXED);
  __atomic_store_n(&cache->generation, registry_generation, __ATOMIC_RELEASE);
  return fn;
}

// ---- class relations ---------------------------------------------------------------------------

enum class Relation { same, first_is_base, second_is_base, unrelated, unknown };

#ifdef PALUS_TRACE_KNOWS_BASES
bool is_proper_base(const std::type_info& base, const std::type_info& derived) {
  if (const auto* single = dynamic_cast<const abi::__si_class_type_info*>(&derived)) {
    return *single->__base_type == base || is_proper_base(base, *single->__base_type);
  }
  if (const auto* multiple = dynamic_cast<const abi::__vmi_class_type_info*>(&derived)) {
    for (unsigned i = 0; i < multiple->__base_count; ++i) {
      const std::type_info& direct = *multiple->__base_info[i].__base_type;
      if (direct == base || is_proper_base(base, direct)) return true;
    }
  }
  return false;
}
#endif

/// How the classes of two objects at one address are related; remembered, as each probe asks.
class Relations {
 public:
  Relation of(const std::type_info* first, const std::type_info* second) {
    if (first == second) return first == nullptr ? Relation::unknown : Relation::same;
    if (first == nullptr || second == nullptr) return Relation::unknown;
    if (*first == *second) return Relation::same;
#ifdef PALUS_TRACE_KNOWS_BASES
    const Key key{first, second};
    const auto known = known_.find(key);
    if (known != known_.end()) return known->second;
    const Relation relation = is_proper_base(*first, *second)   ? Relation::first_is_base
                              : is_proper_base(*second, *first) ? Relation::second_is_base
                                                                : Relation::unrelated;
    known_.emplace(key, relation);
    return relation;
#else
    return Relation::unknown;
#endif
  }

 private:
  using Key = std::pair<const std::type_info*, const std::type_info*>;
  struct KeyHash {
    std::size_t operator()(const Key& key) const {
      return std::hash<const void*>()(key.first) * 31 + std::hash<const void*>()(key.second);
    }
  };
  std::unordered_map<Key, Relation, KeyHash> known_;
};

// ---- identities --------------------------------------------------------------------------------

/// Object identities by address. Several objects can share an address (a base subobject, a first
/// member), so each entry also keeps the most derived class seen constructing or called on it;
/// entries of related classes are one object, of unrelated classes different objects.
class Identities {
 public:
  struct Found {
    std::uint64_t id = 0;
    bool first_seen = false;
  };

  /// A constructor of `type` starts on `address`. `delegated`: the thread's previous event was the
  /// exit of another constructor on this address (so this one delegated to it).
  Found construct(const void* address, const std::type_info* type, bool delegated) {
    const auto range = entries_.equal_range(key(address));
    for (auto it = range.first; it != range.second; ++it) {
      const Relation relation = relations_.of(it->second.type, type);
      // A derived class's constructor after its base's; unknown classes (no RTTI) count as that.
      const bool base_done = relation == Relation::first_is_base || relation == Relation::unknown;
      if (it->second.destructors_running == 0 && (base_done || (relation == Relation::same && delegated))) {
        if (relation == Relation::first_is_base) it->second.type = type;
        return {it->second.id, false};
      }
    }
    // Anything related still here was destroyed without a probed destructor: its memory is reused.
    for (auto it = range.first; it != range.second;) {
      const Relation relation = relations_.of(it->second.type, type);
      it = relation == Relation::unrelated ? std::next(it) : entries_.erase(it);
    }
    return {create(address, type), true};
  }

  /// A method of `type` is called on `address`; an object first seen here was constructed unprobed.
  Found call(const void* address, const std::type_info* type) {
    if (Entry* entry = find(address, type)) {
      if (relations_.of(entry->type, type) == Relation::first_is_base) entry->type = type;
      return {entry->id, false};
    }
    return {create(address, type), true};
  }

  /// A destructor starts; 0 when the object is unknown (never creates an identity).
  std::uint64_t destructor_enter(const void* address, const std::type_info* type) {
    Entry* entry = find(address, type);
    if (entry == nullptr) return 0;
    ++entry->destructors_running;
    return entry->id;
  }

  /// A destructor returns; true when it was the outermost one, which ends the identity.
  bool destructor_exit(const void* address, std::uint64_t id) {
    const auto range = entries_.equal_range(key(address));
    for (auto it = range.first; it != range.second; ++it) {
      if (it->second.id != id) continue;
      if (it->second.destructors_running > 0 && --it->second.destructors_running > 0) return false;
      entries_.erase(it);
      return true;
    }
    return false;
  }

  /// The identity of an argument object; 0 when unknown.
  std::uint64_t of_argument(const void* address, const std::type_info* type) {
    const Entry* entry = find(address, type);
    return entry != nullptr ? entry->id : 0;
  }

 private:
  struct Entry {
    std::uint64_t id;
    const std::type_info* type;
    unsigned destructors_running;
  };
  using Map = std::unordered_multimap<std::uintptr_t, Entry>;

  static std::uintptr_t key(const void* address) { return reinterpret_cast<std::uintptr_t>(address); }

  std::uint64_t create(const void* address, const std::type_info* type) {
    entries_.emplace(key(address), Entry{++last_id_, type, 0});
    return last_id_;
  }

  /// The entry of an object of `type` (or a related class) at `address`: the same class first,
  /// then the newest related one. Unknown type: the newest entry.
  Entry* find(const void* address, const std::type_info* type) {
    Entry* best = nullptr;
    int best_rank = 0;
    const auto range = entries_.equal_range(key(address));
    for (auto it = range.first; it != range.second; ++it) {
      const Relation relation = relations_.of(it->second.type, type);
      const int rank = relation == Relation::same        ? 3
                       : relation == Relation::unrelated ? 0
                       : relation == Relation::unknown   ? 1
                                                         : 2;
      if (rank > best_rank || (rank == best_rank && rank > 0 && it->second.id > best->id)) {
        best = &it->second;
        best_rank = rank;
      }
    }
    return best;
  }

  Map entries_;
  Relations relations_;
  std::uint64_t last_id_ = 0;
};

// ---- the trace file ----------------------------------------------------------------------------

/// The mapped trace file. Not thread-safe: the recorder's mutex guards it.
class TraceFile {
 public:
  bool open(const char* path) {
    fd_ = ::open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) return false;
    if (!allocate(0, initial_bytes)) return false;
    void* base = mmap(nullptr, initial_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
    if (base == MAP_FAILED) return false;
    base_ = static_cast<unsigned char*>(base);
    capacity_ = initial_bytes;
    std::memcpy(base_, format::magic, sizeof format::magic);
    store32(format::version_offset, format::version);
    store32(format::header_size_offset, static_cast<std::uint32_t>(format::header_size));
    committed_ = format::header_size;
    store_committed();
    return true;
  }

  /// Room for `bytes` more at the committed end; null when the file cannot grow.
  unsigned char* reserve(std::size_t bytes) {
    if (committed_ + bytes > capacity_ && !grow(committed_ + bytes)) return nullptr;
    return base_ + committed_;
  }

  /// The `bytes` written at the committed end form complete events.
  void commit(std::size_t bytes) {
    committed_ += bytes;
    store_committed();
  }

  void set_table_hash(std::uint64_t hash) {
    __atomic_store_n(reinterpret_cast<std::uint64_t*>(base_ + format::table_hash_offset), little_endian64(hash),
                     __ATOMIC_RELAXED);
    add_flags(format::flag_table_hash_set);
  }

  /// At a normal end: mark it (when nothing was lost) and give back the preallocated space.
  void finish(bool complete) {
    if (complete) add_flags(format::flag_complete);
    if (ftruncate(fd_, static_cast<off_t>(committed_)) != 0) {
      // The committed end in the header still tells the reader where the events stop.
    }
  }

 private:
  static constexpr std::size_t initial_bytes = std::size_t{1} << 20;
  static constexpr std::size_t largest_step = std::size_t{64} << 20;

  // Reserve disk blocks up front: writing to a sparse page on a full disk would be a SIGBUS.
  bool allocate(std::size_t from, std::size_t to) {
    if (ftruncate(fd_, static_cast<off_t>(to)) != 0) return false;
    const int error = posix_fallocate(fd_, static_cast<off_t>(from), static_cast<off_t>(to - from));
    return error != ENOSPC && error != EFBIG && error != EDQUOT;
  }

  bool grow(std::size_t needed) {
    const std::size_t step = capacity_ < largest_step ? capacity_ : largest_step;
    std::size_t capacity = capacity_ + step;
    if (capacity < needed) capacity = needed + step;
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    capacity = (capacity + page - 1) / page * page;
    if (!allocate(capacity_, capacity)) return false;
#ifdef __linux__
    void* base = mremap(base_, capacity_, capacity, MREMAP_MAYMOVE);
    if (base == MAP_FAILED) return false;
#else
    void* base = mmap(nullptr, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
    if (base == MAP_FAILED) return false;
    munmap(base_, capacity_);
#endif
    base_ = static_cast<unsigned char*>(base);
    capacity_ = capacity;
    return true;
  }

  void store32(std::size_t offset, std::uint32_t value) {
    __atomic_store_n(reinterpret_cast<std::uint32_t*>(base_ + offset), little_endian32(value), __ATOMIC_RELAXED);
  }
  void add_flags(std::uint32_t flags) {
    flags_ |= flags;
    __atomic_store_n(reinterpret_cast<std::uint32_t*>(base_ + format::flags_offset), little_endian32(flags_),
                     __ATOMIC_RELEASE);
  }
  // Release: an event's bytes are in the mapping before the committed end covers them.
  void store_committed() {
    __atomic_store_n(reinterpret_cast<std::uint64_t*>(base_ + format::committed_offset), little_endian64(committed_),
                     __ATOMIC_RELEASE);
  }

  int fd_ = -1;
  unsigned char* base_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t committed_ = 0;
  std::uint32_t flags_ = 0;
};

// ---- per-thread state --------------------------------------------------------------------------

/// An argument ready to write: its value from the probe, identity and profile from the runtime.
struct Argument {
  const ArgValue* value = nullptr;
  std::size_t length = 0;  // of a string value, capped
  std::uint64_t identity = 0;
  std::string profile;
};

struct ThreadState {
  static constexpr std::uint32_t no_index = ~std::uint32_t{0};

  ThreadState() = default;
  ThreadState(const ThreadState&) = delete;
  ThreadState& operator=(const ThreadState&) = delete;
  ~ThreadState();

  std::vector<std::uint64_t> calls;  // running recorded calls, innermost last
  std::string profile;
  std::vector<Argument> arguments;
  std::uint32_t index = no_index;
  bool busy = false;  // in the runtime: probes reached from profile functions are not recorded
  // The previous event of this thread was the exit of this constructor of this object.
  const void* last_constructed = nullptr;
  std::uint32_t last_constructor = 0;
};

thread_local bool thread_state_gone = false;  // trivially destructible: readable after the state is gone
thread_local ThreadState thread_state;
ThreadState::~ThreadState() { thread_state_gone = true; }

ThreadState* current_thread() noexcept { return thread_state_gone ? nullptr : &thread_state; }

class BusyGuard {
 public:
  explicit BusyGuard(ThreadState& thread) : thread_(thread) { thread_.busy = true; }
  ~BusyGuard() { thread_.busy = false; }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  ThreadState& thread_;
};

// ---- the recorder ------------------------------------------------------------------------------

struct Event {
  std::uint8_t kind = 0;
  Role role = Role::function;
  bool first_seen = false;
  bool threw = false;
  std::uint32_t callable = 0;
  std::uint64_t call = 0;
  std::uint64_t parent = 0;
  std::uint64_t self = 0;
  const std::string* profile = nullptr;
  const Argument* arguments = nullptr;
  std::size_t argument_count = 0;
};

struct Recorder {
  TraceFile file;
  Identities identities;
  std::uint64_t last_call = 0;
  std::uint32_t threads = 0;
  pid_t owner = 0;
  bool lost_events = false;  // the file could not grow: the trace is not complete
};

pthread_mutex_t recorder_mutex = PTHREAD_MUTEX_INITIALIZER;
Recorder* recorder = nullptr;  // set when recording is on; never freed (see Lock)

std::size_t event_bound(const Event& event) {
  std::size_t bytes = 2 + 5 * format::max_varint_bytes + format::max_varint_bytes + event.profile->size();
  bytes += format::max_varint_bytes;
  for (std::size_t i = 0; i < event.argument_count; ++i) {
    const Argument& argument = event.arguments[i];
    bytes += 1 + 2 * format::max_varint_bytes + 8 + argument.length + argument.profile.size();
  }
  return bytes;
}

void encode_argument(Encoder& out, const Argument& argument) {
  const ArgValue& value = *argument.value;
  out.byte(static_cast<std::uint8_t>(value.kind));
  switch (value.kind) {
    case ArgKind::boolean:
      out.byte(value.i != 0 ? 1 : 0);
      break;
    case ArgKind::signed_integer:
      out.zigzag(value.i);
      break;
    case ArgKind::unsigned_integer:
      out.varint(value.u);
      break;
    case ArgKind::floating: {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &value.d, sizeof bits);
      out.fixed64(bits);
      break;
    }
    case ArgKind::string:
      out.text(value.text, argument.length);
      break;
    case ArgKind::object:
      out.varint(argument.identity);
      out.text(argument.profile.data(), argument.profile.size());
      break;
    case ArgKind::none:
    case ArgKind::null_pointer:
      break;
  }
}

/// Writes one event and commits it; false (and recording stops) when the file cannot grow.
bool append(Recorder& rec, ThreadState& thread, const Event& event) {
  unsigned char* out = rec.file.reserve(event_bound(event));
  if (out == nullptr) {
    rec.lost_events = true;
    store_state(detail::state_off);
    return false;
  }
  if (thread.index == ThreadState::no_index) thread.index = rec.threads++;
  Encoder encoder(out);
  encoder.byte(event.kind);
  encoder.byte(static_cast<std::uint8_t>(static_cast<std::uint8_t>(event.role) |
                                         (event.first_seen ? format::bit_first_seen : 0) |
                                         (event.threw ? format::bit_threw : 0)));
  encoder.varint(event.callable);
  encoder.varint(thread.index);
  encoder.varint(event.call);
  encoder.varint(event.parent == 0 ? 0 : event.call - event.parent);
  encoder.varint(event.self);
  encoder.text(event.profile->data(), event.profile->size());
  if (event.kind == format::event_enter) {
    encoder.varint(event.argument_count);
    for (std::size_t i = 0; i < event.argument_count; ++i) encode_argument(encoder, event.arguments[i]);
  }
  rec.file.commit(encoder.size());
  return true;
}

void finish_at_exit() {
  Lock lock(recorder_mutex);
  if (load_state() != detail::state_on || recorder == nullptr || recorder->owner != getpid()) return;
  store_state(detail::state_off);  // probes of static destructors after this point are not recorded
  recorder->file.finish(!recorder->lost_events);
}

// A forked child shares the mapping but not the mutex's holder: it must not write.
void stop_in_child() { __atomic_store_n(&detail::runtime_state, detail::state_off, __ATOMIC_RELEASE); }

/// Looks at PALUS_TRACE_FILE once; call with recorder_mutex held.
void initialize() {
  if (load_state() != detail::state_unknown) return;
  const char* path = std::getenv("PALUS_TRACE_FILE");
  if (path == nullptr || *path == '\0') {
    store_state(detail::state_off);
    return;
  }
  store_state(detail::state_off);  // until everything below has worked
  auto* rec = new Recorder();
  if (!rec->file.open(path)) {
    std::fprintf(stderr, "palus_trace: cannot record the trace to %s: %s\n", path, std::strerror(errno));
    return;  // rec leaks: a half-open file may still be mapped
  }
  rec->owner = getpid();
  recorder = rec;
  std::atexit(finish_at_exit);
  pthread_atfork(nullptr, nullptr, stop_in_child);
  store_state(detail::state_on);
}

bool recording() noexcept {
  if (load_state() == detail::state_unknown) {
    Lock lock(recorder_mutex);
    initialize();
  }
  return load_state() == detail::state_on;
}

void prepare_arguments(ThreadState& thread, const ArgValue* values, std::size_t count) {
  if (thread.arguments.size() < count) thread.arguments.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    Argument& argument = thread.arguments[i];
    const ArgValue& value = values[i];
    argument.value = &value;
    argument.length = 0;
    argument.identity = 0;
    argument.profile.clear();
    if (value.kind == ArgKind::string) {
      argument.length =
          value.length == detail::c_string_length ? strnlen(value.text, format::max_string_bytes) : value.length;
      if (argument.length > format::max_string_bytes) argument.length = format::max_string_bytes;
    } else if (value.kind == ArgKind::object) {
      if (const ProfileFn fn = profile_function(value.type, value.cache)) fn(value.object, argument.profile);
    }
  }
}

void record_enter(ThreadState& thread, ProbeState& probe, std::uint32_t callable, Role role, const void* self,
                  const std::type_info* self_type, ProfileCache* self_cache, const ArgValue* args,
                  std::size_t arg_count) {
  if (!recording()) return;
  const int uncaught = std::uncaught_exceptions();
  const ProfileFn self_profile = self != nullptr ? profile_function(self_type, self_cache) : nullptr;
  thread.profile.clear();
  if (self_profile != nullptr && role != Role::constructor) self_profile(self, thread.profile);
  prepare_arguments(thread, args, arg_count);
  if (thread.calls.size() == thread.calls.capacity()) thread.calls.reserve(thread.calls.size() * 2 + 16);

  Lock lock(recorder_mutex);
  if (load_state() != detail::state_on) return;
  Recorder& rec = *recorder;
  Identities::Found identity;
  if (self != nullptr) {
    switch (role) {
      case Role::constructor: {
        // A delegating constructor starts right after its target, another constructor, returned.
        // A loop that builds objects at one address runs the same constructor each time.
        const bool delegated = thread.last_constructed == self && thread.last_constructor != callable;
        identity = rec.identities.construct(self, self_type, delegated);
        break;
      }
      case Role::destructor:
        identity.id = rec.identities.destructor_enter(self, self_type);
        break;
      case Role::function:
      case Role::method:
        identity = rec.identities.call(self, self_type);
        break;
    }
  }
  for (std::size_t i = 0; i < arg_count; ++i) {
    Argument& argument = thread.arguments[i];
    if (argument.value->kind == ArgKind::object) {
      argument.identity = rec.identities.of_argument(argument.value->object, argument.value->type);
    }
  }
  Event event;
  event.kind = format::event_enter;
  event.role = role;
  event.first_seen = identity.first_seen;
  event.callable = callable;
  event.call = ++rec.last_call;
  event.parent = thread.calls.empty() ? 0 : thread.calls.back();
  event.self = identity.id;
  event.profile = &thread.profile;
  event.arguments = thread.arguments.data();
  event.argument_count = arg_count;
  if (!append(rec, thread, event)) return;
  thread.last_constructed = nullptr;
  thread.calls.push_back(event.call);

  probe.self = self;
  probe.profile = self_profile;
  probe.call = event.call;
  probe.parent = event.parent;
  probe.identity = identity.id;
  probe.callable = callable;
  probe.uncaught = uncaught;
  probe.role = role;
  probe.active = true;
}

void record_exit(ThreadState& thread, ProbeState& probe) {
  for (auto it = thread.calls.rbegin(); it != thread.calls.rend(); ++it) {  // the last one but for coroutines
    if (*it == probe.call) {
      thread.calls.erase(std::next(it).base());
      break;
    }
  }
  if (load_state() != detail::state_on) return;
  const bool threw = std::uncaught_exceptions() > probe.uncaught;
  thread.profile.clear();
  if (probe.profile != nullptr && probe.role != Role::destructor) probe.profile(probe.self, thread.profile);

  Lock lock(recorder_mutex);
  if (load_state() != detail::state_on) return;
  Recorder& rec = *recorder;
  const bool ended = probe.role == Role::destructor && probe.identity != 0 &&
                     rec.identities.destructor_exit(probe.self, probe.identity);
  Event event;
  event.kind = format::event_exit;
  event.role = probe.role;
  event.threw = threw;
  event.callable = probe.callable;
  event.call = probe.call;
  event.parent = probe.parent;
  event.self = probe.identity;
  event.profile = &thread.profile;
  if (!append(rec, thread, event)) return;
  thread.last_constructed = probe.role == Role::constructor ? probe.self : nullptr;
  thread.last_constructor = probe.callable;
  if (ended) {
    const std::string no_profile;
    event.kind = format::event_object_end;
    event.threw = false;
    event.profile = &no_profile;
    append(rec, thread, event);
  }
}

}  // namespace

namespace detail {

void enter(ProbeState& probe, std::uint32_t callable, Role role, const void* self, const std::type_info* self_type,
           ProfileCache* self_cache, const ArgValue* args, std::size_t arg_count) noexcept {
  const int saved_errno = errno;
  ThreadState* thread = current_thread();
  if (thread != nullptr && !thread->busy) {
    BusyGuard busy(*thread);
    try {
      record_enter(*thread, probe, callable, role, self, self_type, self_cache, args, arg_count);
    } catch (...) {
      // A probe never changes what the program does; the event is lost.
    }
  }
  errno = saved_errno;
}

void exit(ProbeState& probe) noexcept {
  const int saved_errno = errno;
  ThreadState* thread = current_thread();
  if (thread != nullptr && !thread->busy) {
    BusyGuard busy(*thread);
    try {
      record_exit(*thread, probe);
    } catch (...) {
    }
  }
  errno = saved_errno;
}

}  // namespace detail

void register_profile(const std::type_info& type, ProfileFn fn) {
  const int saved_errno = errno;
  try {
    Lock lock(registry_mutex);
    if (registry == nullptr) registry = new std::unordered_map<std::type_index, ProfileFn>();
    (*registry)[std::type_index(type)] = fn;
    __atomic_store_n(&registry_generation, registry_generation + 1, __ATOMIC_RELEASE);
  } catch (...) {
  }
  errno = saved_errno;
}

void set_table_hash(std::uint64_t hash) {
  const int saved_errno = errno;
  try {
    Lock lock(recorder_mutex);
    initialize();
    if (load_state() == detail::state_on) recorder->file.set_table_hash(hash);
  } catch (...) {
  }
  errno = saved_errno;
}

}  // namespace palus_trace
