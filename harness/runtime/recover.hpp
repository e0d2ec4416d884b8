#pragma once
// Surviving a sanitizer report in a fork server's child (issue 17: a report used
// to end the child, and a new one cost a fork and the copy-on-write faults of its first sequences,
// about 25 ms under the sanitizers against about 1 ms for the report itself).
//
// With halt_on_error=0 (the executor sets it in UBSAN_OPTIONS and ASAN_OPTIONS for a forking
// harness, whose checks are built recoverable) UBSan and AddressSanitizer print their report and
// return to the code that failed. Our __ubsan_on_report and __asan_on_error note a report. The first
// report of a sequence is the one the executor reads: GCC's two runtimes would each truncate the
// one report file, so after it the other runtime reports into a file of its own, which is not read.
// After a bad write, which AddressSanitizer lets through and which may have changed the allocator's
// own data, the child abandons the sequence's objects, answers and leaves (another thread of the
// library's halts at its next safe point). After a bad read, a double or bad free, it stays: what
// the read returned may still be used before the next safe point, and a later sequence in the child
// may then fail where a fresh process would not, which the failure's test, checked alone, shows.
// AddressSanitizer's reports that end a process anyway (out of memory, allocations too large or
// misaligned, limits, its deadly signals, a failed internal check) still cost the child. The
// sequence stops at the next safe point: the next basic block of the library
// (__sanitizer_cov_trace_pc) or the end of the call, whichever comes first, unless an exception is
// on its way. There the child jumps back to where it took the request, destroys the sequence's
// objects as at the end of any sequence, and tells the server, which reports the sequence as if its
// child had died.
//
// UBSan reports each check once per process: it turns the check's source location off after its
// first report. A child that lives on turns it back on, so the same failure in a later sequence is
// reported again (two checks of one line reported at once may swap their columns).
//
// The fork server itself runs with halt_on_error=0 too: a report there (a library's static
// initialiser) ends it at the next safe point, as the sanitizer's halt would have.
//
// A fault with no report before it (SIGSEGV, SIGBUS, SIGFPE, SIGILL) in the library's code or the
// standard library's (an invalid map iterator in libstdc++) is survived too, when it is unlikely
// to come from memory corrupted earlier: under AddressSanitizer, which reports the library's bad
// writes, any such fault but a stack overflow, reported in AddressSanitizer's words (the kind,
// message and frames the executor read when AddressSanitizer reported it and the child died);
// without sanitizers, a null pointer's (an address in the first 64 KiB) or a division's, noted as
// the last words would have, and answered as a death by that signal. (A plain build's child may
// carry memory a sequence corrupted into later sequences whether or not it faulted: a test that
// depends on it fails its check alone.) A fault elsewhere (the C library, the sanitizers' runtime,
// a call through a null function pointer), or with UBSan alone, ends the child as before.

#include <csetjmp>
#include <string>
#include <vector>

namespace palus::harness::recover {

/// From now on, a report or a fault in a sequence ends the sequence, not the process: only in a
/// child of the fork server, whose sanitizers do not halt. Finds each sanitizer runtime's report path
/// setter and the code where a fault may be survived. `sanitized`: the harness is built with
/// sanitizers (they, not the last words, own the fatal signals).
void enable(bool sanitized);

/// Where a report's sequence jumps back to (sigsetjmp'ed by the child before each request), and
/// whether one is armed: outside a sequence a report ends the process, as the sanitizer would have.
void arm(sigjmp_buf* target);
/// Armed while a stopped sequence's objects are destroyed: a fault jumps back too, report or not.
void arm_cleanup(sigjmp_buf* target);
void disarm();

/// Each definition of the function `name` in the process: the one a call binds to first, then
/// those of the other loaded libraries. GCC links AddressSanitizer and UndefinedBehaviorSanitizer
/// as two libraries, each with its own copy of the common runtime (symbolizer, report file).
std::vector<void*> definitions_of(const char* name);

/// Whether a report is waiting for a safe point.
extern volatile bool g_report_pending;

/// Jumps back now when a report is pending and the jump can be taken (armed, on the arming thread,
/// no exception on its way); ends the process (exit status 1, as the sanitizer's own halt) when a report
/// is pending in a process that did not enable(). Called by the coverage callback and after each
/// call of a sequence.
void at_safe_point();

/// What stopped a sequence, after the jump back.
struct Stopped {
  /// The file name of the report just written, relative to the scratch folder (the working
  /// directory); it may not exist (GCC's UBSan writes its reports to stderr).
  std::string report_file;
  /// A fault with no report (no AddressSanitizer): the signal, to be answered as a death by it.
  int signal = 0;
  /// AddressSanitizer reported a bad write, which went through: the child answers and leaves.
  bool must_leave = false;
};

/// After a jump back: turns the reported check's location back on and starts a new report file for
/// the next report, so that the one just written stands alone for the executor to read (and
/// remove).
Stopped after_jump();

}  // namespace palus::harness::recover
