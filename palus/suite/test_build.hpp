#pragma once
// Building GoogleTest sources into executables against the library under test, with a generated
// build.ninja so that rebuilds are incremental and files compile in parallel (DESIGN §9). Compile
// errors are attributed to lines of the test source, so that a caller can drop the tests that
// hold them and try again.

#include <atomic>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "palus/config/config.hpp"

namespace palus::suite {

/// How the library under test gets into the build when it is compiled there (`palus report`)
/// rather than reused from the harness.
struct LibraryBuild {
  std::vector<std::filesystem::path> sources;  ///< absolute
  /// The complete compile flags of one source (the project's and the instrumentation).
  std::function<std::vector<std::string>(const std::filesystem::path&)> flags_for;
};

struct TestBuildSettings {
  std::filesystem::path dir;  ///< build folder: build.ninja, obj/, bin/; created when missing
  /// The static library the tests link: an existing archive (absolute), or, with `library_build`,
  /// where that build puts it (relative to `dir`).
  std::filesystem::path library;
  std::optional<LibraryBuild> library_build;
  std::vector<std::string> test_flags;  ///< complete compile flags of a test source
  /// Compile flags of a source whose tests all expect to pass (regression and expected-exception
  /// tests); empty: test_flags.
  std::vector<std::string> passing_test_flags;
  /// Everything after the test object and the library on the link line: the project's link
  /// flags, --coverage, -fsanitize=..., GoogleTest and -pthread.
  std::vector<std::string> link_flags;
  unsigned jobs = 1;                          ///< parallel compiles
  int niceness = 0;                           ///< of the compiles (ProcessSpec::niceness)
  const std::atomic<bool>* cancel = nullptr;  ///< ends the build when true (ProcessSpec::cancel)
  /// When set, the sandboxed main() of palus's own test runs (harness/runtime/check_main.cpp and
  /// what it needs), compiled from this runtime folder into the shared runtime cache
  /// (harness/codegen/runtime_cache.hpp), is linked into every test; empty: `link_flags` bring
  /// their own main (gtest_main).
  std::filesystem::path check_main_runtime;
  /// A folder shared by the builds of one work folder, where precompile_opening_include() keeps a
  /// precompiled GoogleTest header for each set of test flags; empty: nothing is precompiled.
  std::filesystem::path precompiled_cache;
  /// A header that every test compile includes first (-include); set by precompile_opening_include().
  std::filesystem::path precompiled_header;
};

/// `text`, a test source, with its opening `#include <gtest/gtest.h>` line blanked (line numbers
/// unchanged), and `settings.precompiled_header` set to a header holding that line in
/// `settings.precompiled_cache` (<hash of the test flags>/gtest.hpp), precompiled there first when
/// missing or out of date (its own build.ninja; one build at a time in this process). GoogleTest's
/// header is about half of what a short test file costs to compile, and every generated source
/// opens with it; the rest of the source is compiled as written, so a missing include still fails
/// as in the user's build. `text` is returned unchanged, and `settings` left alone, when it does
/// not open with that line or there is no cache folder.
std::string precompile_opening_include(TestBuildSettings& settings, std::string text);

/// Settings for checking generated tests against the harness variant for `sanitizers`: the
/// variant's libsut.a (<work>/harness/<variant>/libsut.a, built by `palus harness`), the build in
/// <work>/check/<variant>/, tests compiled with the project's flags (those of its first header, as
/// for harness.cpp), the variant's sanitizers, -O0 -g1 -fno-omit-frame-pointer and -Wno-error
/// (sources of passing tests without UBSan, and never ASan's use-after-scope checks), linked with the project's link
/// flags, --coverage, the sanitizers and GoogleTest (gtest_main).
TestBuildSettings check_build_settings(const Config& config, const std::filesystem::path& work_dir,
                                       const std::vector<std::string>& sanitizers);

/// Settings for `palus report`: the library compiled in `dir` from the project's sources with
/// their flags and -O0 -g --coverage (no sanitizers), the tests with the project's flags and
/// -O0 -g, linked with the project's link flags, --coverage and GoogleTest. The returned
/// settings refer to `config`, which must outlive them.
TestBuildSettings report_build_settings(const Config& config, const std::filesystem::path& dir);

/// The library alone compiled in `dir` from the project's sources with their flags and -O0 -g
/// --coverage (no sanitizers), into `dir`/libsut.a: the library of report_build_settings, and of
/// plain_check_settings once build_library made it.
TestBuildSettings coverage_library_settings(const Config& config, const std::filesystem::path& dir);

/// Settings for checking tests that all expect to pass, built as a user builds them: the
/// project's flags, -O0 -g1 and test_coverage_flags (no sanitizers), linked against `library`
/// (an absolute libsut.a of coverage_library_settings) with the project's link flags, --coverage
/// and GoogleTest, in `dir`.
TestBuildSettings plain_check_settings(const Config& config, const std::filesystem::path& dir,
                                       const std::filesystem::path& library);

/// Builds `settings`' library_build alone (only what changed). Throws UserError when it does not
/// compile or ninja is not installed.
void build_library(const TestBuildSettings& settings);

/// A compiler or linker error, placed in the test source.
struct CompileError {
  /// The line of the test source it comes from: its own place, else the test line whose template
  /// instantiation or macro expansion led to it ("required from here", "requested here"), else the
  /// #include line of the header it is in; 0 when it is in no way tied to the source.
  unsigned line = 0;
  /// "no match for 'operator==' ...", prefixed with "FILE:LINE: " when reported elsewhere than the source.
  std::string message;
};

/// Errors of GCC or Clang diagnostics and of the linker in `output` (the compiler's output for
/// `source` alone), each attributed to a line of `source`; without duplicates, in order.
std::vector<CompileError> attribute_errors(std::string_view output, const std::filesystem::path& source);

struct BuiltTest {
  std::filesystem::path source;
  std::filesystem::path executable;  ///< <dir>/bin/<source stem>; valid only when `ok`
  bool ok = false;
  std::vector<CompileError> errors;  ///< when !ok; empty when the failure had no error line
  std::string output;                ///< what the compiler and linker said about this source
};

/// Compiles and links each of `sources` (absolute paths with distinct stems) into an executable.
/// A source that does not compile does not stop the others. Only what changed is rebuilt. Not
/// for concurrent calls on the same `dir`. Throws UserError when the library cannot be built or
/// is missing, or ninja is not installed.
std::vector<BuiltTest> build_tests(const TestBuildSettings& settings,
                                   const std::vector<std::filesystem::path>& sources);

}  // namespace palus::suite
