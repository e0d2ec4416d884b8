// palus's runtime compiled once into the shared cache: reused while nothing changed, compiled
// anew when a file of the runtime folder or a flag changes, and a clear error when it fails.

#include "harness/codegen/runtime_cache.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include "core/error.hpp"
#include "test_files.hpp"

namespace fs = std::filesystem;

namespace palus::harness {
namespace {

using palus::testing::contains;
using palus::testing::ScratchDir;
using palus::testing::write_text;

constexpr const char* kSources[] = {"rt/one.cpp", "rt/two.cpp"};

class RuntimeCache : public ::testing::Test {
 protected:
  void SetUp() override {
    write_text(root_.path() / "rt/one.cpp", "#include \"rt/shared.hpp\"\nint one() { return kValue; }\n");
    write_text(root_.path() / "rt/two.cpp", "int two() { return 2; }\n");
    write_text(root_.path() / "rt/shared.hpp", "constexpr int kValue = 1;\n");
    ::setenv("PALUS_CACHE_DIR", cache_.path().c_str(), 1);
  }
  void TearDown() override { ::unsetenv("PALUS_CACHE_DIR"); }

  CompiledRuntime compile(const std::vector<std::string>& flags = {"-O0"}) {
    std::vector<std::string> with = flags;
    with.push_back("-I" + root_.path().string());
    return compiled_runtime(root_.path(), kSources, with, fallback_.path());
  }

  ScratchDir root_{"palus-runtime-root"}, cache_{"palus-runtime-cache"}, fallback_{"palus-runtime-fallback"};
};

TEST_F(RuntimeCache, CompilesOnceAndReusesTheObjectsWhileNothingChanged) {
  const CompiledRuntime first = compile();
  ASSERT_EQ(first.objects.size(), 2u);
  for (const auto& o : first.objects) EXPECT_TRUE(fs::exists(o)) << o;
  EXPECT_TRUE(fs::exists(first.archive));
  EXPECT_EQ(first.archive.parent_path().parent_path(), cache_.path() / "runtime");
  const auto built = fs::last_write_time(first.objects.front());

  const CompiledRuntime again = compile();
  EXPECT_EQ(first.objects, again.objects);
  EXPECT_EQ(built, fs::last_write_time(again.objects.front())) << "compiled again";
  EXPECT_TRUE(fs::is_empty(fallback_.path()));
}

TEST_F(RuntimeCache, AChangedHeaderOrFlagIsANewFolder) {
  const CompiledRuntime first = compile();
  write_text(root_.path() / "rt/shared.hpp", "constexpr int kValue = 3;\n");
  const CompiledRuntime changed = compile();
  EXPECT_NE(first.archive, changed.archive);
  EXPECT_TRUE(fs::exists(first.archive)) << "a palus still linking the old runtime keeps it";
  EXPECT_NE(changed.archive, compile({"-O1"}).archive);
}

TEST_F(RuntimeCache, AnUnwritableCacheFallsBackToTheWorkFolder) {
  ::setenv("PALUS_CACHE_DIR", "/proc/palus-cannot-be-here", 1);
  const CompiledRuntime compiled = compile();
  EXPECT_EQ(compiled.archive.parent_path().parent_path(), fallback_.path() / "runtime");
  EXPECT_TRUE(fs::exists(compiled.archive));
}

TEST_F(RuntimeCache, ASourceThatDoesNotCompileIsAnErrorWithTheCompilersWords) {
  write_text(root_.path() / "rt/two.cpp", "int two() { return missing; }\n");
  try {
    compile();
    FAIL() << "no error";
  } catch (const UserError& e) {
    EXPECT_TRUE(contains(e.what(), "'missing' was not declared"));
  }
  // Nothing half-built is left where the next run would take it from.
  for (const auto& entry : fs::directory_iterator(cache_.path() / "runtime"))
    EXPECT_EQ(entry.path().extension(), ".log") << entry.path();
}

}  // namespace
}  // namespace palus::harness
