#pragma once
// Where palus finds the sources it compiles into every harness, sample build and test build (the
// harness runtime and protocol, the trace runtime, the contracts, palus/theory.hpp and the main()
// of checked tests). They are found relative to the running executable, so an installed palus and
// one run from its build tree work alike, wherever they were moved:
//   <prefix>/bin/palus              -> <prefix>/share/palus
//   <build>/palus/palus (or tests/) -> <build>/share/palus (staged there by the build)
// $PALUS_RUNTIME_DIR, when set, wins.

#include <filesystem>

namespace palus::harness {

/// The runtime folder in use. Throws UserError naming the folders it looked in when none holds
/// the runtime.
std::filesystem::path runtime_root();

/// The folder of the running executable (/proc/self/exe, symbolic links resolved).
std::filesystem::path executable_dir();

}  // namespace palus::harness
