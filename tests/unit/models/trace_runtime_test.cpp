// The trace runtime end to end: runs the hand-instrumented sample program (trace_sample.cpp) with
// PALUS_TRACE_FILE set, reads the trace back with the trace reader and checks the events.

#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "models/trace_reader.hpp"
#include "test_files.hpp"
#include "unit/models/trace_sample.hpp"

#ifndef TRACE_SAMPLE
#error "TRACE_SAMPLE must name the hand-instrumented sample program"
#endif

extern char** environ;

namespace palus::models {
namespace {

namespace fs = std::filesystem;
using palus::testing::ScratchDir;
using namespace trace_sample;
using Kind = TraceValue::Kind;

/// Runs the sample with `args`, recording to `trace` (no recording when empty); the wait status.
int run_sample(const std::vector<std::string>& args, const fs::path& trace) {
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::strncmp(*e, "PALUS_TRACE_FILE=", 17) != 0) env_strings.emplace_back(*e);
  }
  if (!trace.empty()) env_strings.push_back("PALUS_TRACE_FILE=" + trace.string());
  std::vector<std::string> arg_strings{TRACE_SAMPLE};
  arg_strings.insert(arg_strings.end(), args.begin(), args.end());
  auto pointers = [](std::vector<std::string>& strings) {
    std::vector<char*> out;
    for (auto& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
  };
  auto argv = pointers(arg_strings);
  auto envp = pointers(env_strings);
  pid_t pid = 0;
  if (posix_spawn(&pid, TRACE_SAMPLE, nullptr, nullptr, argv.data(), envp.data()) != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

struct Recorded {
  int status = 0;
  Trace trace;
  TraceHeader header;
};

Recorded record(const std::vector<std::string>& args) {
  ScratchDir dir("palus-trace");
  Recorded out;
  out.status = run_sample(args, dir.path() / "trace");
  out.header = for_each_event(dir.path() / "trace", [&](const TraceEvent& e) { out.trace.events.push_back(e); });
  out.trace.complete = out.header.complete;
  out.trace.table_hash = out.header.table_hash;
  return out;
}

bool exited_normally(int status) { return WIFEXITED(status) && WEXITSTATUS(status) == 0; }

std::vector<TraceEvent> events_of(const Trace& trace, std::uint32_t callable, EventKind kind) {
  std::vector<TraceEvent> out;
  for (const auto& e : trace.events)
    if (e.callable == callable && e.kind == kind) out.push_back(e);
  return out;
}

/// Per thread: every exit closes the innermost open enter, with the same callable, role, self and
/// parent; every enter's parent is the innermost open call. Calls may be left open: a program
/// that ends inside a call (exit, a crash) never leaves it.
::testing::AssertionResult well_nested(const Trace& trace) {
  std::map<std::uint32_t, std::vector<const TraceEvent*>> open;
  std::set<std::uint64_t> calls;
  for (std::size_t i = 0; i < trace.events.size(); ++i) {
    const TraceEvent& e = trace.events[i];
    auto& stack = open[e.thread];
    if (e.kind == EventKind::enter) {
      const std::uint64_t innermost = stack.empty() ? 0 : stack.back()->call;
      if (e.parent != innermost)
        return ::testing::AssertionFailure() << "event " << i << ": parent " << e.parent << ", expected " << innermost;
      if (!calls.insert(e.call).second) return ::testing::AssertionFailure() << "event " << i << ": call reused";
      stack.push_back(&e);
    } else if (e.kind == EventKind::exit) {
      if (stack.empty() || stack.back()->call != e.call)
        return ::testing::AssertionFailure() << "event " << i << ": exit of call " << e.call << " is not innermost";
      const TraceEvent& enter = *stack.back();
      if (enter.callable != e.callable || enter.role != e.role || enter.self != e.self || enter.parent != e.parent)
        return ::testing::AssertionFailure() << "event " << i << ": exit differs from its enter";
      stack.pop_back();
    }
  }
  return ::testing::AssertionSuccess();
}

/// Records `args` into `out`, which must end normally with a well-nested trace.
void record_nested(const std::vector<std::string>& args, Recorded& out) {
  out = record(args);
  ASSERT_TRUE(exited_normally(out.status));
  EXPECT_TRUE(well_nested(out.trace));
}

TEST(TraceRuntime, RecordsNestedCallsWithProfiles) {
  const Recorded r = record({"nesting"});
  ASSERT_TRUE(exited_normally(r.status));
  EXPECT_TRUE(r.trace.complete);
  EXPECT_TRUE(well_nested(r.trace));
  const auto& ev = r.trace.events;
  ASSERT_EQ(ev.size(), 9u);
  struct Expected {
    EventKind kind;
    std::uint32_t callable;
    ProbeRole role;
    std::uint64_t self;
    std::string profile;
  };
  const std::vector<Expected> expected{
      {EventKind::enter, outer, ProbeRole::function, 0, ""},
      {EventKind::enter, widget_ctor, ProbeRole::constructor, 1, ""},
      {EventKind::exit, widget_ctor, ProbeRole::constructor, 1, "0E"},
      {EventKind::enter, widget_grow, ProbeRole::method, 1, "0E"},
      {EventKind::exit, widget_grow, ProbeRole::method, 1, "+E"},
      {EventKind::enter, widget_dtor, ProbeRole::destructor, 1, "+E"},
      {EventKind::exit, widget_dtor, ProbeRole::destructor, 1, ""},
      {EventKind::object_end, widget_dtor, ProbeRole::destructor, 1, ""},
      {EventKind::exit, outer, ProbeRole::function, 0, ""},
  };
  for (std::size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(ev[i].kind, expected[i].kind);
    EXPECT_EQ(ev[i].callable, expected[i].callable);
    EXPECT_EQ(ev[i].role, expected[i].role);
    EXPECT_EQ(ev[i].self, expected[i].self);
    EXPECT_EQ(ev[i].profile, expected[i].profile);
    EXPECT_EQ(ev[i].thread, 0u);
  }
  EXPECT_EQ(ev[0].call, 1u);
  EXPECT_EQ(ev[1].parent, ev[0].call);  // constructed inside outer()
  EXPECT_TRUE(ev[1].first_seen);
  EXPECT_FALSE(ev[3].first_seen);
  ASSERT_EQ(ev[3].args.size(), 1u);
  EXPECT_EQ(ev[3].args[0].kind, Kind::signed_integer);
  EXPECT_EQ(ev[3].args[0].i, 2);
}

TEST(TraceRuntime, RecordsNothingWithoutTraceFile) {
  ScratchDir dir("palus-trace");
  EXPECT_TRUE(exited_normally(run_sample({"nesting"}, {})));
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

TEST(TraceRuntime, AddressReuseStartsANewIdentity) {
  const Recorded r = record({"address_reuse"});
  ASSERT_TRUE(exited_normally(r.status));
  const auto ctors = events_of(r.trace, widget_ctor, EventKind::enter);
  const auto ends = events_of(r.trace, widget_dtor, EventKind::object_end);
  ASSERT_EQ(ctors.size(), 2u);
  EXPECT_EQ(ctors[0].self, 1u);
  EXPECT_EQ(ctors[1].self, 2u);
  EXPECT_TRUE(ctors[0].first_seen && ctors[1].first_seen);
  ASSERT_EQ(ends.size(), 2u);
  EXPECT_EQ(ends[0].self, 1u);
  EXPECT_EQ(ends[1].self, 2u);
}

TEST(TraceRuntime, BaseAndDerivedShareOneIdentity) {
  Recorded r;
  ASSERT_NO_FATAL_FAILURE(record_nested({"inheritance"}, r));
  const auto base_ctors = events_of(r.trace, base_ctor, EventKind::enter);
  const auto derived_ctors = events_of(r.trace, derived_ctor, EventKind::enter);
  const auto derived_dtors = events_of(r.trace, derived_dtor, EventKind::enter);
  const auto base_dtors = events_of(r.trace, base_dtor, EventKind::enter);
  const auto ends = events_of(r.trace, derived_dtor, EventKind::object_end);
  for (const auto* events : {&base_ctors, &derived_ctors, &derived_dtors, &base_dtors, &ends})
    ASSERT_EQ(events->size(), 2u);
  for (int i = 0; i < 2; ++i) {
    SCOPED_TRACE(i);
    const std::uint64_t id = static_cast<std::uint64_t>(i) + 1;
    EXPECT_EQ(base_ctors[i].self, id);
    EXPECT_TRUE(base_ctors[i].first_seen);
    EXPECT_EQ(derived_ctors[i].self, id);
    EXPECT_FALSE(derived_ctors[i].first_seen);
    EXPECT_EQ(derived_dtors[i].self, id);
    EXPECT_EQ(ends[i].self, id);
    EXPECT_EQ(base_dtors[i].self, 0u);  // after the identity ended: no new one
  }
  EXPECT_EQ(events_of(r.trace, base_dtor, EventKind::object_end).size(), 0u);
  const auto touches = events_of(r.trace, base_touch, EventKind::enter);
  ASSERT_EQ(touches.size(), 1u);
  EXPECT_EQ(touches[0].self, 1u);
  EXPECT_EQ(touches[0].profile, "+");  // Base's profile function: the static type
}

TEST(TraceRuntime, ReuseAfterAnUnprobedDestructorStartsANewIdentity) {
  const Recorded r = record({"reuse_unprobed_destructor"});
  ASSERT_TRUE(exited_normally(r.status));
  const auto ctors = events_of(r.trace, point_ctor, EventKind::enter);
  ASSERT_EQ(ctors.size(), 6u);
  std::set<std::uint64_t> identities;
  for (const auto& c : ctors) {
    EXPECT_TRUE(c.first_seen);
    identities.insert(c.self);
  }
  EXPECT_EQ(identities.size(), 6u);
  const auto touches = events_of(r.trace, point_touch, EventKind::enter);
  ASSERT_EQ(touches.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(touches[i].self, ctors[3 + i].self);
}

TEST(TraceRuntime, ProbesReachedFromProfileFunctionsAreNotRecorded) {
  Recorded r;
  ASSERT_NO_FATAL_FAILURE(record_nested({"profile_calls_probed_method"}, r));
  const auto sets = events_of(r.trace, gauge_set, EventKind::enter);
  ASSERT_EQ(sets.size(), 1u);
  EXPECT_EQ(sets[0].profile, "+");
  EXPECT_EQ(events_of(r.trace, gauge_set, EventKind::exit)[0].profile, "+");
  EXPECT_EQ(events_of(r.trace, gauge_level, EventKind::enter).size(), 1u);  // only main's own call
  EXPECT_EQ(r.trace.events.size(), 4u);
}

TEST(TraceRuntime, FirstSeenWhenConstructionWasNotProbed) {
  Recorded r;
  ASSERT_NO_FATAL_FAILURE(record_nested({"unprobed_construction"}, r));
  const auto touches = events_of(r.trace, plain_touch, EventKind::enter);
  ASSERT_EQ(touches.size(), 2u);
  EXPECT_TRUE(touches[0].first_seen);
  EXPECT_FALSE(touches[1].first_seen);
  EXPECT_EQ(touches[0].self, touches[1].self);
  EXPECT_NE(touches[0].self, 0u);
}

TEST(TraceRuntime, FirstMemberAtTheOwnersAddressIsAnotherObject) {
  Recorded r;
  ASSERT_NO_FATAL_FAILURE(record_nested({"unprobed_construction"}, r));
  const auto member = events_of(r.trace, member_ctor, EventKind::enter);
  const auto owner = events_of(r.trace, owner_ctor, EventKind::enter);
  const auto member_touches = events_of(r.trace, member_touch, EventKind::enter);
  const auto owner_touches = events_of(r.trace, owner_touch, EventKind::enter);
  for (const auto* events : {&member, &owner, &member_touches, &owner_touches}) ASSERT_EQ(events->size(), 1u);
  EXPECT_NE(member[0].self, owner[0].self);
  EXPECT_TRUE(owner[0].first_seen);
  EXPECT_EQ(member_touches[0].self, member[0].self);
  EXPECT_EQ(owner_touches[0].self, owner[0].self);
}

TEST(TraceRuntime, DelegatingConstructorKeepsTheIdentity) {
  Recorded r;
  ASSERT_NO_FATAL_FAILURE(record_nested({"delegating"}, r));
  const auto target = events_of(r.trace, widget_ctor, EventKind::enter);
  const auto delegating = events_of(r.trace, widget_ctor_delegating, EventKind::enter);
  const auto delegating_exit = events_of(r.trace, widget_ctor_delegating, EventKind::exit);
  ASSERT_EQ(target.size(), 1u);
  ASSERT_EQ(delegating.size(), 1u);
  EXPECT_EQ(delegating[0].self, target[0].self);
  EXPECT_FALSE(delegating[0].first_seen);
  ASSERT_EQ(delegating[0].args.size(), 1u);
  EXPECT_EQ(delegating[0].args[0].kind, Kind::string);
  EXPECT_EQ(delegating[0].args[0].s, "named");
  ASSERT_EQ(delegating_exit.size(), 1u);
  EXPECT_EQ(delegating_exit[0].profile, "0F");
}

TEST(TraceRuntime, RecordsArgumentValues) {
  const Recorded r = record({"arguments"});
  ASSERT_TRUE(exited_normally(r.status));
  const auto values = events_of(r.trace, takes_values, EventKind::enter);
  ASSERT_EQ(values.size(), 2u);
  const auto& a = values[0].args;
  ASSERT_EQ(a.size(), 11u);
  EXPECT_EQ(a[0].kind, Kind::signed_integer);
  EXPECT_EQ(a[0].i, -5);
  EXPECT_EQ(a[1].kind, Kind::unsigned_integer);
  EXPECT_EQ(a[1].u, 7u);
  EXPECT_EQ(a[2].kind, Kind::boolean);
  EXPECT_EQ(a[2].i, 1);
  EXPECT_EQ(a[3].kind, Kind::signed_integer);  // enum: its underlying value
  EXPECT_EQ(a[3].i, -2);
  EXPECT_EQ(a[4].kind, Kind::floating);
  EXPECT_EQ(a[4].d, 2.5);
  EXPECT_EQ(a[5].kind, Kind::signed_integer);  // char
  EXPECT_EQ(a[5].i, 'A');
  EXPECT_EQ(a[6].kind, Kind::string);
  EXPECT_EQ(a[6].s, "hello");
  EXPECT_EQ(a[7].kind, Kind::string);
  EXPECT_EQ(a[7].s, "view");
  EXPECT_EQ(a[8].kind, Kind::string);
  EXPECT_EQ(a[8].s, "c string");
  EXPECT_EQ(a[9].kind, Kind::null_pointer);
  EXPECT_EQ(a[10].kind, Kind::signed_integer);
  EXPECT_EQ(a[10].i, -(1LL << 40));
  const auto& b = values[1].args;
  ASSERT_EQ(b.size(), 11u);
  EXPECT_EQ(b[2].i, 0);
  EXPECT_EQ(b[3].i, 7);
  EXPECT_TRUE(std::signbit(b[4].d));
  EXPECT_EQ(b[6].s, std::string(4096, 'x'));  // capped
  EXPECT_EQ(b[7].kind, Kind::string);
  EXPECT_EQ(b[7].s, "");
  EXPECT_EQ(b[8].kind, Kind::string);
  EXPECT_EQ(b[8].s, "");

  const auto objects = events_of(r.trace, takes_objects, EventKind::enter);
  ASSERT_EQ(objects.size(), 1u);
  const auto& o = objects[0].args;
  ASSERT_EQ(o.size(), 6u);
  const auto widget_ctors = events_of(r.trace, widget_ctor, EventKind::enter);
  ASSERT_EQ(widget_ctors.size(), 2u);  // the named one (delegating) and the owned one
  EXPECT_EQ(o[0].kind, Kind::object);
  EXPECT_EQ(o[0].object, widget_ctors[0].self);
  EXPECT_EQ(o[0].profile, "+F");
  EXPECT_EQ(o[1].kind, Kind::null_pointer);
  EXPECT_EQ(o[2].kind, Kind::object);  // unique_ptr
  EXPECT_EQ(o[2].object, widget_ctors[1].self);
  EXPECT_EQ(o[2].profile, "0E");
  EXPECT_EQ(o[3].kind, Kind::null_pointer);  // empty shared_ptr
  EXPECT_EQ(o[4].kind, Kind::object);        // incomplete type: identity, no profile
  EXPECT_EQ(o[4].object, widget_ctors[0].self);
  EXPECT_EQ(o[4].profile, "");
  EXPECT_EQ(o[5].kind, Kind::object);  // a class without identity or profile function
  EXPECT_EQ(o[5].object, 0u);
  EXPECT_EQ(o[5].profile, "");

  const auto unnamed = events_of(r.trace, takes_unnamed, EventKind::enter);
  ASSERT_EQ(unnamed.size(), 1u);
  ASSERT_EQ(unnamed[0].args.size(), 2u);
  EXPECT_EQ(unnamed[0].args[0].kind, Kind::none);
  EXPECT_EQ(unnamed[0].args[1].kind, Kind::none);
}

TEST(TraceRuntime, MarksExitsByException) {
  Recorded r;
  ASSERT_NO_FATAL_FAILURE(record_nested({"exceptions"}, r));
  const auto fails = events_of(r.trace, widget_fail, EventKind::exit);
  ASSERT_EQ(fails.size(), 2u);
  EXPECT_TRUE(fails[0].threw);
  EXPECT_TRUE(fails[1].threw);
  const auto dtors = events_of(r.trace, widget_dtor, EventKind::exit);
  ASSERT_EQ(dtors.size(), 2u);
  EXPECT_FALSE(dtors[0].threw);  // ran during unwinding, but returned normally
  const auto grows = events_of(r.trace, widget_grow, EventKind::exit);
  ASSERT_EQ(grows.size(), 1u);
  EXPECT_FALSE(grows[0].threw);
}

class TraceRuntimeEnds : public ::testing::TestWithParam<const char*> {};

TEST_P(TraceRuntimeEnds, LeaveAReadableTrace) {
  const std::string how = GetParam();
  const Recorded r = record({"ends", how});
  const bool normal = how == "return" || how == "exit";
  EXPECT_EQ(exited_normally(r.status), normal || how == "_exit");
  EXPECT_EQ(r.trace.complete, normal);
  EXPECT_TRUE(well_nested(r.trace));
  // The first outer() whole, then the running outer() and its widget's construction.
  ASSERT_GE(r.trace.events.size(), 12u);
  EXPECT_EQ(r.trace.events[9].callable, outer);
  EXPECT_EQ(r.trace.events[9].kind, EventKind::enter);
  EXPECT_EQ(r.trace.events[11].callable, widget_ctor);
  EXPECT_EQ(r.trace.events[11].kind, EventKind::exit);
  EXPECT_EQ(r.trace.events.size(), how == "return" ? 16u : 12u);
}

INSTANTIATE_TEST_SUITE_P(AnyWay, TraceRuntimeEnds,
                         ::testing::Values("return", "exit", "_exit", "abort", "segv", "kill"), [](const auto& info) {
                           return std::string(info.param[0] == '_' ? "underscore_exit" : info.param);
                         });

TEST(TraceRuntime, NestsPerThread) {
  Recorded r;
  ASSERT_NO_FATAL_FAILURE(record_nested({"threads"}, r));
  std::set<std::uint32_t> threads;
  for (const auto& e : r.trace.events) threads.insert(e.thread);
  EXPECT_EQ(threads, (std::set<std::uint32_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(r.trace.events.front().thread, 0u);
  const auto works = events_of(r.trace, work, EventKind::enter);
  EXPECT_EQ(works.size(), 2000u);
  std::map<std::uint64_t, const TraceEvent*> work_by_call;
  for (const auto& w : works) work_by_call[w.call] = &w;
  std::set<std::uint64_t> identities;
  for (const auto& c : events_of(r.trace, widget_ctor, EventKind::enter)) {
    if (c.parent == 1) continue;  // the main thread's outer()
    ASSERT_EQ(work_by_call.count(c.parent), 1u);
    EXPECT_EQ(work_by_call[c.parent]->thread, c.thread);
    EXPECT_TRUE(c.first_seen);
    EXPECT_TRUE(identities.insert(c.self).second);
  }
  EXPECT_EQ(identities.size(), 2000u);
}

TEST(TraceRuntime, ForkedChildDoesNotWrite) {
  const Recorded r = record({"forks"});
  ASSERT_TRUE(exited_normally(r.status));
  EXPECT_TRUE(r.trace.complete);
  EXPECT_TRUE(well_nested(r.trace));
  EXPECT_EQ(events_of(r.trace, outer, EventKind::enter).size(), 2u);
  EXPECT_EQ(r.trace.events.size(), 18u);
}

TEST(TraceRuntime, TableHashMayComeAfterEvents) {
  const Recorded r = record({"table_hash"});
  ASSERT_TRUE(exited_normally(r.status));
  EXPECT_TRUE(r.header.has_table_hash);
  EXPECT_EQ(r.trace.table_hash, 0x1234abcd5678ef01ULL);
  EXPECT_EQ(r.trace.events.size(), 18u);
}

TEST(TraceRuntime, ProbesKeepErrno) {
  ScratchDir dir("palus-trace");
  EXPECT_TRUE(exited_normally(run_sample({"errno"}, dir.path() / "trace")));
}

TEST(TraceRuntime, LargeTraceGrowsTheFileAndIsCutToItsEvents) {
  ScratchDir dir("palus-trace");
  const fs::path file = dir.path() / "trace";
  ASSERT_TRUE(exited_normally(run_sample({"many", "50000"}, file)));
  std::size_t events = 0;
  const TraceHeader header = for_each_event(file, [&](const TraceEvent&) { ++events; });
  EXPECT_TRUE(header.complete);
  EXPECT_EQ(events, 50000u * 9);
  EXPECT_GT(header.committed_end, 1u << 20);
  EXPECT_EQ(fs::file_size(file), header.committed_end);
}

}  // namespace
}  // namespace palus::models
