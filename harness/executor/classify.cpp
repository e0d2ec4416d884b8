#include "harness/executor/classify.hpp"

#include <seccomp.h>
#include <sys/wait.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/enum_names.hpp"
#include "core/file_text.hpp"

namespace palus::harness::detail {
namespace {

namespace fs = std::filesystem;

struct ProgressSnapshot {
  std::uint64_t sequence_id = 0;
  int statement = -1;
  int freed_statement = -1;
  std::uint32_t phase = 0;
  std::string note;
};

void trim_note(std::string& note) {
  while (!note.empty() && (note.back() == '\n' || note.back() == '\0' || note.back() == ' ')) note.pop_back();
}

ProgressSnapshot snapshot_of(const protocol::Progress& page) {
  const auto& p = page;
  ProgressSnapshot s;
  s.sequence_id = p.sequence_id.load();
  s.statement = p.statement.load();
  s.freed_statement = p.freed_statement.load();
  s.phase = p.phase.load();
  std::uint32_t n = std::min(p.note_length.load(), protocol::Progress::kNoteSize);
  s.note.assign(p.note, n);
  trim_note(s.note);
  return s;
}

ProgressSnapshot snapshot_of(const protocol::Death& death) {
  ProgressSnapshot s;
  s.sequence_id = death.sequence_id;
  s.statement = death.statement;
  s.freed_statement = death.freed_statement;
  s.phase = death.phase;
  s.note = death.note;
  trim_note(s.note);
  return s;
}

std::string_view phase_name(std::uint32_t phase) {
  return enum_name<protocol::Phase::destroy>(static_cast<protocol::Phase>(phase),
                                             {"idle", "call", "observe", "destroy"});
}

std::string syscall_name(std::int32_t nr) {
  if (const char* function = protocol::blocked_function_name(nr)) return function;
  char* name = ::seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
  if (!name) return "syscall " + std::to_string(nr);
  std::string s = name;
  std::free(name);
  return s;
}

std::uint64_t total_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib) {
    if (key == "MemTotal:") return kib * 1024;
    meminfo.ignore(256, '\n');
  }
  return 0;
}

}  // namespace

/// "socket (statement 2)" for each refused call.
std::vector<std::string> describe_refusals(const std::vector<protocol::Refusal>& refused) {
  std::vector<std::string> out;
  for (const auto& r : refused) {
    out.push_back(syscall_name(r.call) + " (statement " + std::to_string(r.statement) + ")");
  }
  return out;
}

namespace {

/// Refused calls of sequence `wire`, if the page still describes it (the harness died in it).
std::vector<std::string> blocked_calls(const protocol::Progress& page, std::uint64_t wire) {
  const auto& p = page;
  if (p.sequence_id.load() != wire) return {};
  std::vector<protocol::Refusal> refused = protocol::refusals(p);
  if (p.sequence_id.load() != wire) return {};  // the harness moved on while we read
  return describe_refusals(refused);
}

}  // namespace

Ending ending_of(const Instance& in) {
  Ending e;
  e.cause = in.cause;
  e.cause_message = in.cause_message;
  e.hang_statement = in.hang_statement;
  e.status = in.status;
  e.max_rss_kib = in.usage.ru_maxrss;
  return e;
}

Ending ending_of(const protocol::Death& death) {
  Ending e;
  e.status = death.wait_status;
  e.max_rss_kib = static_cast<long>(death.max_rss_kib);
  e.child = death;
  return e;
}

Outcome classify_death(Instance& in, const Ending& ending, std::uint64_t wire, const protocol::RunRequest& request,
                       const protocol::Progress& page, bool sanitized, std::uint64_t memory_bytes) {
  Outcome o;
  o.result.sequence_id = request.sequence_id;
  ProgressSnapshot s = ending.child ? snapshot_of(*ending.child) : snapshot_of(page);
  bool ours = ending.child ? ending.child->started : s.sequence_id == wire;
  o.statement = ours ? s.statement : -1;
  o.phase = ours ? std::string(phase_name(s.phase)) : "idle";
  o.blocked = ending.child ? describe_refusals(ending.child->refused) : blocked_calls(page, wire);
  OutputTail tail = in.output.take(wire);
  o.output_bytes = tail.total();
  o.output = tail.take();
  auto with_note = [&](std::string m) {
    if (!s.note.empty() && m.find(s.note) == std::string::npos) m += ": " + s.note;
    if (!ours) m += " (before the sequence started)";
    return m;
  };

  if (ending.child) {
    // What the other sanitizer runtime reported after the first report (recover.cpp): never read,
    // whatever ended the child.
    std::error_code ignored;
    fs::remove(in.scratch / ("sanitizer-later." + std::to_string(ending.child->pid)), ignored);
  }
  switch (ending.cause) {
    case Instance::Cause::hang:
      o.kind = OutcomeKind::hang;
      o.statement = ending.hang_statement;
      o.message = ending.cause_message;
      return o;
    case Instance::Cause::stopped:
      o.kind = OutcomeKind::crash;
      o.message = ending.cause_message;
      return o;
    case Instance::Cause::protocol:
      o.kind = OutcomeKind::crash;
      o.message = ending.cause_message;
      return o;
    case Instance::Cause::closed_answers:
      o.kind = OutcomeKind::crash;
      o.message = with_note(ending.cause_message);
      return o;
    case Instance::Cause::none:
    case Instance::Cause::exited:
      break;
  }

  // A sanitizer report: its own file (log_path), or on stderr if the file could not be written.
  std::string report_text;
  std::error_code ec;
  const std::string own_report = ending.child ? "sanitizer." + std::to_string(ending.child->pid) : "sanitizer.";
  // A child that survived its report names the one file; its later reports may be written already.
  const bool one_file = ending.child && ending.child->survived;
  for (fs::directory_iterator it(in.scratch, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    // A dead child's: log_path.<pid>, or log_path.<pid>-<n>.<pid> after n reports it survived.
    const bool own = name == own_report || name.rfind(own_report + (ending.child ? "-" : ""), 0) == 0;
    if (one_file ? name != ending.child->report_file : !own) continue;
    report_text += read_file_text(it->path());
    std::error_code ignored;
    fs::remove(it->path(), ignored);  // a forking harness lives on: its next report must stand alone
  }
  SanitizerReport report = parse_sanitizer_report(report_text);
  if (!report.found && sanitized) report = parse_sanitizer_report(o.output);
  if (report.found) {
    o.kind = report.oom ? OutcomeKind::oom : OutcomeKind::sanitizer;
    o.sanitizer_kind = report.kind;
    o.top_frame = report.top_frame;
    o.message = report.message;
    o.used_in_callable = report.used_in_thunk;
    o.freed_in_callable = report.freed_in_thunk;
    o.pointee_in_callable = report.pointee_in_thunk;
    o.freed_statement = ours ? s.freed_statement : -1;
    if (!ours) o.message += " (before the sequence started)";
    return o;
  }

  if (WIFEXITED(ending.status)) {
    o.kind = OutcomeKind::exit;
    o.message = with_note("exit(" + std::to_string(WEXITSTATUS(ending.status)) + ")");
    return o;
  }
  if (!WIFSIGNALED(ending.status)) {
    o.kind = OutcomeKind::crash;
    o.message = with_note("the harness ended");
    return o;
  }
  int sig = WTERMSIG(ending.status);
  std::string name = signal_name(sig);
  if (sig == SIGXCPU) {
    o.kind = OutcomeKind::hang;
    o.message = with_note("CPU limit (SIGXCPU)");
    return o;
  }
  if (sig == SIGKILL) {
    // Not ours (we classify our kills above): the OOM killer, or the library raising it.
    std::uint64_t peak = static_cast<std::uint64_t>(ending.max_rss_kib) * 1024;
    std::uint64_t limit = memory_bytes;
    if (std::uint64_t total = total_memory_bytes(); total != 0) limit = std::min(limit, total);
    if (peak >= limit / 2) {
      o.kind = OutcomeKind::oom;
      o.message = with_note("SIGKILL (out of memory: peak " + std::to_string(peak >> 20) + " MiB)");
      return o;
    }
  }
  o.kind = OutcomeKind::crash;
  std::string message = with_note(name);
  if (sig == SIGABRT) {
    std::string last = last_nonempty_line(o.output);
    if (!last.empty() && message.find(last) == std::string::npos) message += ": " + last;
  }
  o.message = message;
  return o;
}

Outcome classify_answer(protocol::RunResult result, const protocol::RunRequest& request) {
  Outcome o;
  o.result = std::move(result);
  o.result.sequence_id = request.sequence_id;
  if (o.result.statements.empty()) return o;
  const auto& last = o.result.statements.back();
  int index = static_cast<int>(o.result.statements.size()) - 1;
  auto type_and_what = [&] {
    if (last.exception_type.empty()) return last.message;
    return last.message.empty() ? last.exception_type : last.exception_type + ": " + last.message;
  };
  switch (last.status) {
    case protocol::StatementStatus::normal:
      return o;
    case protocol::StatementStatus::exception:
      o.kind = OutcomeKind::exception;
      o.message = type_and_what();
      break;
    case protocol::StatementStatus::invalid_input:
      o.kind = OutcomeKind::invalid_input;
      o.message = last.message;
      break;
    case protocol::StatementStatus::oom:
      o.kind = OutcomeKind::oom;
      o.message = type_and_what();
      if (o.message.empty()) o.message = "std::bad_alloc";
      break;
    case protocol::StatementStatus::bad_request:
      o.kind = OutcomeKind::bad_request;
      o.message = last.message;
      break;
  }
  o.statement = index;
  return o;
}

}  // namespace palus::harness::detail
