#pragma once
// A token of a text swapped for another of its kind: a text the library took (one the sample
// passed, one that reached new blocks) keeps its shape with another operator or name in it, as a
// grammar's neighbouring sentence often does ("a + b" -> "a <= b", "[1]" -> "{1}", "<a/>" ->
// "<b/>").

#include <string>
#include <vector>

#include "palus/generation/random.hpp"

namespace palus::generation {

/// One word (letters, digits, '_'; standing alone in `s`) or symbol (other printable characters
/// but space) of `dictionary` found in `s` replaced by another word or symbol of `dictionary`, as
/// the one found was: a token present is drawn, then one of its places. False, and `s` unchanged,
/// when no word or symbol of the dictionary is in `s` or none other of its kind is in the
/// dictionary. The dictionary holds distinct tokens.
bool swap_token(std::string& s, const std::vector<std::string>& dictionary, Random& random);

}  // namespace palus::generation
