#include "palus/report/run_report.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>

#include "core/atomic_file.hpp"
#include "core/yaml_reader.hpp"

namespace palus::report {
namespace {

double rounded(double v, double unit = 0.01) { return std::round(v / unit) * unit; }

/// A count in report.yaml: its key and member, in the order written. An optional one came after
/// the first reports and reads as 0 where it is missing.
template <typename Of>
struct Count {
  const char* key;
  std::uint64_t Of::*member;
  bool optional = false;
};

using Sequences = RunReport::Sequences;
using Tests = RunReport::Tests;

constexpr Count<Sequences> kSequenceCounts[] = {
    {"executed", &Sequences::executed},  {"normal", &Sequences::normal},   {"exception", &Sequences::exception},
    {"failure", &Sequences::failure},    {"invalid", &Sequences::invalid}, {"duplicates", &Sequences::duplicates, true},
    {"blocks", &Sequences::blocks, true}};

constexpr Count<Tests> kTestCounts[] = {{"regression", &Tests::regression},
                                        {"failure", &Tests::failure},
                                        {"dropped_uncompilable", &Tests::dropped_uncompilable},
                                        {"dropped_flaky", &Tests::dropped_flaky},
                                        {"expected_exception", &Tests::expected_exception},
                                        {"pending", &Tests::pending},
                                        {"cut_no_new_blocks", &Tests::cut_no_new_blocks, true},
                                        {"suspect", &Tests::suspect, true},
                                        {"cut_writes_static", &Tests::cut_writes_static, true},
                                        {"cut_covered", &Tests::cut_covered, true}};

/// The counts of `of` as a flow map.
template <typename Of, std::size_t N>
void emit_counts(YAML::Emitter& out, const Of& of, const Count<Of> (&counts)[N]) {
  out << YAML::Flow << YAML::BeginMap;
  for (const Count<Of>& c : counts) out << YAML::Key << c.key << YAML::Value << of.*c.member;
  out << YAML::EndMap;
}

void emit_sequences(YAML::Emitter& out, const Sequences& s) { emit_counts(out, s, kSequenceCounts); }

void emit_failures(YAML::Emitter& out, const std::vector<FailureEntry>& failures) {
  out << YAML::BeginSeq;
  for (const auto& f : failures) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "kind" << YAML::Value << f.kind;
    out << YAML::Key << "callable" << YAML::Value << YAML::DoubleQuoted << f.callable;
    out << YAML::Key << "test" << YAML::Value << YAML::DoubleQuoted << f.test;
    out << YAML::Key << "message" << YAML::Value << YAML::DoubleQuoted << f.message;
    if (!f.key.empty()) out << YAML::Key << "key" << YAML::Value << YAML::DoubleQuoted << f.key;
    if (!f.suspicion.empty()) out << YAML::Key << "suspicion" << YAML::Value << YAML::DoubleQuoted << f.suspicion;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

void emit_coverage(YAML::Emitter& out, const std::optional<RunReport::Coverage>& coverage) {
  if (!coverage) {
    out << YAML::Null;
    return;
  }
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "line" << YAML::Value << rounded(coverage->line, 0.1);
  out << YAML::Key << "branch" << YAML::Value << rounded(coverage->branch, 0.1);
  out << YAML::Key << "scope" << YAML::Value << coverage->scope;
  out << YAML::EndMap;
}

void emit_shard(YAML::Emitter& out, const ShardInfo& shard) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "index" << YAML::Value << shard.index;
  out << YAML::Key << "count" << YAML::Value << shard.count;
  out << YAML::Key << "seed" << YAML::Value << shard.seed;
  out << YAML::EndMap;
}

void emit_merge(YAML::Emitter& out, const RunReport::Merge& m) {
  out << YAML::BeginMap;
  out << YAML::Key << "tests_read" << YAML::Value << m.tests_read;
  out << YAML::Key << "cut_duplicate" << YAML::Value << m.cut_duplicate;
  out << YAML::Key << "cut_no_new_blocks" << YAML::Value << m.cut_no_new_blocks;
  out << YAML::Key << "renamed" << YAML::Value << m.renamed;
  out << YAML::Key << "blocks_compared" << YAML::Value << m.blocks_compared;
  out << YAML::Key << "shards" << YAML::Value << YAML::BeginSeq;
  for (const auto& s : m.shards) {
    out << YAML::BeginMap;
    out << YAML::Key << "dir" << YAML::Value << YAML::DoubleQuoted << s.dir;
    out << YAML::Key << "shard" << YAML::Value;
    if (s.shard)
      emit_shard(out, *s.shard);
    else
      out << YAML::Null;
    out << YAML::Key << "seed" << YAML::Value << s.seed;
    out << YAML::Key << "sequences" << YAML::Value;
    emit_sequences(out, s.sequences);
    out << YAML::Key << "tests" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "regression" << YAML::Value << s.regression;
    out << YAML::Key << "failure" << YAML::Value << s.failure;
    out << YAML::EndMap;
    out << YAML::Key << "coverage" << YAML::Value;
    emit_coverage(out, s.coverage);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
}

class ReportReader : public YamlReader {
 public:
  using YamlReader::YamlReader;

  RunReport read(const YAML::Node& root) const {
    RunReport r;
    r.palus_version = scalar(get(root, "palus_version"), "palus_version");
    r.command = scalar(get(root, "command"), "command");
    r.seed = whole_value<std::uint64_t>(get(root, "seed"), "seed");
    r.mode = scalar(get(root, "mode"), "mode");
    r.time_limit_s = number(get(root, "time_limit_s"), "time_limit_s");
    if (const YAML::Node m = root["max_steps"]; m.IsDefined()) r.max_steps = whole_value<std::uint64_t>(m, "max_steps");
    r.interrupted = boolean_value(get(root, "interrupted"), "interrupted");
    r.sequences = sequences(get(root, "sequences"));
    read_counts(get(root, "tests"), r.tests, kTestCounts);
    if (const YAML::Node a = root["assertions"]; a.IsDefined()) {
      r.assertions.candidates = count(a, "candidates");
      r.assertions.written = count(a, "written");
    }
    r.failures = failures(get(root, "failures"), "failures");
    if (root["suspects"].IsDefined()) r.suspects = failures(root["suspects"], "suspects");
    if (root["preconditions"].IsDefined())
      for (const YAML::Node& p : list(root["preconditions"], "preconditions"))
        r.preconditions.push_back(scalar(p, "preconditions"));
    if (const YAML::Node c = get(root, "coverage"); !c.IsNull())
      r.coverage = RunReport::Coverage{number(get(c, "line"), "line"), number(get(c, "branch"), "branch"),
                                       scalar(get(c, "scope"), "scope")};
    if (const YAML::Node s = root["shard"]; s.IsDefined() && !s.IsNull())
      r.shard = ShardInfo{whole_value<std::uint32_t>(get(s, "index"), "index"),
                          whole_value<std::uint32_t>(get(s, "count"), "count"),
                          whole_value<std::uint64_t>(get(s, "seed"), "seed")};
    return r;
  }

 private:
  std::vector<FailureEntry> failures(const YAML::Node& node, std::string_view what) const {
    std::vector<FailureEntry> out;
    for (const YAML::Node& f : list(node, what)) {
      FailureEntry e{scalar(get(f, "kind"), "kind"),
                     scalar(get(f, "callable"), "callable"),
                     scalar(get(f, "test"), "test"),
                     scalar(get(f, "message"), "message"),
                     "",
                     ""};
      if (f["key"].IsDefined()) e.key = scalar(f["key"], "key");
      if (f["suspicion"].IsDefined()) e.suspicion = scalar(f["suspicion"], "suspicion");
      out.push_back(std::move(e));
    }
    return out;
  }
  double number(const YAML::Node& value, std::string_view what) const {
    double result = 0;
    if (!value.IsScalar() || !YAML::convert<double>::decode(value, result))
      fail_at(where(value), "expected '{}' to be a number, got {}", what, describe(value));
    return result;
  }
  std::uint64_t count(const YAML::Node& map, std::string_view key) const {
    return whole_value<std::uint64_t>(get(map, key), key);
  }
  Sequences sequences(const YAML::Node& map) const {
    Sequences s;
    read_counts(map, s, kSequenceCounts);
    return s;
  }
  template <typename Of, std::size_t N>
  void read_counts(const YAML::Node& map, Of& of, const Count<Of> (&counts)[N]) const {
    for (const Count<Of>& c : counts) {
      if (!c.optional || map[c.key].IsDefined()) of.*c.member = count(map, c.key);
    }
  }
};

}  // namespace

std::string to_yaml(const RunReport& r) {
  YAML::Emitter out;
  out.SetDoublePrecision(10);
  out << YAML::BeginMap;
  out << YAML::Key << "palus_version" << YAML::Value << r.palus_version;
  out << YAML::Key << "command" << YAML::Value << YAML::DoubleQuoted << r.command;
  out << YAML::Key << "seed" << YAML::Value << r.seed;
  out << YAML::Key << "mode" << YAML::Value << r.mode;
  out << YAML::Key << "time_limit_s" << YAML::Value << rounded(r.time_limit_s, 0.001);
  if (r.max_steps) out << YAML::Key << "max_steps" << YAML::Value << *r.max_steps;
  out << YAML::Key << "interrupted" << YAML::Value << r.interrupted;

  out << YAML::Key << "sequences" << YAML::Value;
  emit_sequences(out, r.sequences);

  out << YAML::Key << "tests" << YAML::Value;
  emit_counts(out, r.tests, kTestCounts);
  if (r.assertions.candidates > 0 || r.assertions.written > 0) {  // palus merge reads tests, not their candidates
    out << YAML::Key << "assertions" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "candidates" << YAML::Value << r.assertions.candidates;
    out << YAML::Key << "written" << YAML::Value << r.assertions.written;
    out << YAML::EndMap;
  }

  if (!r.strategies.empty()) {
    out << YAML::Key << "strategies" << YAML::Value << YAML::BeginMap;
    for (const auto& [name, st] : r.strategies) {
      out << YAML::Key << name << YAML::Value << YAML::Flow << YAML::BeginMap;
      out << YAML::Key << "executed" << YAML::Value << st.executed;
      out << YAML::Key << "found" << YAML::Value << st.found;
      out << YAML::Key << "new_blocks" << YAML::Value << st.new_blocks;
      out << YAML::Key << "seconds" << YAML::Value << std::round(st.seconds * 10) / 10;
      out << YAML::EndMap;
    }
    out << YAML::EndMap;
  }

  out << YAML::Key << "failures" << YAML::Value;
  emit_failures(out, r.failures);
  out << YAML::Key << "suspects" << YAML::Value;
  emit_failures(out, r.suspects);
  out << YAML::Key << "preconditions" << YAML::Value << YAML::BeginSeq;
  for (const auto& p : r.preconditions) out << YAML::DoubleQuoted << p;
  out << YAML::EndSeq;

  out << YAML::Key << "coverage" << YAML::Value;
  emit_coverage(out, r.coverage);

  out << YAML::Key << "stages_s" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const char* stage : {"analyze", "trace", "model", "harness", "generate", "merge", "report"}) {
    if (auto found = r.stages_s.find(stage); found != r.stages_s.end())
      out << YAML::Key << stage << YAML::Value << rounded(found->second, 0.1);
  }
  out << YAML::EndMap;

  out << YAML::Key << "unsupported" << YAML::Value << YAML::BeginSeq;
  for (const auto& u : r.unsupported) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "entity" << YAML::Value << YAML::DoubleQuoted << u.entity;
    out << YAML::Key << "reason" << YAML::Value << YAML::DoubleQuoted << u.reason;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  if (r.shard) {
    out << YAML::Key << "shard" << YAML::Value;
    emit_shard(out, *r.shard);
  }
  if (r.budget) {
    out << YAML::Key << "budget" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "limit_s" << YAML::Value << rounded(r.budget->limit_s, 0.1);
    out << YAML::Key << "generation_s" << YAML::Value << rounded(r.budget->generation_s, 0.1);
    out << YAML::Key << "predicted_check_s" << YAML::Value << rounded(r.budget->predicted_check_s, 0.1);
    out << YAML::Key << "check_s" << YAML::Value << rounded(r.budget->check_s, 0.1);
    out << YAML::Key << "predicted_report_s" << YAML::Value << rounded(r.budget->predicted_report_s, 0.1);
    out << YAML::Key << "overrun" << YAML::Value << r.budget->overrun;
    out << YAML::EndMap;
  }
  if (r.merge) {
    out << YAML::Key << "merge" << YAML::Value;
    emit_merge(out, *r.merge);
  }
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

RunReport read_report(const std::filesystem::path& file) {
  return read_yaml_file(file, "the report.yaml that 'palus run' writes",
                        [&](const YAML::Node& root) { return ReportReader(file.string()).read(root); });
}

void write_report(const std::filesystem::path& dir, const RunReport& report) {
  write_file_atomically(dir / "report.yaml", to_yaml(report));
}

}  // namespace palus::report
