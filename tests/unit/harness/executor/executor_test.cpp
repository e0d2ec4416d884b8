// The executor against a fake harness (tests/unit/harness/executor/fake_harness.cpp) that misbehaves on request.

#include "harness/executor/executor.hpp"

#include <dirent.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_files.hpp"

#ifndef FAKE_HARNESS
#error "FAKE_HARNESS must name the fake harness executable"
#endif

namespace palus::harness {
namespace {

using palus::testing::contains;
using palus::testing::ScratchDir;
using palus::testing::starts_with;
namespace proto = protocol;

enum Fake : std::uint32_t {
  ret_int = 0,
  throws = 1,
  segv = 2,
  sleeps = 3,
  exit7 = 4,
  print10m = 5,
  abort_assert = 6,
  env = 7,
  print_line = 8,
  blocked = 9,
  sigstop = 10,
  garbage = 11,
  asan = 12,
  bad_alloc = 13,
  close_answers = 14,
  fork_exit = 15,
  open_fds = 16,
};

proto::RunRequest sequence(std::vector<std::uint32_t> callables, std::int64_t arg = 42, std::uint64_t id = 7) {
  proto::RunRequest r;
  r.sequence_id = id;
  for (auto c : callables) {
    proto::Statement s;
    s.callable = c;
    s.inputs.push_back(proto::Input::integer(arg));
    r.statements.push_back(std::move(s));
  }
  return r;
}

ExecutorOptions options(const ScratchDir& dir) {
  ExecutorOptions o;
  o.harness = FAKE_HARNESS;
  o.run_dir = dir.path() / "run";
  o.call_timeout = std::chrono::milliseconds(300);
  o.sequence_timeout = std::chrono::milliseconds(1500);
  o.output_cap = 64 * 1024;
  return o;
}

/// Processes whose parent is this test, or whose process group is `group`.
std::vector<pid_t> processes(pid_t parent, pid_t group = -1) {
  std::vector<pid_t> found;
  DIR* proc = ::opendir("/proc");
  while (dirent* e = ::readdir(proc)) {
    pid_t pid = std::atoi(e->d_name);
    if (pid <= 0) continue;
    std::string stat = palus::testing::read_text("/proc/" + std::string(e->d_name) + "/stat");
    auto close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 2));
    char state;
    pid_t ppid, pgrp;
    rest >> state >> ppid >> pgrp;
    if (state == 'Z') continue;  // dead, waiting for its parent (init, on a loaded machine, takes a while)
    if (ppid == parent || (group > 0 && pgrp == group)) found.push_back(pid);
  }
  ::closedir(proc);
  return found;
}

void expect_normal_after(Executor& ex) {
  Outcome o = ex.run(sequence({ret_int}, 1));
  EXPECT_EQ(o.kind, OutcomeKind::normal) << o.message;
  ASSERT_EQ(o.result.statements.size(), 1u);
  EXPECT_EQ(o.result.statements[0].value.i, 2);
}

TEST(Executor, HelloAndNormalSequence) {
  ScratchDir dir("palus-executor");
  std::vector<std::string> logged;
  auto opt = options(dir);
  opt.log = [&](const std::string& m) { logged.push_back(m); };
  Executor ex(opt);
  ASSERT_GE(ex.callables().size(), 17u);
  EXPECT_EQ(ex.callables()[0], "ret_int");
  EXPECT_EQ(ex.callable_index("segv"), std::optional<std::uint32_t>(2));
  EXPECT_EQ(ex.callable_index("nope"), std::nullopt);
  EXPECT_EQ(ex.protections(), std::vector<std::string>{"fake: none"});
  ASSERT_FALSE(logged.empty());
  EXPECT_TRUE(contains(logged.front(), "fake: none"));
  EXPECT_GT(ex.pid(), 0);

  Outcome o = ex.run(sequence({ret_int, ret_int}, 41, 1234));
  EXPECT_EQ(o.kind, OutcomeKind::normal);
  EXPECT_EQ(o.statement, -1);
  EXPECT_EQ(o.result.sequence_id, 1234u);
  ASSERT_EQ(o.result.statements.size(), 2u);
  EXPECT_EQ(o.result.statements[1].value.i, 42);
  EXPECT_TRUE(o.blocked.empty());
  EXPECT_EQ(ex.restarts(), 0u);
}

TEST(Executor, EachMisbehaviourIsAnOutcomeAndTheNextSequenceIsNormal) {
  ScratchDir dir("palus-executor");
  Executor ex(options(dir));
  std::size_t restarts = 0;

  struct Case {
    std::uint32_t callable;
    OutcomeKind kind;
    std::string message;  ///< the outcome's message starts with it
    bool restarts;
  };
  std::vector<Case> cases = {
      {throws, OutcomeKind::exception, "std::runtime_error: boom", false},
      {segv, OutcomeKind::crash, "SIGSEGV", true},
      {sleeps, OutcomeKind::hang, "no answer after 300 ms in statement 1", true},
      {exit7, OutcomeKind::exit, "exit(7): the library called _exit", true},
      {abort_assert, OutcomeKind::crash, "SIGABRT: fake_harness.cpp:99: call: Assertion `x > 0' failed.", true},
      {sigstop, OutcomeKind::crash, "stopped (SIGSTOP)", true},
      {garbage, OutcomeKind::crash, "protocol error: bad frame magic", true},
      {asan, OutcomeKind::sanitizer, "AddressSanitizer: heap-use-after-free on address", true},
      {bad_alloc, OutcomeKind::oom, "std::bad_alloc", true},
      {close_answers, OutcomeKind::crash, "the harness closed its answer pipe", true},
      {fork_exit, OutcomeKind::exit, "exit(3)", true},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(ex.callables()[c.callable]));
    pid_t before = ex.pid();
    auto start = std::chrono::steady_clock::now();
    Outcome o = ex.run(sequence({ret_int, c.callable, ret_int}));
    auto took = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(to_string(o.kind), to_string(c.kind)) << o.message;
    EXPECT_EQ(o.statement, 1);
    EXPECT_TRUE(starts_with(o.message, c.message));
    // Found at once (a hang at its 300 ms call timeout, see the message), not after a long wait;
    // generous, so that a loaded machine does not fail it.
    EXPECT_LT(took, std::chrono::seconds(10));
    if (c.kind == OutcomeKind::crash || c.kind == OutcomeKind::hang || c.kind == OutcomeKind::exit ||
        c.kind == OutcomeKind::sanitizer) {
      EXPECT_EQ(o.phase, "call");
      EXPECT_TRUE(o.result.statements.empty());
    } else {
      EXPECT_EQ(o.result.statements.size(), 2u);
    }
    if (c.callable == asan) {
      EXPECT_EQ(o.sanitizer_kind, "heap-use-after-free");
      EXPECT_EQ(o.top_frame, "Faulty::use_after_free() /src/faulty.cpp:42");
    }
    if (c.callable == fork_exit) {
      // The child it forked (same process group) is gone too.
      auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
      while (!processes(-1, before).empty() && std::chrono::steady_clock::now() < deadline) ::usleep(10000);
      EXPECT_TRUE(processes(-1, before).empty());
    }
    if (c.restarts) ++restarts;
    if (c.restarts) {
      EXPECT_EQ(ex.pid(), -1) << "the harness is restarted lazily";
    }
    expect_normal_after(ex);
    EXPECT_EQ(ex.restarts(), restarts);
  }
}

TEST(Executor, HugeOutputIsDrainedAndCapped) {
  ScratchDir dir("palus-executor");
  Executor ex(options(dir));
  Outcome o = ex.run(sequence({print10m, ret_int}));
  EXPECT_EQ(o.kind, OutcomeKind::normal);
  EXPECT_EQ(o.output.size(), 64u * 1024);
  EXPECT_EQ(o.output_bytes, 10u * 1024 * 1024 + 18);
  EXPECT_TRUE(o.output.ends_with("x\nend of the flood\n"));

  // Small output belongs to its sequence.
  Outcome a = ex.run(sequence({print_line}, 5));
  Outcome b = ex.run(sequence({print_line}, 6));
  EXPECT_EQ(a.output, "line 5\n");
  EXPECT_EQ(b.output, "line 6\n");
  EXPECT_EQ(b.output_bytes, 7u);
  EXPECT_EQ(ex.restarts(), 0u);
}

TEST(Executor, OutputWithoutMarkers) {
  ScratchDir dir("palus-executor");
  auto opt = options(dir);
  opt.harness = dir.path() / "fake_harness_nomarker";
  std::filesystem::create_symlink(FAKE_HARNESS, opt.harness);
  Executor ex(opt);
  EXPECT_EQ(ex.run(sequence({print_line}, 5)).output, "line 5\n");
  EXPECT_EQ(ex.run(sequence({print_line, print_line}, 6)).output, "line 6\nline 6\n");
  Outcome crash = ex.run(sequence({print_line, abort_assert}, 7));
  EXPECT_EQ(crash.message, "SIGABRT: fake_harness.cpp:99: call: Assertion `x > 0' failed.");
  EXPECT_EQ(crash.output, "line 7\nfake_harness.cpp:99: call: Assertion `x > 0' failed.\n");
  EXPECT_EQ(ex.run(sequence({print_line}, 8)).output, "line 8\n");
}

TEST(Executor, ScrubbedEnvironmentAndNoInheritedDescriptors) {
  ScratchDir dir("palus-executor");
  auto opt = options(dir);
  opt.sanitized = true;
  opt.gcov_prefix = dir.path() / "gcov";
  opt.gcov_prefix_strip = 3;
  Executor ex(opt);
  Outcome o = ex.run(sequence({env, open_fds}));
  ASSERT_EQ(o.kind, OutcomeKind::normal) << o.message;
  std::set<std::string> vars;
  std::istringstream lines(o.result.statements[0].value.s);
  for (std::string line; std::getline(lines, line);) vars.insert(line.substr(0, line.find('=')));
  EXPECT_EQ(vars, (std::set<std::string>{"PATH", "HOME", "TMPDIR", "LANG", "GLIBC_TUNABLES", "ASAN_OPTIONS",
                                         "UBSAN_OPTIONS", "GCOV_PREFIX", "GCOV_PREFIX_STRIP"}));
  std::string text = o.result.statements[0].value.s;
  EXPECT_TRUE(contains(text, "PATH=/usr/bin:/bin\n"));
  EXPECT_TRUE(contains(text, "HOME=" + (dir.path() / "run" / "scratch-1").string() + "\n"));
  EXPECT_TRUE(contains(text, "GCOV_PREFIX_STRIP=3\n"));
  EXPECT_TRUE(contains(text, "GLIBC_TUNABLES=glibc.malloc.tcache_count=0\n")) << "no per-process key in freed memory";
  EXPECT_TRUE(contains(text, "log_path=" + (dir.path() / "run" / "scratch-1" / "sanitizer").string() + ":"));
  EXPECT_TRUE(contains(text, "hard_rss_limit_mb=2048:"));
  EXPECT_TRUE(std::filesystem::is_directory(dir.path() / "gcov"));
  // 0, 1, 2 and the progress page only.
  std::istringstream fds(o.result.statements[1].value.s);
  std::vector<int> open;
  for (int fd; fds >> fd;) open.push_back(fd);
  ASSERT_EQ(open.size(), 4u) << o.result.statements[1].value.s;
  EXPECT_EQ(open[0], 0);
  EXPECT_EQ(open[2], 2);
}

TEST(Executor, BlockedCallsAreNamed) {
  ScratchDir dir("palus-executor");
  Executor ex(options(dir));
  Outcome o = ex.run(sequence({ret_int, blocked}));
  EXPECT_EQ(o.kind, OutcomeKind::normal);
  EXPECT_EQ(o.blocked, std::vector<std::string>{"socket (statement 1)"});
  EXPECT_TRUE(ex.run(sequence({ret_int})).blocked.empty());
}

TEST(Executor, BatchGivesTheSameOutcomesAsOneByOne) {
  ScratchDir dir("palus-executor");
  std::vector<proto::RunRequest> batch;
  std::vector<std::vector<std::uint32_t>> shapes = {
      {ret_int},          {ret_int, throws},        {print_line}, {ret_int, segv},
      {ret_int, ret_int}, {print_line, exit7},      {bad_alloc},  {ret_int},
      {abort_assert},     {print_line, print_line}, {asan},       {ret_int, throws, ret_int}};
  for (int round = 0; round < 6; ++round) {
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      batch.push_back(sequence(shapes[i], std::int64_t(round * 100 + i), 1000 + batch.size()));
    }
  }

  std::vector<Outcome> one_by_one;
  std::size_t sequential_restarts;
  {
    Executor ex(options(dir));
    for (const auto& r : batch) one_by_one.push_back(ex.run(r));
    sequential_restarts = ex.restarts();
  }
  Executor ex(options(dir));
  std::vector<Outcome> batched = ex.run_batch(batch);
  ASSERT_EQ(batched.size(), one_by_one.size());
  std::string out_a, out_b;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    SCOPED_TRACE(i);
    const Outcome& a = one_by_one[i];
    const Outcome& b = batched[i];
    EXPECT_EQ(to_string(a.kind), to_string(b.kind));
    EXPECT_EQ(a.statement, b.statement);
    EXPECT_EQ(a.message, b.message);
    EXPECT_EQ(a.phase, b.phase);
    EXPECT_EQ(a.sanitizer_kind, b.sanitizer_kind);
    EXPECT_EQ(a.result.sequence_id, batch[i].sequence_id);
    EXPECT_EQ(b.result.sequence_id, batch[i].sequence_id);
    ASSERT_EQ(a.result.statements.size(), b.result.statements.size());
    for (std::size_t s = 0; s < a.result.statements.size(); ++s) {
      EXPECT_EQ(a.result.statements[s].value.i, b.result.statements[s].value.i);
      EXPECT_EQ(a.result.statements[s].message, b.result.statements[s].message);
    }
    out_a += a.output;
    out_b += b.output;
  }
  EXPECT_EQ(out_a, out_b);
  EXPECT_EQ(ex.restarts(), sequential_restarts);
  EXPECT_EQ(sequential_restarts, 6u * 5);  // segv, exit7, bad_alloc, abort_assert, asan
}

TEST(Executor, LongNormalBatch) {
  ScratchDir dir("palus-executor");
  Executor ex(options(dir));
  std::vector<proto::RunRequest> batch;
  for (int i = 0; i < 2000; ++i) batch.push_back(sequence({ret_int, ret_int, print_line}, i, i));
  auto start = std::chrono::steady_clock::now();
  auto outcomes = ex.run_batch(batch);
  auto took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (int i = 0; i < 2000; ++i) {
    ASSERT_EQ(outcomes[i].kind, OutcomeKind::normal);
    ASSERT_EQ(outcomes[i].result.statements[0].value.i, i + 1);
  }
  EXPECT_EQ(ex.restarts(), 0u);
  std::printf("2000 sequences in %.3f s (%.0f/s)\n", took, 2000 / took);
}

TEST(Executor, StopAndDestructorLeaveNoProcesses) {
  ScratchDir dir("palus-executor");
  pid_t harness;
  {
    Executor ex(options(dir));
    ex.run(sequence({ret_int}));
    harness = ex.pid();
    ASSERT_GT(harness, 0);
    ex.stop();
    EXPECT_EQ(ex.pid(), -1);
    EXPECT_NE(::kill(harness, 0), 0) << "stopped harness still exists";
    expect_normal_after(ex);  // starts again
    EXPECT_EQ(ex.restarts(), 1u);
    harness = ex.pid();
    ex.run(sequence({ret_int, sleeps}, 1));  // a hang, then a fresh harness left running
    expect_normal_after(ex);
    harness = ex.pid();
  }
  EXPECT_NE(::kill(harness, 0), 0);
  EXPECT_TRUE(processes(::getpid()).empty()) << "children left behind";
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "run" / "scratch-1"));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path() / "run"));
}

TEST(Executor, HarnessThatCannotStart) {
  ScratchDir dir("palus-executor");
  auto opt = options(dir);
  opt.harness = dir.path() / "no-such-harness";
  Executor ex(opt);
  EXPECT_THROW(ex.callables(), ExecutorError);
  EXPECT_THROW(ex.run(sequence({ret_int})), ExecutorError);
  EXPECT_TRUE(processes(::getpid()).empty());
}

TEST(SanitizerReport, UndefinedBehaviour) {
  auto r = detail::parse_sanitizer_report(
      "/src/a.cpp:12:5: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type "
      "'int'\n"
      "    #0 0x55 in add(int, int) /src/a.cpp:12:5\n"
      "    #1 0x56 in main /src/main.cpp:3\n"
      "\n"
      "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior /src/a.cpp:12:5 in \n");
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, "undefined-behavior");
  EXPECT_FALSE(r.oom);
  EXPECT_TRUE(starts_with(r.message, "/src/a.cpp:12:5: runtime error: signed integer overflow"));
  EXPECT_EQ(r.top_frame, "add(int, int) /src/a.cpp:12:5");
}

TEST(SanitizerReport, UseAfterFreeNamesTheCallsThatUsedAndFreed) {
  auto r = detail::parse_sanitizer_report(
      "==7==ERROR: AddressSanitizer: heap-use-after-free on address 0x62d00000a460 at pc 0x55 bp 0x7f sp 0x7e\n"
      "READ of size 8 at 0x62d00000a460 thread T0\n"
      "    #0 0x55 in pugi::xml_node::attribute(char const*) const /src/pugixml.cpp:5609\n"
      "    #1 0x56 in (anonymous namespace)::thunk_41(palus::harness::Call&) /work/harness.cpp:300\n"
      "    #2 0x57 in palus::harness::run_statement() /palus/interpreter.cpp:80\n"
      "\n"
      "0x62d00000a460 is located 96 bytes inside of 32768-byte region\n"
      "freed by thread T0 here:\n"
      "    #0 0x60 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52\n"
      "    #1 0x61 in pugi::xml_document::_destroy() /src/pugixml.cpp:7180\n"
      "    #2 0x62 in pugi::xml_document::load_string(char const*, unsigned int) /src/pugixml.cpp:7338\n"
      "    #3 0x63 in thunk_7(palus::harness::Call&) /work/harness.cpp:90\n"
      "\n"
      "previously allocated by thread T0 here:\n"
      "    #0 0x70 in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69\n"
      "    #1 0x71 in thunk_3(palus::harness::Call&) /work/harness.cpp:50\n"
      "\n"
      "SUMMARY: AddressSanitizer: heap-use-after-free /src/pugixml.cpp:5609 in pugi::xml_node::attribute(char const*) "
      "const\n");
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.kind, "heap-use-after-free");
  EXPECT_EQ(r.top_frame, "pugi::xml_node::attribute(char const*) const /src/pugixml.cpp:5609");
  EXPECT_EQ(r.used_in_thunk, 41);
  EXPECT_EQ(r.freed_in_thunk, 7) << "the free stack's call, not the allocation's";
  EXPECT_EQ(r.pointee_in_thunk, -1) << "a thunk's own allocation (an object it made) is no value made up for a pointer";

  // Freed outside every call (the pool's clean-up): the allocation's call is not the freeing one.
  auto outside = detail::parse_sanitizer_report(
      "==7==ERROR: AddressSanitizer: heap-use-after-free on address 0x1 at pc 0x55 bp 0x7f sp 0x7e\n"
      "    #0 0x55 in ns::f() /src/a.cpp:3\n"
      "    #1 0x56 in (anonymous namespace)::thunk_2(palus::harness::Call&) /work/harness.cpp:30\n"
      "\n"
      "freed by thread T0 here:\n"
      "    #0 0x60 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52\n"
      "    #1 0x61 in palus::harness::Pool::clear() /palus/pool.cpp:9\n"
      "\n"
      "previously allocated by thread T0 here:\n"
      "    #0 0x70 in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69\n"
      "    #1 0x71 in (anonymous namespace)::thunk_3(palus::harness::Call&) /work/harness.cpp:50\n"
      "\n"
      "SUMMARY: AddressSanitizer: heap-use-after-free /src/a.cpp:3 in ns::f()\n");
  EXPECT_EQ(outside.used_in_thunk, 2);
  EXPECT_EQ(outside.freed_in_thunk, -1);
}

TEST(SanitizerReport, AnOverflowNamesTheThunkOnlyOfAValueMadeForAPointer) {
  const std::string head =
      "==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000018 at pc 0x55 bp 0x7f sp 0x7e\n"
      "READ of size 8 at 0x602000000018 thread T0\n"
      "    #0 0x55 in mu::ParserBase::ParseCmdCodeBulk(int, int) const /src/muParserBase.cpp:1161\n"
      "    #1 0x56 in (anonymous namespace)::thunk_40(palus::harness::Call&) /work/harness.cpp:900\n"
      "\n"
      "0x602000000018 is located 0 bytes to the right of 8-byte region [0x602000000010,0x602000000018)\n"
      "allocated by thread T0 here:\n"
      "    #0 0x70 in operator new(unsigned long) ../../../../src/libsanitizer/asan/asan_new_delete.cpp:95\n";
  const auto made = detail::parse_sanitizer_report(
      head +
      "    #1 0x71 in double& palus::harness::Call::pointee<double>(unsigned long) /p/palus_harness.hpp:180\n"
      "    #2 0x72 in (anonymous namespace)::thunk_25(palus::harness::Call&) /work/harness.cpp:560\n\n");
  EXPECT_EQ(made.used_in_thunk, 40);
  EXPECT_EQ(made.pointee_in_thunk, 25);
  const auto kept = detail::parse_sanitizer_report(
      head + "    #1 0x71 in (anonymous namespace)::thunk_9(palus::harness::Call&) /work/harness.cpp:90\n\n");
  EXPECT_EQ(kept.pointee_in_thunk, -1) << "an object the thunk made (c.keep(new T(...)))";
  const auto library = detail::parse_sanitizer_report(
      head +
      "    #1 0x71 in mu::ParserByteCode::AddVal(double) /src/muParserBytecode.cpp:120\n"
      "    #2 0x72 in (anonymous namespace)::thunk_9(palus::harness::Call&) /work/harness.cpp:90\n\n");
  EXPECT_EQ(library.pointee_in_thunk, -1) << "the library made it";
  // The allocation stack ends at its blank line: a thread's creation stack after it is no part of it.
  const auto thread = detail::parse_sanitizer_report(
      head +
      "\nThread T1 created by T0 here:\n"
      "    #0 0x80 in __interceptor_pthread_create ../../../../src/libsanitizer/asan/asan_interceptors.cpp:216\n"
      "    #1 0x81 in double& palus::harness::Call::pointee<double>(unsigned long) /p/palus_harness.hpp:180\n"
      "    #2 0x82 in (anonymous namespace)::thunk_4(palus::harness::Call&) /work/harness.cpp:40\n\n");
  EXPECT_EQ(thread.pointee_in_thunk, -1);
}

TEST(SanitizerReport, OutOfMemoryAndSegv) {
  auto oom = detail::parse_sanitizer_report(
      "==9==ERROR: AddressSanitizer: out of memory: allocator is trying to allocate 0x100000000 bytes\n"
      "    #0 0x7f in operator new(unsigned long) ../../../../src/libsanitizer/asan/asan_new_delete.cpp:99\n"
      "    #1 0x55 in grow() /src/g.cpp:7\n"
      "SUMMARY: AddressSanitizer: out-of-memory ../../../../src/libsanitizer/asan/asan_new_delete.cpp:99 in new\n");
  ASSERT_TRUE(oom.found);
  EXPECT_TRUE(oom.oom);
  EXPECT_EQ(oom.kind, "out-of-memory");
  EXPECT_EQ(oom.top_frame, "grow() /src/g.cpp:7");

  auto rss = detail::parse_sanitizer_report(
      "==24116==AddressSanitizer: hard rss limit exhausted (2048Mb vs 2050Mb)\n"
      "==24116==Process memory map follows:\n"
      "\t0x00007fff7000-0x00008fff7000\t\n"
      "==24116==End of process memory map.\n");
  EXPECT_TRUE(rss.found);
  EXPECT_EQ(rss.message, "AddressSanitizer: hard rss limit exhausted (2048Mb vs 2050Mb)");
  EXPECT_TRUE(rss.oom);
  EXPECT_EQ(rss.kind, "rss-limit-exceeded");

  auto segv = detail::parse_sanitizer_report(
      "AddressSanitizer:DEADLYSIGNAL\n"
      "==9==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x1 bp 0x2 sp 0x3 T0)\n"
      "==9==The signal is caused by a WRITE memory access.\n"
      "    #0 0x55 in crash() /src/c.cpp:3\n"
      "    #1 0x7f (/lib/x86_64-linux-gnu/libc.so.6+0x271ca) (BuildId: abc)\n");
  EXPECT_FALSE(segv.oom);
  EXPECT_EQ(segv.kind, "SEGV");
  EXPECT_EQ(segv.top_frame, "crash() /src/c.cpp:3");
  EXPECT_TRUE(starts_with(segv.message, "AddressSanitizer: SEGV on unknown address"));

  auto unsymbolized = detail::parse_sanitizer_report(
      "==9==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000\n"
      "    #0 0x55 (/work/palus-harness+0x1234) (BuildId: 12ab)\n");
  EXPECT_EQ(unsymbolized.top_frame, "(/work/palus-harness+0x1234)");

  EXPECT_FALSE(detail::parse_sanitizer_report("just some output\n").found);
}

TEST(OutputSplitter, SplitsAtMarkersEvenAcrossReads) {
  std::string stream = "a\n" + detail::output_marker(1) + std::string("b\0c", 3) + detail::output_marker(2) + "tail";
  for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
    SCOPED_TRACE(cut);
    detail::OutputSplitter split(100);
    split.append(stream.data(), cut);
    split.append(stream.data() + cut, stream.size() - cut);
    split.flush();
    EXPECT_TRUE(split.has(1));
    EXPECT_TRUE(split.has(2));
    EXPECT_EQ(split.take(1).take(), "a\n");
    EXPECT_EQ(split.take(2).take(), std::string("b\0c", 3));
    EXPECT_EQ(split.take(3).take(), "tail");
  }
  detail::OutputSplitter split(100);
  std::string half = detail::output_marker(9).substr(0, 5);
  split.append(half.data(), half.size());
  split.flush();
  EXPECT_EQ(split.take(9).take(), half) << "a cut marker at the end of the stream is output";
}

TEST(OutputTail, KeepsTheLastBytes) {
  detail::OutputTail tail(4);
  tail.append("ab", 2);
  tail.append("cdef", 4);
  tail.append("g", 1);
  EXPECT_EQ(tail.total(), 7u);
  EXPECT_EQ(tail.take(), "defg");
  EXPECT_EQ(tail.total(), 0u);
  EXPECT_EQ(detail::last_nonempty_line("a\nassert failed\n\n  \n"), "assert failed");
  EXPECT_EQ(detail::signal_name(SIGSEGV), "SIGSEGV");
}

}  // namespace
}  // namespace palus::harness
