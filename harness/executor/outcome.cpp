#include "harness/executor/outcome.hpp"

#include <array>
#include <csignal>
#include <cstring>
#include <string>

#include "core/enum_names.hpp"
#include "core/text.hpp"

namespace palus::harness {

std::string_view to_string(OutcomeKind kind) {
  return enum_name<OutcomeKind::bad_request>(
      kind, {"normal", "exception", "invalid_input", "crash", "sanitizer", "hang", "oom", "exit", "bad_request"});
}

namespace detail {
namespace {

using text::trim;

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }
bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

/// "==123==ERROR: AddressSanitizer: heap-use-after-free on ..." → "AddressSanitizer: heap-use-after-free on ...";
/// also "==123==AddressSanitizer: hard rss limit exhausted ..." (no "ERROR:"). "" for other lines.
std::string_view error_header(std::string_view line) {
  line = trim(line);
  if (starts_with(line, "==")) {
    std::size_t end = line.find("==", 2);
    if (end == std::string_view::npos) return {};
    line = line.substr(end + 2);
  }
  if (starts_with(line, "ERROR: ")) line = line.substr(7);
  std::size_t colon = line.find(": ");
  if (colon == std::string_view::npos) return {};
  std::string_view tool = line.substr(0, colon);
  if (tool.size() < 9 || tool.substr(tool.size() - 9) != "Sanitizer" || tool.find(' ') != std::string_view::npos) {
    return {};
  }
  return line;
}

/// The error kind from the text after "XSanitizer: " on an ERROR line.
std::string kind_from_error(std::string_view what) {
  struct Phrase {
    std::string_view starts;
    std::string_view kind;
  };
  static constexpr std::array<Phrase, 7> phrases{{
      {"out of memory", "out-of-memory"},
      {"allocator is out of memory", "out-of-memory"},
      {"hard rss limit exhausted", "rss-limit-exceeded"},
      {"requested allocation size", "allocation-size-too-big"},
      {"attempting double-free", "double-free"},
      {"attempting free on address which was not malloc", "bad-free"},
      {"malloc limit", "malloc-limit-exceeded"},
  }};
  for (const auto& p : phrases) {
    if (starts_with(what, p.starts)) return std::string(p.kind);
  }
  std::size_t end = what.find_first_of(" :(");
  return std::string(what.substr(0, end));
}

bool oom_kind(std::string_view kind, std::string_view message) {
  return kind == "out-of-memory" || kind == "rss-limit-exceeded" || kind == "allocation-size-too-big" ||
         kind == "malloc-limit-exceeded" || contains(message, "out of memory") || contains(message, "rss limit") ||
         contains(message, "malloc limit");
}

/// A stack frame line "#3 0x4f1a2b in foo(int) /src/a.cpp:12:3"; returns what follows " in ", or "".
/// `with_location` says whether the frame names a source file (rather than "(module+0x12)").
std::string_view frame_body(std::string_view line, bool& is_frame, bool& with_location) {
  is_frame = false;
  with_location = false;
  line = trim(line);
  if (line.size() < 2 || line[0] != '#' || line[1] < '0' || line[1] > '9') return {};
  is_frame = true;
  std::size_t in = line.find(" in ");
  if (in == std::string_view::npos) {
    // Not symbolized: "#1 0x7f12 (/lib/libc.so.6+0x271ca)"; the module and offset are still worth having.
    std::size_t open = line.find(" (");
    if (open == std::string_view::npos) return {};
    std::string_view module = line.substr(open + 1);
    return module.substr(0, module.find(')') + 1);
  }
  std::string_view body = trim(line.substr(in + 4));
  std::size_t space = body.rfind(' ');
  std::string_view location = space == std::string_view::npos ? std::string_view{} : body.substr(space + 1);
  with_location = !location.empty() && location.front() != '(' && location.find(':') != std::string_view::npos;
  return body;
}

bool in_sanitizer_runtime(std::string_view body) {
  static constexpr std::array<std::string_view, 8> functions{
      "__asan", "__ubsan", "__sanitizer", "__interceptor_", "___interceptor_", "__lsan", "__tsan", "__msan"};
  for (auto f : functions) {
    if (starts_with(body, f)) return true;
  }
  static constexpr std::array<std::string_view, 6> places{"/libsanitizer/", "compiler-rt/lib/", "/sanitizer_common/",
                                                          "libasan.so",     "libubsan.so",      "libclang_rt."};
  for (auto p : places) {
    if (contains(body, p)) return true;
  }
  return false;
}

/// N for a frame of the harness's thunk_N (the call of the harness's callable N); -1 otherwise.
int thunk_number(std::string_view body) {
  constexpr std::string_view anonymous = "(anonymous namespace)::";  // the thunks are static, in one
  if (starts_with(body, anonymous)) body.remove_prefix(anonymous.size());
  if (!starts_with(body, "thunk_")) return -1;
  int n = 0;
  std::size_t i = 6;
  if (i >= body.size() || body[i] < '0' || body[i] > '9') return -1;
  for (; i < body.size() && body[i] >= '0' && body[i] <= '9'; ++i) n = n * 10 + (body[i] - '0');
  return n;
}

}  // namespace

SanitizerReport parse_sanitizer_report(std::string_view text) {
  SanitizerReport report;
  std::string summary_kind;
  bool in_first_stack = false, first_stack_done = false, in_freed_stack = false, in_allocated_stack = false,
       pointee_frame = false;
  int freed_frames = 0;
  std::string fallback_frame;

  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;

    if (!report.found) {
      if (auto header = error_header(line); !header.empty()) {
        report.found = true;
        report.message = std::string(trim(header));
        std::string_view what = header.substr(header.find(": ") + 2);
        report.kind = kind_from_error(what);
        continue;
      }
      if (contains(line, ": runtime error: ")) {
        report.found = true;
        report.message = std::string(trim(line));
        report.kind = "undefined-behavior";
        continue;
      }
      continue;
    }

    std::string_view t = trim(line);
    if (starts_with(t, "SUMMARY: ") && summary_kind.empty()) {
      std::string_view rest = t.substr(9);
      std::size_t colon = rest.find(": ");
      if (colon != std::string_view::npos) {
        rest = rest.substr(colon + 2);
        summary_kind = std::string(rest.substr(0, rest.find(' ')));
      }
      continue;
    }
    if (contains(t, "freed by thread ")) {
      in_freed_stack = true;
      continue;
    }
    if (contains(t, "allocated by thread ")) {
      in_allocated_stack = true;
      continue;
    }
    bool is_frame = false, with_location = false;
    std::string_view body = frame_body(line, is_frame, with_location);
    if (!is_frame) {
      if (in_first_stack) first_stack_done = true;
      if (freed_frames > 0) in_freed_stack = false;  // the free stack ended (the allocation's follows)
      in_allocated_stack = false;
      continue;
    }
    if (in_allocated_stack) {
      // operator new, then the harness's Call::pointee, then the thunk that asked it for a value.
      if (in_sanitizer_runtime(body) || starts_with(body, "operator new")) continue;
      if (!pointee_frame) {
        pointee_frame = contains(body, "palus::harness::Call::pointee<");
        if (!pointee_frame) in_allocated_stack = false;
        continue;
      }
      report.pointee_in_thunk = thunk_number(body);
      in_allocated_stack = false;
      continue;
    }
    if (in_freed_stack) {
      ++freed_frames;
      if (report.freed_in_thunk < 0) report.freed_in_thunk = thunk_number(body);
      continue;
    }
    if (first_stack_done) continue;
    in_first_stack = true;
    if (report.used_in_thunk < 0) report.used_in_thunk = thunk_number(body);
    if (body.empty() || in_sanitizer_runtime(body)) continue;
    if (with_location && report.top_frame.empty()) {
      report.top_frame = std::string(body);
    } else if (fallback_frame.empty()) {
      fallback_frame = std::string(body);
    }
  }
  if (!report.found) return report;
  if (report.top_frame.empty()) report.top_frame = fallback_frame;
  // The SUMMARY names the kind in one word ("double-free", "out-of-memory"); the ERROR line in prose.
  if (!summary_kind.empty() && report.kind != "undefined-behavior") report.kind = summary_kind;
  report.oom = oom_kind(report.kind, report.message);
  return report;
}

std::string signal_name(int signal) {
  if (const char* abbrev = sigabbrev_np(signal)) return std::string("SIG") + abbrev;
  return "signal " + std::to_string(signal);
}

std::string last_nonempty_line(std::string_view text) {
  while (!text.empty()) {
    std::size_t nl = text.rfind('\n');
    std::string_view line = nl == std::string_view::npos ? text : text.substr(nl + 1);
    line = trim(line);
    if (!line.empty()) return std::string(line);
    if (nl == std::string_view::npos) break;
    text = text.substr(0, nl);
  }
  return {};
}

namespace {
constexpr std::string_view kMarkerPrefix = launch::kOutputMarkerPrefix;
}

void OutputSplitter::append(const char* data, std::size_t n) {
  std::string joined;
  std::string_view text(data, n);
  if (!carry_.empty()) {
    joined = std::move(carry_);
    carry_.clear();
    joined.append(data, n);
    text = joined;
  }
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t at = text.find('\0', pos);
    if (at == std::string_view::npos) {
      current_.append(text.data() + pos, text.size() - pos);
      return;
    }
    current_.append(text.data() + pos, at - pos);
    std::string_view rest = text.substr(at);
    if (rest.size() < kOutputMarkerSize) {
      if (kMarkerPrefix.substr(0, std::min(rest.size(), kMarkerPrefix.size())) ==
          rest.substr(0, std::min(rest.size(), kMarkerPrefix.size()))) {
        carry_ = std::string(rest);  // perhaps the beginning of a marker: wait for the rest
        return;
      }
    } else if (rest.substr(0, kMarkerPrefix.size()) == kMarkerPrefix && rest[kOutputMarkerSize - 1] == '\0') {
      std::uint64_t id = 0;
      bool hex = true;
      for (std::size_t i = kMarkerPrefix.size(); i < kOutputMarkerSize - 1 && hex; ++i) {
        char c = rest[i];
        if (c >= '0' && c <= '9')
          id = id << 4 | std::uint64_t(c - '0');
        else if (c >= 'a' && c <= 'f')
          id = id << 4 | std::uint64_t(c - 'a' + 10);
        else
          hex = false;
      }
      if (hex) {
        sections_.push_back({id, std::move(current_)});
        current_ = OutputTail(cap_);
        pos = at + kOutputMarkerSize;
        continue;
      }
    }
    current_.append(text.data() + at, 1);  // a NUL byte of the library's
    pos = at + 1;
  }
}

void OutputSplitter::flush() {
  if (carry_.empty()) return;
  current_.append(carry_.data(), carry_.size());
  carry_.clear();
}

bool OutputSplitter::has(std::uint64_t id) const {
  for (const auto& s : sections_) {
    if (s.id == id) return true;
  }
  return false;
}

OutputTail OutputSplitter::take(std::uint64_t id) {
  std::size_t drop = 0;
  while (drop < sections_.size() && sections_[drop].id < id) ++drop;
  sections_.erase(sections_.begin(), sections_.begin() + static_cast<std::ptrdiff_t>(drop));
  if (!sections_.empty() && sections_.front().id == id) {
    OutputTail tail = std::move(sections_.front().tail);
    sections_.erase(sections_.begin());
    return tail;
  }
  OutputTail tail = std::move(current_);
  current_ = OutputTail(cap_);
  return tail;
}

void OutputSplitter::clear() {
  current_.clear();
  sections_.clear();
  carry_.clear();
}

}  // namespace detail
}  // namespace palus::harness
