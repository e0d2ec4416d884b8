#pragma once
// Which statement freed the memory of a heap use after free. AddressSanitizer's free stack names
// functions, and a sequence may call the freeing function several times (a child removed twice):
// the harness notes each free made while a statement is being called, and when AddressSanitizer
// reports, finds the note of the chunk holding the bad address (Progress::freed_statement).

#include <cstdint>

#include "harness/protocol/progress.hpp"

namespace palus::harness {

/// Does nothing in a harness built without AddressSanitizer.
void install_free_watch(protocol::Progress& progress);

/// Where this process is: frees are noted with the sequence, statement and phase. Process-local,
/// so that a fork server's other processes, which see the shared page, note nothing.
void free_watch_at(std::uint64_t sequence_id, std::int32_t statement, protocol::Phase phase);

/// While AddressSanitizer reports a heap use after free: notes the statement whose call made the
/// chunk's latest free (Progress::freed_statement). Called as it dies, and by a fork server's child
/// that lives on after the report (recover.hpp).
void note_freeing_statement();

}  // namespace palus::harness
