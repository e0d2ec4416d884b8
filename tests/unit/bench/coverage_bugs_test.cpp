// bench/coverage_bugs: which known bug a reported failure is. The samples' own check relies on it,
// so each signature must identify one bug and the matcher must be able to say "not this one".

#include "bench/coverage_bugs.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

Signature signature(std::string kind, std::string callable, std::string message = {}, std::string frame = {}) {
  Signature s;
  s.bug = "B1";
  s.kind = std::move(kind);
  s.callable = std::move(callable);
  s.message = std::move(message);
  s.frame = std::move(frame);
  return s;
}

TEST(BugSignature, ASignatureOfAWholeClassOrNamespaceIsTooBroad) {
  EXPECT_NE(too_broad(signature("sanitizer", "^ns::Solver::", "heap-use-after-free")), "");
  EXPECT_NE(too_broad(signature("sanitizer", "^ns::Solver::solve\\(|^ns_theories::", "heap-use-after-free")), "")
      << "any theory";
  EXPECT_NE(too_broad(signature("theory", "")), "") << "no callable";
  EXPECT_NE(too_broad(signature("sanitizer", "^ns::Solver::.*", "heap-use-after-free")), "");
  EXPECT_NE(too_broad(signature("sanitizer", "^", "heap-use-after-free")), "");
  EXPECT_EQ(too_broad(signature("sanitizer", "^ns::Solver::(solve|reset)\\(", "heap-use-after-free")), "");
  EXPECT_EQ(too_broad(signature("hang", "^ns::Solver::solve\\(")), "") << "a hang is its callable";
}

TEST(BugSignature, ACrashNeedsAMessageOrAFrame) {
  EXPECT_NE(too_broad(signature("crash", "^ns::f\\(")), "");
  EXPECT_NE(too_broad(signature("sanitizer", "^ns::f\\(")), "");
  EXPECT_EQ(too_broad(signature("crash", "^ns::f\\(", "^SIGSEGV")), "");
  EXPECT_EQ(too_broad(signature("sanitizer", "^ns::f\\(", "", "ns::g")), "");
}

TEST(BugSignature, MatchesKindCallableMessageAndTopFrame) {
  const std::vector<Signature> signatures{signature("sanitizer", "^ns::A::get\\(", "heap-use-after-free", "A::row")};
  Failure f{"sanitizer", "ns::A::get(int)", "gen/A_failure_test.cpp:A_get_1",
            "AddressSanitizer: heap-use-after-free on address 0x1",
            "sanitizer\nns::A::get(int)\nns::A::row() const /src/a.cpp:9"};
  EXPECT_EQ(known_bug(f, "/nonexistent", signatures), "B1");
  Failure other_frame = f;
  other_frame.key = "sanitizer\nns::A::get(int)\nns::A::cell() /src/a.cpp:20";
  EXPECT_EQ(known_bug(other_frame, "/nonexistent", signatures), "") << "another bug in the same call";
  Failure other_message = f;
  other_message.message = "AddressSanitizer: heap-buffer-overflow on address 0x1";
  EXPECT_EQ(known_bug(other_message, "/nonexistent", signatures), "");
  Failure other_kind = f;
  other_kind.kind = "crash";
  EXPECT_EQ(known_bug(other_kind, "/nonexistent", signatures), "");
  Failure other_callable = f;
  other_callable.callable = "ns::A::put(int)";
  EXPECT_EQ(known_bug(other_callable, "/nonexistent", signatures), "");
}

TEST(BugSignature, ABugsFileWithATooBroadSignatureIsRefused) {
  const fs::path dir = fs::path(::testing::TempDir()) / "coverage_bugs_test";
  fs::create_directories(dir);
  std::ofstream(dir / "bugs.yaml") << "signatures:\n  - {bug: B2, kind: sanitizer, callable: '^ns::A::'}\n";
  try {
    read_signatures(dir);
    ADD_FAILURE() << "accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bugs.yaml"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("B2"), std::string::npos) << e.what();
  }
}

TEST(BugSignature, EverySamplesBugsFileIsAccepted) {
  for (const auto& entry : fs::directory_iterator(fs::path(PALUS_SOURCE_ROOT) / "samples")) {
    if (!fs::exists(entry.path() / "bugs.yaml")) continue;
    SCOPED_TRACE(entry.path().string());
    EXPECT_FALSE(read_signatures(entry.path()).empty());
  }
}

}  // namespace
}  // namespace palus::bench
