// `palus trace` and `palus model` on a small library written by the test: a clean sample gives a
// trace and a model with the sample's values, and what it writes to /tmp stays in a /tmp of its
// own; a sample that crashes or does not build, a missing sample, a missing or truncated trace
// each give one clear message and exit status 2.

#include <gtest/gtest.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "run_palus.hpp"

namespace palus::testing {
namespace {

namespace fs = std::filesystem;

/// A counter library and a palus.yaml whose sample is `demo` (the body of main).
void write_project(const fs::path& dir, const std::string& demo) {
  write_text(dir / "include/lib/counter.hpp",
             "#pragma once\nnamespace lib {\nclass Counter {\n public:\n  void add(int n);\n  int total() const;\n"
             " private:\n  int total_ = 0;\n};\n}  // namespace lib\n");
  write_text(dir / "src/counter.cpp",
             "#include \"lib/counter.hpp\"\nnamespace lib {\nvoid Counter::add(int n) { total_ += n; }\n"
             "int Counter::total() const { return total_; }\n}  // namespace lib\n");
  write_text(dir / "example/demo.cpp",
             "#include <csignal>\n#include <cstdio>\n#include \"lib/counter.hpp\"\nint main() {\n" + demo + "\n}\n");
  write_text(dir / "palus.yaml",
             "project:\n  flags: [-std=c++17, -Iinclude]\n  sources: [src/*.cpp]\n  headers: [include/lib/*.hpp]\n"
             "sample:\n  sources: [example/demo.cpp]\n");
}

constexpr const char* kGoodDemo = "  lib::Counter c;\n  c.add(2);\n  c.add(5);\n  return c.total() == 7 ? 0 : 1;";

TEST(Trace, CleanSampleGivesATraceAndAModelWithItsValues) {
  ScratchDir dir;
  write_project(dir.path(), kGoodDemo);
  ASSERT_EQ(run_palus("analyze -q", dir.path()).status, 0);
  const auto traced = run_palus("trace", dir.path());
  ASSERT_EQ(traced.status, 0) << traced.output;
  EXPECT_TRUE(contains(traced.output, "trace: 2 probes")) << traced.output;
  EXPECT_TRUE(fs::exists(dir.path() / ".palus/trace/trace"));
  EXPECT_FALSE(fs::exists(dir.path() / ".palus/trace/trace.part"));
  // The user's files are not touched; the copy is in the work folder.
  EXPECT_EQ(read_text(dir.path() / "src/counter.cpp").find("palus_trace"), std::string::npos);
  EXPECT_NE(read_text(dir.path() / ".palus/trace/src/src/counter.cpp").find("palus_trace"), std::string::npos);
  const auto modelled = run_palus("model", dir.path());
  ASSERT_EQ(modelled.status, 0) << modelled.output;
  const std::string model = read_text(dir.path() / ".palus/model.yaml");
  EXPECT_TRUE(contains(model, "class: lib::Counter")) << model;
  EXPECT_TRUE(contains(model, "callable: \"lib::Counter::add(int)\"")) << model;
  EXPECT_TRUE(contains(model, "{int: 2}")) << model;
  EXPECT_TRUE(contains(model, "{int: 5}")) << model;
  EXPECT_TRUE(contains(model, "\"+\"")) << model;  // the profile of total_ after add
}

/// Whether a process here may make its own mount namespace (as root, or inside a user namespace):
/// without one the sandbox cannot give the sample a /tmp of its own.
bool mount_namespaces_allowed() {
  const pid_t child = fork();
  if (child == 0) _exit(unshare(CLONE_NEWNS) == 0 || unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0 ? 0 : 1);
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

TEST(Trace, WhatTheSampleWritesToTmpStaysInItsOwnTmp) {
  if (!mount_namespaces_allowed()) GTEST_SKIP() << "no mount namespaces on this machine";
  ScratchDir dir;
  const std::string name = "/tmp/" + dir.path().filename().string() + "-sample-wrote";
  write_project(dir.path(), "  lib::Counter c;\n  c.add(2);\n  std::FILE* out = std::fopen(\"" + name +
                                "\", \"w\");\n  if (!out) return 3;\n  std::fputs(\"x\", out);\n  std::fclose(out);\n"
                                "  std::FILE* in = std::fopen(\"" +
                                name + "\", \"r\");\n  if (!in) return 4;\n  std::fclose(in);\n  return 0;");
  ASSERT_EQ(run_palus("analyze -q", dir.path()).status, 0);
  const auto traced = run_palus("trace", dir.path());
  ASSERT_EQ(traced.status, 0) << traced.output;  // it could write its file and read it back
  EXPECT_TRUE(fs::exists(dir.path() / ".palus/trace/trace"));
  EXPECT_FALSE(fs::exists(name)) << "the machine's /tmp is not the sample's";
  fs::remove(name);
}

TEST(Trace, SampleThatCrashesIsAClearError) {
  ScratchDir dir;
  write_project(dir.path(), "  lib::Counter c;\n  c.add(1);\n  std::raise(SIGSEGV);\n  return 0;");
  ASSERT_EQ(run_palus("analyze -q", dir.path()).status, 0);
  expect_usage_error(run_palus("trace", dir.path()),
                     {"palus.yaml: the sample program (demo.cpp) crashed with SIGSEGV"});
  EXPECT_FALSE(fs::exists(dir.path() / ".palus/trace/trace"));
  // A model needs a trace: said as such.
  expect_usage_error(run_palus("model", dir.path()), {"not found (run 'palus trace' first)"});
}

TEST(Trace, SampleThatDoesNotBuildIsAClearError) {
  ScratchDir dir;
  write_project(dir.path(), "  lib::Counter c;\n  c.nope();\n  return 0;");
  ASSERT_EQ(run_palus("analyze -q", dir.path()).status, 0);
  expect_usage_error(run_palus("trace", dir.path()), {"the sample program does not build", "demo.cpp:6"});
}

TEST(Trace, NoSampleConfiguredIsAClearError) {
  ScratchDir dir;
  write_project(dir.path(), kGoodDemo);
  write_text(dir.path() / "palus.yaml",
             "project:\n  flags: [-std=c++17, -Iinclude]\n  sources: [src/*.cpp]\n  headers: [include/lib/*.hpp]\n");
  ASSERT_EQ(run_palus("analyze -q", dir.path()).status, 0);
  const auto traced = run_palus("trace", dir.path());
  EXPECT_EQ(traced.status, 2) << traced.output;
  EXPECT_TRUE(contains(traced.output, "no sample program configured")) << traced.output;
}

TEST(Trace, TruncatedTraceIsAClearErrorAndWritesNoModel) {
  ScratchDir dir;
  write_project(dir.path(), kGoodDemo);
  ASSERT_EQ(run_palus("analyze -q", dir.path()).status, 0);
  ASSERT_EQ(run_palus("trace -q", dir.path()).status, 0);
  const fs::path trace = dir.path() / ".palus/trace/trace";
  fs::resize_file(trace, 40);
  const auto modelled = run_palus("model", dir.path());
  EXPECT_EQ(modelled.status, 2) << modelled.output;
  EXPECT_TRUE(contains(modelled.output, trace.string() + ": truncated header")) << modelled.output;
  EXPECT_FALSE(fs::exists(dir.path() / ".palus/model.yaml"));
}

}  // namespace
}  // namespace palus::testing
