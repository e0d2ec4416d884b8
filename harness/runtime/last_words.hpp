#pragma once
// Notes the harness leaves in the progress page just before it dies (std::terminate, exit,
// a fatal signal), so the executor can say more than "SIGABRT".

#include <signal.h>

#include "harness/protocol/progress.hpp"

namespace palus::harness {

/// `sanitized`: the sanitizers own the fatal signals; only terminate and exit are noted.
void install_last_words(protocol::Progress& progress, bool sanitized);

/// Notes a fatal signal as the last words do ("SIGSEGV at address 0x8"); async-signal-safe.
void note_fatal_signal(int signal, const siginfo_t* info);

}  // namespace palus::harness
