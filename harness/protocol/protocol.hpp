#pragma once
// Messages between the generator (executor) and the harness process (DESIGN §7).
// Frames on a pipe: a 12-byte header (magic, version, kind, payload length; little-endian) and a
// payload. Compiled into both `palus` and every generated harness, so it is plain C++17.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace palus::harness::protocol {

inline constexpr std::uint32_t kMagic = 0x48534c50;  // "PLSH"
inline constexpr std::uint16_t kVersion = 16;        // bump on every change of the wire format
inline constexpr std::size_t kHeaderSize = 12;
inline constexpr std::uint32_t kMaxPayload = 64u << 20;
/// Basic blocks are hashed into a map of 2^kBlockMapBits places (harness/runtime/coverage.hpp);
/// RunResult's blocks are places in it. Edges between blocks (AFL's: a block's place combined with
/// the one reached before it in the same function call) follow in as many places again:
/// kCoveragePlaces in all. 2^20 places keep collisions rare: with 2^16, one edge of the traps
/// sample shared its place with an edge every Document test reached, and the test that took it was cut.
inline constexpr unsigned kBlockMapBits = 20;
inline constexpr std::size_t kBlockMapPlaces = std::size_t{1} << kBlockMapBits;
inline constexpr std::size_t kCoveragePlaces = 2 * kBlockMapPlaces;

enum class MessageKind : std::uint16_t { hello = 1, run = 2, result = 3, shutdown = 4, death = 5 };

/// A statement input: an earlier statement's result, or a literal.
enum class InputKind : std::uint8_t { ref, null_pointer, boolean, signed_integer, unsigned_integer, floating, string };

struct Input {
  InputKind kind = InputKind::ref;
  std::uint32_t ref = 0;  ///< index of the statement whose result is used
  std::int64_t i = 0;     ///< boolean (0/1), signed integers, characters and enumerators
  std::uint64_t u = 0;
  double d = 0;
  std::string s;

  static Input result_of(std::uint32_t statement) {
    Input in;
    in.ref = statement;
    return in;
  }
  static Input null() { return holding(InputKind::null_pointer, &Input::i, 0); }
  static Input boolean(bool b) { return holding(InputKind::boolean, &Input::i, b); }
  static Input integer(std::int64_t v) { return holding(InputKind::signed_integer, &Input::i, v); }
  static Input unsigned_integer(std::uint64_t v) { return holding(InputKind::unsigned_integer, &Input::u, v); }
  static Input floating(double v) { return holding(InputKind::floating, &Input::d, v); }
  static Input string(std::string v) { return holding(InputKind::string, &Input::s, std::move(v)); }

 private:
  template <typename Field, typename V>
  static Input holding(InputKind kind, Field Input::*field, V&& v) {
    Input in;
    in.kind = kind;
    in.*field = std::forward<V>(v);
    return in;
  }
};

struct Statement {
  std::uint32_t callable = 0;  ///< index into the harness's callable table (see Hello)
  std::vector<Input> inputs;   ///< receiver first for methods
};

struct RunRequest {
  std::uint64_t sequence_id = 0;
  bool observe = true;  ///< run observer methods on the receiver and result after each statement
  /// With `observe`, observers run after statements from this one on only, up to the last of
  /// `test_statements`; the objects of other ones are profiled but not observed (a sequence judged
  /// by its last statement needs no more, and a check after it changes nothing a test asserts).
  std::uint32_t observe_from = 0;
  /// Count the blocks it reaches as reached (RunResult::new_blocks): false for reruns of a sequence
  /// already judged (confirming, minimising), whose blocks would otherwise count for no test.
  bool count_blocks = true;
  /// Observer callables not to run (sorted): ones known to crash or hang, found by the generator.
  std::vector<std::uint32_t> skip_observers;
  /// How many statements a test written from the sequence holds (before the contract and theory
  /// checks appended to it); 0: all. RunResult::reached_blocks holds what a test's file reaches:
  /// those calls, and the observers after the last of them only (a regression test asserts the
  /// state there, and holds no checks). What the rest reached still counts as new.
  std::uint32_t test_statements = 0;
  /// The fork server's child that runs it runs nothing after it: the next sequence starts from
  /// the static state the harness started with. For a sequence that writes static state the
  /// next ones must not see (the generator knows which from api.yaml's field writes).
  bool last_in_child = false;
  std::vector<Statement> statements;
};

enum class ValueKind : std::uint8_t { none, boolean, signed_integer, unsigned_integer, floating, string, object };

struct Value {
  ValueKind kind = ValueKind::none;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string s;  ///< strings; the dynamic type name for objects
};

enum class StatementStatus : std::uint8_t {
  normal,
  exception,      ///< an exception escaped the call
  invalid_input,  ///< the sequence passed a null pointer or an object of the wrong type
  oom,            ///< std::bad_alloc escaped the call
  bad_request,    ///< the request itself was malformed: a palus bug, never the library's
};

struct Observation {
  std::uint32_t callable = 0;  ///< the observer method
  std::uint32_t object = 0;    ///< statement whose result (or receiver) was observed
  bool threw = false;
  Value value;
};

/// The abstract profile (models/runtime/palus_profile.hpp) of an object after a statement.
struct ObjectProfile {
  std::uint32_t object = 0;  ///< statement whose result (or receiver) it is
  std::string profile;
};

struct StatementResult {
  StatementStatus status = StatementStatus::normal;
  Value value;                 ///< primitive or string result, or the object's type
  std::string exception_type;  ///< demangled
  std::string message;         ///< what() for exceptions, the reason otherwise
  std::vector<Observation> observations;
  std::vector<ObjectProfile> profiles;  ///< of the objects observed, when their class has a profile
};

/// A call the sandbox refused: a system call number, or a negative BlockedFunction (progress.hpp).
struct Refusal {
  std::int32_t call = 0;
  std::int32_t statement = -1;
};

/// Statements run in order until one is not normal; then the pool is destroyed in reverse order.
struct RunResult {
  std::uint64_t sequence_id = 0;
  std::vector<StatementResult> statements;
  std::vector<Refusal> refused;  ///< in the order they happened (at most Progress::kMaxBlocked)
  /// Basic blocks of the library (and harness.cpp) this sequence reached that no earlier one did,
  /// (their places in the block map, in no particular order), and how many were reached so far
  /// (harness/runtime/coverage.hpp); none and 0 without block coverage.
  std::vector<std::uint32_t> new_blocks;
  /// Every block and edge it reached (places below kBlockMapPlaces are blocks, the rest edges),
  /// in no particular order, less those only observers before the test's last statement or the checks after it
  /// reached (RunRequest::test_statements). Whether a passing sequence adds to what the suite's
  /// tests reach is decided from these: GCC instruments blocks, not edges, and a test that takes
  /// the empty side of `if (x) y++;` reaches no block of its own.
  std::vector<std::uint32_t> reached_blocks;
  std::uint32_t total_blocks = 0;
};

/// Sent by a forking harness instead of a result when the child that ran a sequence died: how it
/// ended, as waitpid told the harness, and what the progress page said at that moment (the page is
/// reused by the next child before the executor reads this).
struct Death {
  std::uint64_t sequence_id = 0;
  std::int32_t pid = 0;               ///< the child's (its sanitizer report is log_path.<pid>)
  std::int32_t wait_status = 0;       ///< as waitpid reports it
  std::int64_t max_rss_kib = 0;       ///< the child's peak resident memory (getrusage ru_maxrss)
  bool started = false;               ///< the progress page described this sequence when it died
  std::int32_t statement = -1;        ///< Progress::statement when it died
  std::int32_t freed_statement = -1;  ///< Progress::freed_statement
  std::uint32_t phase = 0;            ///< Progress::phase when it died
  std::string note;                   ///< Progress::note: its last words
  std::vector<Refusal> refused;       ///< calls the sandbox refused in the sequence
  /// The child lives on: a sanitizer report or a fault stopped the sequence, not the child
  /// (harness/runtime/recover.hpp), and wait_status says it exited with status 1 (a report, also
  /// one the harness wrote for a fault) or was killed by the fault's signal (no sanitizers).
  bool survived = false;
  /// The file in the harness's scratch folder that holds the report, when the child survived it;
  /// empty otherwise (a dead child's reports are log_path.<pid>*).
  std::string report_file;
};

struct Hello {
  std::uint32_t pid = 0;
  std::vector<std::string> callables;    ///< callable ids, indexed by Statement::callable
  std::vector<std::string> protections;  ///< sandbox measures in force, in words
};

struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FrameHeader {
  MessageKind kind = MessageKind::hello;
  std::uint32_t length = 0;
};

/// A whole frame (header and payload) ready to write.
std::string encode(const Hello&);
std::string encode(const RunRequest&);
std::string encode(const RunResult&);
std::string encode(const Death&);
std::string encode_shutdown();

/// Checks magic and version; throws ProtocolError.
FrameHeader decode_header(const char* bytes);

Hello decode_hello(const std::string& payload);
RunRequest decode_run(const std::string& payload);
/// A run request's sequence_id, read without decoding the rest (the fork server's, which passes
/// the payload on to its child); 0 for a payload too short.
std::uint64_t sequence_id_of_run(const std::string& payload);
RunResult decode_result(const std::string& payload);
Death decode_death(const std::string& payload);

}  // namespace palus::harness::protocol
