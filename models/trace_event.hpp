#pragma once
// One recorded event of a sample execution, as the trace reader hands it to model inference
// (DESIGN §3: `palus trace` writes the trace, `palus model` reads it). The binary layout on disk
// is the trace runtime's business (models/runtime); this is the decoded form.

#include <cstdint>
#include <string>
#include <vector>

namespace palus::models {

/// What kind of function a probe sits in.
enum class ProbeRole : std::uint8_t { function = 0, method = 1, constructor = 2, destructor = 3 };

/// A recorded argument: primitives, enums and strings by value, objects by identity.
struct TraceValue {
  enum class Kind : std::uint8_t {
    none = 0,              ///< not recorded (unnamed parameter, a type the probe does not record)
    boolean = 1,           ///< i: 0 or 1
    signed_integer = 2,    ///< i; also char types and enums (their underlying value)
    unsigned_integer = 3,  ///< u
    floating = 4,          ///< d
    string = 5,            ///< s: std::string, std::string_view, const char* (not null)
    object = 6,            ///< object: identity (0 when the object was never seen), profile
    null_pointer = 7,      ///< a null pointer (raw or smart) to an object or a C string
  };
  Kind kind = Kind::none;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string s;
  std::uint64_t object = 0;
  std::string profile;  ///< the object's abstract profile (palus_profile.hpp) at the call; "" unknown
};

enum class EventKind : std::uint8_t {
  enter = 1,       ///< a probed function starts
  exit = 2,        ///< it returns or is left by an exception
  object_end = 3,  ///< an identity ends (the outermost destructor of the object returned)
};

struct TraceEvent {
  EventKind kind = EventKind::enter;
  ProbeRole role = ProbeRole::function;
  std::uint32_t callable = 0;    ///< index in the probe table (probes.yaml of the instrumented copy)
  std::uint32_t thread = 0;      ///< 0 for the first thread that recorded, then 1, 2, ...
  std::uint64_t call = 0;        ///< call number, from 1; an enter and its exit share it
  std::uint64_t parent = 0;      ///< the probed call running when this one started (same thread); 0 = none
  std::uint64_t self = 0;        ///< identity of *this; 0 for free and static functions
  bool first_seen = false;       ///< enter only: this event began the identity `self` (a constructor,
                                 ///< or the first call on an object whose construction was not probed)
  std::string profile;           ///< of *this: on entry (enter; "" for constructors), on exit (exit;
                                 ///< "" for destructors); "" when the class has no profile function
  std::vector<TraceValue> args;  ///< enter only, one per declared parameter
  bool threw = false;            ///< exit only: left by an exception
};

}  // namespace palus::models

namespace palus::models {

/// One probe of the instrumented copy (probes.yaml): where it sits and what it names.
struct ProbeInfo {
  std::string id;     ///< the callable id as api.yaml spells it ("tinysql::Driver::connect(...)")
  std::string owner;  ///< qualified class of a method, constructor or destructor; "" for functions
  ProbeRole role = ProbeRole::function;
  bool is_static = false;  ///< static member function (role method, no receiver)
  std::string file;        ///< source file, relative to the project root
  unsigned line = 0;
};

/// A whole trace as read back.
struct Trace {
  std::uint64_t table_hash = 0;    ///< hash of the probe table the program was built with
  std::vector<TraceEvent> events;  ///< in recording order
  bool complete = false;           ///< the program finished normally (exit or return from main)
};

}  // namespace palus::models
