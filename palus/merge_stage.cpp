#include "palus/merge_stage.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <set>

#include "core/error.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/merge/shard_merge.hpp"
#include "palus/merge/written_suite.hpp"
#include "palus/writer/suite_includes.hpp"
#include "palus/writer/suite_writer.hpp"

namespace palus {
namespace {

namespace fs = std::filesystem;

fs::path canonical_or_absolute(const fs::path& path) {
  std::error_code error;
  fs::path canonical = fs::weakly_canonical(fs::absolute(path), error);
  return error ? fs::absolute(path).lexically_normal() : canonical;
}

void add_sequences(report::RunReport::Sequences& sum, const report::RunReport::Sequences& s) {
  sum.executed += s.executed;
  sum.normal += s.normal;
  sum.exception += s.exception;
  sum.failure += s.failure;
  sum.invalid += s.invalid;
  sum.duplicates += s.duplicates;
}

/// The shard's report.yaml entry of its failure test `test` ("out/X_failure_test.cpp:X_f_1").
const report::FailureEntry* failure_entry(const merge::WrittenSuite& suite, const merge::WrittenTest& test) {
  const std::string suffix = test.record.file.generic_string() + ":" + test.record.name.name;
  for (const auto* list : {&suite.report.failures, &suite.report.suspects})
    for (const auto& f : *list)
      if (f.test == suffix || f.test.ends_with("/" + suffix)) return &f;
  return nullptr;
}

report::RunReport::Merge::Shard figures_of(const merge::WrittenSuite& s) {
  report::RunReport::Merge::Shard figures;
  figures.dir = s.shown;
  figures.shard = s.report.shard;
  figures.seed = s.report.seed;
  figures.sequences = s.report.sequences;
  figures.regression = s.report.tests.regression;
  figures.failure = s.report.tests.failure;
  figures.coverage = s.report.coverage;
  return figures;
}

}  // namespace

report::RunReport merge_stage(const MergeRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  const Config& config = *request.config;
  if (request.shards.empty()) throw UserError("palus merge: no shard folder given");
  const fs::path out = canonical_or_absolute(config.output.dir);
  const std::vector<std::string> library_includes = writer::header_includes(config);
  std::vector<merge::WrittenSuite> suites;
  std::set<fs::path> seen;
  for (const fs::path& dir : request.shards) {
    const fs::path canonical = canonical_or_absolute(dir);
    if (canonical == out) fail_at(dir.string(), "is the output folder of the merge; give --out another folder");
    if (!seen.insert(canonical).second) fail_at(dir.string(), "is given twice");
    suites.push_back(merge::read_written_suite(dir, dir.string(), library_includes));
  }
  const merge::MergePlan plan = merge::plan_merge(suites);
  const merge::WrittenSuite& leading = *plan.order.front();

  writer::SuiteOptions options;
  options.dir = config.output.dir;
  options.tests_per_file = static_cast<std::size_t>(config.output.tests_per_file);
  options.header = {PALUS_VERSION, leading.report.seed, leading.report.mode, request.command};
  options.includes = library_includes;
  options.render.theories_includes = writer::theories_includes(config);
  options.render.every_state = config.generate.assert_all;
  options.harness_code = plan.blocks_compared ? leading.harness_code : "";
  static const generation::Catalog no_catalog;  // nothing is rendered here: the tests come written
  fs::create_directories(config.output.dir);
  writer::SuiteWriter suite_writer(options, no_catalog);

  report::RunReport summary;
  summary.palus_version = PALUS_VERSION;
  summary.command = request.command;
  summary.seed = leading.report.seed;
  summary.mode = leading.report.mode;
  summary.time_limit_s = leading.report.time_limit_s;
  summary.max_steps = leading.report.max_steps;
  summary.merge.emplace();
  for (const merge::WrittenSuite* s : plan.order) {
    add_sequences(summary.sequences, s->report.sequences);
    summary.interrupted = summary.interrupted || s->report.interrupted;
    summary.tests.dropped_uncompilable += s->report.tests.dropped_uncompilable;
    summary.tests.dropped_flaky += s->report.tests.dropped_flaky;
    summary.tests.cut_no_new_blocks += s->report.tests.cut_no_new_blocks;
    summary.tests.cut_writes_static += s->report.tests.cut_writes_static;
    summary.tests.cut_covered += s->report.tests.cut_covered;
    summary.merge->shards.push_back(figures_of(*s));
  }
  for (const merge::KeptTest& k : plan.kept) {
    writer::RenderedTest rendered = k.test->rendered;
    // Always: a shard written by an older palus has TEST, and one suite cannot mix it with TEST_F.
    rendered.text = merge::with_test_name(rendered.text, k.name);
    suite_writer.accept_rendered(k.test->subject, k.name, std::move(rendered), k.test->record);
    summary.tests.expected_exception += k.test->record.kind == generation::TestKind::expected_exception;
  }
  for (const merge::KeptTest& k : plan.kept) {
    if (k.test->record.kind != generation::TestKind::failure) continue;
    report::FailureEntry entry;
    if (const report::FailureEntry* found = failure_entry(*k.suite, *k.test)) entry = *found;
    entry.key = k.test->record.identity.empty() ? entry.key : k.test->record.identity;
    entry.test = suite_writer.location(k.name);
    entry.suspicion = k.test->record.suspicion;
    (entry.suspicion.empty() ? summary.failures : summary.suspects).push_back(std::move(entry));
  }
  for (const merge::WrittenSuite* s : plan.order)
    for (const std::string& p : s->report.preconditions)
      if (std::find(summary.preconditions.begin(), summary.preconditions.end(), p) == summary.preconditions.end())
        summary.preconditions.push_back(p);
  suite_writer.write_all();

  summary.tests.regression = suite_writer.regression_count();
  summary.tests.suspect = summary.suspects.size();
  summary.tests.failure = suite_writer.failure_count() - summary.tests.suspect;
  summary.merge->tests_read = plan.tests_read;
  summary.merge->cut_duplicate = plan.cut_duplicate;
  summary.merge->cut_no_new_blocks = plan.cut_no_new_blocks;
  summary.merge->renamed = plan.renamed;
  summary.merge->blocks_compared = plan.blocks_compared;
  summary.stages_s["merge"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report::write_report(config.output.dir, summary);
  return summary;
}

}  // namespace palus
