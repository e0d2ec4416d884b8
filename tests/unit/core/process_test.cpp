// The process runner (core/process.hpp): the timeout ends the child's whole group, output is
// capped and counted, the working folder and environment are the spec's, a cancelled child ends.

#include "core/process.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "test_files.hpp"

namespace palus {
namespace {

namespace fs = std::filesystem;
using testing::contains;
using testing::ScratchDir;

TEST(RunProcess, TimeoutKillsTheWholeGroup) {
  process::ProcessSpec spec;
  spec.exe = "sh";
  spec.args = {"-c", "sleep 30 & sleep 30"};
  spec.timeout = std::chrono::milliseconds(300);
  const auto start = std::chrono::steady_clock::now();
  process::ProcessResult r = process::run_process(spec);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_TRUE(r.started);
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(9, r.signal);
}

TEST(RunProcess, CancellingKillsTheWholeGroup) {
  std::atomic<bool> cancel{false};
  process::ProcessSpec spec;
  spec.exe = "sh";
  spec.args = {"-c", "sleep 30 & sleep 30"};
  spec.cancel = &cancel;
  std::thread canceller([&cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  const auto start = std::chrono::steady_clock::now();
  process::ProcessResult r = process::run_process(spec);
  canceller.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_TRUE(r.cancelled);
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(9, r.signal);
}

TEST(RunProcess, OutputIsCappedAndCounted) {
  process::ProcessSpec spec;
  spec.exe = "sh";
  spec.args = {"-c", "head -c 300000 /dev/zero | tr '\\0' a; echo END >&2; exit 4"};
  spec.output_cap = 1000;
  process::ProcessResult r = process::run_process(spec);
  EXPECT_EQ(4, r.exit_status);
  EXPECT_EQ(300004u, r.output_bytes);
  EXPECT_EQ(1000u, r.output.size());
  EXPECT_TRUE(contains(r.output, "aEND\n"));
}

TEST(RunProcess, WorkingDirectoryAndEnvironment) {
  ScratchDir dir;
  process::ProcessSpec spec;
  spec.exe = "/bin/sh";
  spec.args = {"-c", "pwd; echo $GREETING"};
  spec.env = {"GREETING=hello"};
  spec.working_dir = dir.path();
  process::ProcessResult r = process::run_process(spec);
  EXPECT_EQ(0, r.exit_status);
  EXPECT_EQ(fs::canonical(dir.path()).string() + "\nhello\n", r.output);
}

TEST(RunProcess, MissingExecutableIsNotStarted) {
  process::ProcessSpec spec;
  spec.exe = "/nonexistent/program";
  process::ProcessResult r = process::run_process(spec);
  EXPECT_FALSE(r.started);
  EXPECT_TRUE(contains(r.error, "No such file"));
}

TEST(ShellQuote, SafeWordsStayBareAndOthersComeBackAsOneWord) {
  EXPECT_EQ("/usr/bin/c++", process::shell_quote("/usr/bin/c++"));
  EXPECT_EQ("''", process::shell_quote(""));
  EXPECT_EQ("'a b'", process::shell_quote("a b"));
  EXPECT_EQ("'it'\\''s'", process::shell_quote("it's"));
  // Whatever the word holds, /bin/sh reads it back as that one word.
  const std::string word = "it's $HOME `x` \"q\" *";
  process::ProcessSpec spec;
  spec.exe = "/bin/sh";
  spec.args = {"-c", "printf '%s|' " + process::shell_quote(word)};
  EXPECT_EQ(word + "|", process::run_process(spec).output);
}

}  // namespace
}  // namespace palus
