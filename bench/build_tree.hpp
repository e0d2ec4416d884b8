#pragma once
// Where a benchmark finds palus and the samples unless told otherwise: the build tree that built
// it (bench/meson.build sets PALUS_EXE and PALUS_SOURCE_ROOT).

#include <filesystem>

#ifndef PALUS_EXE
#error "PALUS_EXE must name the palus executable"
#endif
#ifndef PALUS_SOURCE_ROOT
#error "PALUS_SOURCE_ROOT must name the source tree"
#endif

namespace palus::bench {

inline std::filesystem::path built_palus() { return PALUS_EXE; }
inline std::filesystem::path source_root() { return PALUS_SOURCE_ROOT; }

}  // namespace palus::bench
