// palus merge's parts: reading a written suite back, and choosing the joined suite's tests.

#include "palus/merge/shard_merge.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/error.hpp"
#include "palus/merge/written_suite.hpp"
#include "palus/writer/suite_manifest.hpp"

namespace palus::merge {
namespace {

namespace fs = std::filesystem;

WrittenTest test(const std::string& name, const std::string& body, std::vector<std::uint32_t> blocks = {},
                 generation::TestKind kind = generation::TestKind::regression, const std::string& identity = "") {
  WrittenTest t;
  t.record.file = "Widget_regression_test.cpp";
  t.record.name = {"WidgetRegressionTest", name};
  t.record.kind = kind;
  t.record.identity = identity;
  t.record.blocks = std::move(blocks);
  t.subject = "Widget";
  t.rendered.text = "TEST(WidgetRegressionTest, " + name + ") {\n" + body + "}\n";
  return t;
}

WrittenSuite suite(const std::string& dir, std::uint32_t index, std::vector<WrittenTest> tests,
                   const std::string& code = "c0de") {
  WrittenSuite s;
  s.dir = dir;
  s.shown = dir;
  s.report.shard = report::ShardInfo{index, 2, 100 + index};
  s.harness_code = code;
  s.tests = std::move(tests);
  return s;
}

std::vector<std::string> kept_names(const MergePlan& plan) {
  std::vector<std::string> names;
  for (const KeptTest& k : plan.kept) names.push_back(k.name.name);
  return names;
}

TEST(ShardMerge, TheSuiteReachingMostBlocksLeadsAndKeepsAllItsTestsWhateverTheOrderGiven) {
  const std::vector<WrittenSuite> given = {
      suite("a", 1, {test("Widget_size_1", "  a;\n", {1})}),
      suite("b", 2, {test("Widget_size_1", "  b;\n", {1, 2, 3}), test("Widget_size_2", "  c;\n", {4})}),
  };
  const MergePlan plan = plan_merge(given);
  ASSERT_EQ(plan.order.size(), 2u);
  EXPECT_EQ(plan.order[0]->shown, "b");
  EXPECT_EQ(kept_names(plan), (std::vector<std::string>{"Widget_size_1", "Widget_size_2"}))
      << "a's only test reaches block 1, which b's first test reached";
  EXPECT_EQ(plan.cut_no_new_blocks, 1u);
  const std::vector<WrittenSuite> reversed = {given[1], given[0]};
  EXPECT_EQ(kept_names(plan_merge(reversed)), kept_names(plan));
}

TEST(ShardMerge, ATestWithNewBlocksIsKeptUnderAFreeNameWhenItsOwnIsTaken) {
  const MergePlan plan = plan_merge({
      suite("a", 1, {test("Widget_size_1", "  a;\n", {1, 2}), test("Widget_size_2", "  b;\n", {3})}),
      suite("b", 2, {test("Widget_size_1", "  c;\n", {9})}),
  });
  EXPECT_EQ(kept_names(plan), (std::vector<std::string>{"Widget_size_1", "Widget_size_2", "Widget_size_3"}));
  EXPECT_EQ(plan.renamed, 1u);
  EXPECT_EQ(plan.kept.back().test->record.name.name, "Widget_size_1") << "the record keeps the shard's own name";
}

TEST(ShardMerge, TheSameBodyFailureOrExceptionIsCutAsADuplicate) {
  const MergePlan plan = plan_merge({
      suite("a", 1,
            {test("Widget_size_1", "  a;\n", {1, 2}),
             test("Widget_crash_1", "  x;\n", {}, generation::TestKind::failure, "crash\nf\ng"),
             test("Widget_throw_1", "  t;\n", {5}, generation::TestKind::expected_exception, "f\nstd::logic_error")}),
      suite("b", 2,
            {test("Widget_size_7", "  a;\n", {8}),
             test("Widget_crash_1", "  // palus: sanitizer: at 0x7ffc\n  y;\n", {}, generation::TestKind::failure,
                  "crash\nf\ng"),
             test("Widget_throw_2", "  u;\n", {5}, generation::TestKind::expected_exception, "f\nstd::logic_error"),
             test("Widget_throw_3", "  v;\n", {6}, generation::TestKind::expected_exception, "f\nstd::logic_error")}),
  });
  EXPECT_EQ(kept_names(plan),
            (std::vector<std::string>{"Widget_size_1", "Widget_crash_1", "Widget_throw_1", "Widget_throw_3"}))
      << "the same body is one test whatever its blocks; a failure with the same key is one failure; an expected "
         "exception seen already is kept only when it reaches new blocks";
  EXPECT_EQ(plan.cut_duplicate, 3u);
}

TEST(ShardMerge, ASuspectDoesNotHideAFailureOfTheSameKey) {
  WrittenTest suspect = test("Widget_crash_1", "  x(-1);\n", {}, generation::TestKind::failure, "crash\nf\ng");
  suspect.record.suspicion = "`n` of f got -1";
  WrittenTest again = suspect;
  again.rendered.text = "TEST(WidgetRegressionTest, Widget_crash_2) {\n  x(-2);\n}\n";
  const WrittenTest confident = test("Widget_crash_3", "  x(3);\n", {}, generation::TestKind::failure, "crash\nf\ng");
  const MergePlan plan = plan_merge({suite("a", 1, {test("Widget_size_1", "  a;\n", {1, 2}), suspect}),
                                     suite("b", 2, {test("Widget_size_2", "  b;\n", {1}), again, confident})});
  EXPECT_EQ(kept_names(plan), (std::vector<std::string>{"Widget_size_1", "Widget_crash_1", "Widget_crash_3"}))
      << "a second suspect of the key is a duplicate; the failure met with plain inputs is not";
  const MergePlan reversed = plan_merge({suite("a", 1, {test("Widget_size_1", "  a;\n", {1, 2}), confident}),
                                         suite("b", 2, {test("Widget_size_2", "  b;\n", {1}), suspect})});
  EXPECT_EQ(kept_names(reversed), (std::vector<std::string>{"Widget_size_1", "Widget_crash_3"}))
      << "a suspect of a key already failing adds nothing";
}

TEST(ShardMerge, HarnessesOfDifferentCodeAreNotComparedByBlocks) {
  const MergePlan plan = plan_merge({
      suite("a", 1, {test("Widget_size_1", "  a;\n", {1, 2})}, "aaaa"),
      suite("b", 2, {test("Widget_size_1", "  b;\n", {1})}, "bbbb"),
  });
  EXPECT_FALSE(plan.blocks_compared);
  EXPECT_EQ(plan.kept.size(), 2u) << "block 1 of one harness need not be block 1 of the other";
}

TEST(ShardMerge, BodyKeyIgnoresTheNameAndPalusComments) {
  EXPECT_EQ(body_key("TEST(S, A_1) {\n  a;\n  // palus: SIGSEGV at 0x1\n}\n"), body_key("TEST(S, A_9) {\n  a;\n}\n"));
  EXPECT_NE(body_key("TEST(S, A_1) {\n  a;\n}\n"), body_key("TEST(S, A_1) {\n  b;\n}\n"));
}

TEST(WrittenSuite, SubjectAndRenaming) {
  EXPECT_EQ(subject_of_file("Statement_regression_test.cpp"), "Statement");
  EXPECT_EQ(subject_of_file("xml_node_failure_3_test.cpp"), "xml_node");
  EXPECT_EQ(subject_of_file("notes.cpp"), "");
  EXPECT_EQ(with_test_name("TEST(S, A_1) {\n  a;\n}\n", {"S", "A_4"}), "TEST_F(S, A_4) {\n  a;\n}\n");
}

class WrittenSuiteFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / "written_suite_test";
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(dir_ / "report.yaml")
        << "palus_version: 0.1.0\ncommand: \"palus run\"\nseed: 3\nmode: palus\n"
           "time_limit_s: 60\ninterrupted: false\n"
           "sequences: {executed: 10, normal: 5, exception: 1, failure: 0, invalid: 4}\n"
           "tests: {regression: 2, failure: 0, dropped_uncompilable: 0, "
           "dropped_flaky: 0, expected_exception: 0, pending: 0}\n"
           "failures: []\ncoverage: ~\nstages_s: {}\nunsupported: []\n";
    std::ofstream(dir_ / "Widget_regression_test.cpp") << "// Generated by palus 0.1.0: regression tests of Widget.\n"
                                                          "#include <gtest/gtest.h>\n\n#include <cmath>\n\n"
                                                          "#include \"widget.hpp\"\n\n"
                                                          "TEST(WidgetRegressionTest, Widget_size_1) {\n  a;\n}\n\n"
                                                          "TEST(WidgetRegressionTest, Widget_size_2) {\n  b;\n}\n";
  }
  void manifest(const std::string& tests) {
    std::ofstream(dir_ / writer::kManifestFile) << "# Generated by palus\nharness_code: c0de\ntests:\n" << tests;
  }
  fs::path dir_;
};

TEST_F(WrittenSuiteFolder, TestsAreReadInTheManifestsOrderWithTheirFilesOtherIncludes) {
  manifest(
      "  - {file: Widget_regression_test.cpp, suite: WidgetRegressionTest, name: Widget_size_2, kind: regression, "
      "blocks: [4, 5]}\n"
      "  - {file: Widget_regression_test.cpp, suite: WidgetRegressionTest, name: Widget_size_1, kind: regression}\n");
  const WrittenSuite s = read_written_suite(dir_, "shard-1", {"\"widget.hpp\""});
  EXPECT_EQ(s.report.seed, 3u);
  EXPECT_EQ(s.harness_code, "c0de");
  ASSERT_EQ(s.tests.size(), 2u);
  EXPECT_EQ(s.tests[0].rendered.text, "TEST(WidgetRegressionTest, Widget_size_2) {\n  b;\n}\n");
  EXPECT_EQ(s.tests[0].record.blocks, (std::vector<std::uint32_t>{4, 5}));
  EXPECT_EQ(s.tests[0].subject, "Widget");
  EXPECT_EQ(s.tests[1].rendered.includes, (std::set<std::string>{"<cmath>"}));
}

TEST_F(WrittenSuiteFolder, ATestTheManifestListsButItsFileLacksIsAnErrorNamingTheManifest) {
  manifest(
      "  - {file: Widget_regression_test.cpp, suite: WidgetRegressionTest, name: Widget_size_9, kind: regression}\n");
  try {
    read_written_suite(dir_, "shard-1", {});
    FAIL() << "a missing test was not noticed";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("tests.yaml"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("Widget_size_9"), std::string::npos) << e.what();
  }
}

TEST_F(WrittenSuiteFolder, AFolderWithoutManifestOrReportIsAnError) {
  EXPECT_THROW(read_written_suite(dir_, "shard-1", {}), UserError) << "no tests.yaml";
  manifest("  []\n");
  fs::remove(dir_ / "report.yaml");
  EXPECT_THROW(read_written_suite(dir_, "shard-1", {}), UserError) << "no report.yaml";
  EXPECT_THROW(read_written_suite(dir_ / "none", "none", {}), UserError);
}

TEST(SuiteManifest, WhatIsWrittenIsReadBack) {
  writer::SuiteManifest m;
  m.harness_code = "0123456789abcdef";
  writer::ManifestTest t;
  t.file = "Widget_failure_test.cpp";
  t.name = {"WidgetFailureTest", "Widget_crash_1"};
  t.kind = generation::TestKind::failure;
  t.identity = "crash\nWidget::crash()\nWidget::crash";
  t.blocks = {1, 2};
  m.tests.push_back(t);
  const fs::path file = fs::path(::testing::TempDir()) / "suite_manifest_test.yaml";
  std::ofstream(file) << writer::manifest_yaml(m, "Generated by palus 0.1.0: test");
  const writer::SuiteManifest back = writer::read_manifest(file);
  EXPECT_EQ(back.harness_code, m.harness_code);
  ASSERT_EQ(back.tests.size(), 1u);
  EXPECT_EQ(back.tests[0].file, t.file);
  EXPECT_EQ(back.tests[0].name, t.name);
  EXPECT_EQ(back.tests[0].kind, generation::TestKind::failure);
  EXPECT_EQ(back.tests[0].identity, t.identity);
  EXPECT_EQ(back.tests[0].blocks, t.blocks);
}

}  // namespace
}  // namespace palus::merge
