#pragma once
// Inputs a caller could write (issue 23): a length given after a C string is at most that
// string's length (api::is_string_length), as it is in any real call. Applied to every candidate
// before it runs, so that the harness and the written test pass the same legal pair. Likewise the
// end of a character range is the end of the text it begins (api::is_string_end).

#include "palus/generation/catalog.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// `sequence` with every length after a C string literal cut to the string's length (up to its
/// first NUL, as the written test spells it), a negative one too, and 0 after a null pointer; and
/// the end of every character range (api::is_string_end) the canonical "" (null after a null
/// begin), which the harness and the writer pass as the begin's end; and the pointer of every
/// object array (api::is_object_array) the canonical 0, as the harness makes its objects; and
/// every file path (api::is_file_path) relative, below the test's working directory.
Sequence with_legal_lengths(const Sequence& sequence, const Catalog& catalog);

}  // namespace palus::generation
