#pragma once
// Notes the harness leaves in the progress page just before it dies (std::terminate, exit,
// a fatal signal), so the executor can say more than "SIGABRT".

#include "harness/protocol/progress.hpp"

namespace palus::harness {

/// `sanitized`: the sanitizers own the fatal signals; only terminate and exit are noted.
void install_last_words(protocol::Progress& progress, bool sanitized);

}  // namespace palus::harness
