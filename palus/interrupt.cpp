#include "palus/interrupt.hpp"

#include <csignal>

namespace palus {
namespace {

std::atomic<bool> g_requested{false};
std::atomic<int> g_signal{0};
struct sigaction g_old_int, g_old_term;

extern "C" void on_interrupt(int signal) {
  if (g_requested.exchange(true)) {
    // Second time: the user means it. Default action, re-raised.
    std::signal(signal, SIG_DFL);
    std::raise(signal);
    return;
  }
  g_signal.store(signal);
}

}  // namespace

static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

InterruptGuard::InterruptGuard() {
  g_requested.store(false);
  g_signal.store(0);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_old_int);
  sigaction(SIGTERM, &action, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

const std::atomic<bool>& InterruptGuard::requested() { return g_requested; }
int InterruptGuard::signal() { return g_signal.load(); }

}  // namespace palus
