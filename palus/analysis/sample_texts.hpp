#pragma once
// Texts a user of the library wrote (the seed corpus of a fuzzer): the string literals of the
// sample programs' sources and the files they were given as arguments. A parser's interesting
// paths open up with well-formed input, which the library's own literals ("true", "<!--") only
// hint at; the sample shows whole documents (`{"Age": 20, "Name": "colin"}`, a YAML file).

#include <string>
#include <vector>

#include "palus/config/config.hpp"

namespace palus::analysis {

/// The most bytes of one text taken (a longer file is cut).
/// As a string input is at most (InputMutator's max_string): a longer one would be cut there.
inline constexpr std::size_t kMaxSampleText = 4096;

/// The string literals (two bytes or more, escapes decoded, raw strings as written) of every
/// sample program's sources, and the contents of every sample argument that names a readable
/// file (relative to the program's folder), distinct, in order found. Sources that cannot be read
/// or lexed are skipped: these texts only seed generation.
std::vector<std::string> sample_texts(const Config& config);

}  // namespace palus::analysis
