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

// What each build palus writes compiles from the runtime folder (paths relative to it; object
// names are the files' stems, so they must be distinct within a list).

/// The harness runtime, linked into every per-project harness.
inline constexpr const char* kHarnessRuntimeSources[] = {
    "harness/runtime/main.cpp",        "harness/runtime/call.cpp",       "harness/runtime/interpreter.cpp",
    "harness/runtime/sandbox.cpp",     "harness/runtime/last_words.cpp", "harness/runtime/demangle.cpp",
    "harness/runtime/spawn_guard.cpp", "harness/runtime/coverage.cpp",   "harness/protocol/protocol.cpp",
    "harness/runtime/free_watch.cpp",  "harness/runtime/recover.cpp",
};

/// The trace runtime and the sandbox, linked into the instrumented sample program.
inline constexpr const char* kSampleRuntimeSources[] = {
    "models/runtime/palus_trace.cpp",
    "models/runtime/sample_sandbox.cpp",
    "harness/runtime/sandbox.cpp",
    "harness/runtime/spawn_guard.cpp",
};

/// The sandboxed main() of palus's own runs of generated tests and what it needs.
inline constexpr const char* kCheckMainSources[] = {
    "harness/runtime/check_main.cpp",
    "harness/runtime/sandbox.cpp",
    "harness/runtime/spawn_guard.cpp",
    "harness/protocol/protocol.cpp",
};

/// The runtime folder in use. Throws UserError naming the folders it looked in when none holds
/// the runtime.
std::filesystem::path runtime_root();

/// The folder of the running executable (/proc/self/exe, symbolic links resolved).
std::filesystem::path executable_dir();

}  // namespace palus::harness
