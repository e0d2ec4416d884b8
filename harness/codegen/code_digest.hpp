#pragma once
// Which code a built harness runs, as one number: block coverage places a block by its offset in
// the executable (harness/runtime/coverage.cpp), so block numbers from two runs compare only when
// their harnesses hold the same code at the same place. The digest covers the .text section's
// address and bytes, not the rest of the file: debug information, build paths and the coverage
// notes' time stamps differ from build to build of the same code.

#include <filesystem>
#include <string>

namespace palus::harness {

/// 16 hex digits; empty when `executable` cannot be read or is not a 64-bit ELF file with .text.
std::string code_digest(const std::filesystem::path& executable);

}  // namespace palus::harness
