#include "last_words.hpp"

#include <signal.h>
#include <string.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>

#include "demangle.hpp"

namespace palus::harness {
namespace {

protocol::Progress* g_progress = nullptr;

/// Async-signal-safe: a bounded copy and an atomic store.
void note(const char* text) {
  if (g_progress == nullptr || g_progress->statement.load(std::memory_order_relaxed) < 0) return;
  std::size_t n = strnlen(text, protocol::Progress::kNoteSize - 1);
  memcpy(g_progress->note, text, n);
  g_progress->note[n] = '\0';
  g_progress->note_length.store(static_cast<std::uint32_t>(n), std::memory_order_release);
}

[[noreturn]] void on_terminate() {
  std::string text = "std::terminate called";
  if (std::exception_ptr current = std::current_exception()) {
    try {
      std::rethrow_exception(current);
    } catch (const std::exception& e) {
      text += " after an uncaught " + demangle(typeid(e).name()) + ": " + e.what();
    } catch (...) {
      text += " after an uncaught exception";
    }
  }
  note(text.c_str());
  std::abort();
}

void on_fatal_signal(int signal, siginfo_t* info, void*) {
  bool terminated = g_progress != nullptr && g_progress->note_length.load(std::memory_order_relaxed) > 0;
  if (!(signal == SIGABRT && terminated)) note_fatal_signal(signal, info);
  ::signal(signal, SIG_DFL);
  raise(signal);
}

void on_exit() { note("exit() called"); }
void on_quick_exit() { note("quick_exit() called"); }

}  // namespace

void note_fatal_signal(int signal, const siginfo_t* info) {
  char text[128];
  const char* name = sigabbrev_np(signal);
  // A low address says "null plus an offset"; any other changes from run to run (ASLR) and
  // would make the failure's message, and so the written test, differ between equal runs.
  if ((signal == SIGSEGV || signal == SIGBUS) && reinterpret_cast<std::uintptr_t>(info->si_addr) < 0x10000) {
    snprintf(text, sizeof text, "SIG%s at address %p", name ? name : "?", info->si_addr);
  } else if (signal == SIGSEGV || signal == SIGBUS) {
    snprintf(text, sizeof text, "SIG%s at a non-null address", name ? name : "?");
  } else {
    snprintf(text, sizeof text, "SIG%s", name ? name : "?");
  }
  note(text);
}

void install_last_words(protocol::Progress& progress, bool sanitized) {
  g_progress = &progress;
  std::set_terminate(on_terminate);
  std::atexit(on_exit);
  std::at_quick_exit(on_quick_exit);
  if (sanitized) return;

  static char alternate_stack[64 * 1024];  // stack overflows are handled on this one
  stack_t stack{};
  stack.ss_sp = alternate_stack;
  stack.ss_size = sizeof alternate_stack;
  sigaltstack(&stack, nullptr);
  struct sigaction action {};
  action.sa_sigaction = on_fatal_signal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(signal, &action, nullptr);
}

}  // namespace palus::harness
