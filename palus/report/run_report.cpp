#include "palus/report/run_report.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>

#include "core/atomic_file.hpp"

namespace palus::report {
namespace {

double rounded(double v, double unit = 0.01) { return std::round(v / unit) * unit; }

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

  out << YAML::Key << "sequences" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "executed" << YAML::Value << r.sequences.executed;
  out << YAML::Key << "normal" << YAML::Value << r.sequences.normal;
  out << YAML::Key << "exception" << YAML::Value << r.sequences.exception;
  out << YAML::Key << "failure" << YAML::Value << r.sequences.failure;
  out << YAML::Key << "invalid" << YAML::Value << r.sequences.invalid;
  out << YAML::Key << "duplicates" << YAML::Value << r.sequences.duplicates;
  out << YAML::Key << "blocks" << YAML::Value << r.sequences.blocks;
  out << YAML::EndMap;

  out << YAML::Key << "tests" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "regression" << YAML::Value << r.tests.regression;
  out << YAML::Key << "failure" << YAML::Value << r.tests.failure;
  out << YAML::Key << "dropped_uncompilable" << YAML::Value << r.tests.dropped_uncompilable;
  out << YAML::Key << "dropped_flaky" << YAML::Value << r.tests.dropped_flaky;
  out << YAML::Key << "expected_exception" << YAML::Value << r.tests.expected_exception;
  out << YAML::Key << "pending" << YAML::Value << r.tests.pending;
  out << YAML::Key << "cut_no_new_blocks" << YAML::Value << r.tests.cut_no_new_blocks;
  out << YAML::EndMap;

  out << YAML::Key << "failures" << YAML::Value << YAML::BeginSeq;
  for (const auto& f : r.failures) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "kind" << YAML::Value << f.kind;
    out << YAML::Key << "callable" << YAML::Value << YAML::DoubleQuoted << f.callable;
    out << YAML::Key << "test" << YAML::Value << YAML::DoubleQuoted << f.test;
    out << YAML::Key << "message" << YAML::Value << YAML::DoubleQuoted << f.message;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;

  out << YAML::Key << "coverage" << YAML::Value;
  if (r.coverage) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "line" << YAML::Value << rounded(r.coverage->line, 0.1);
    out << YAML::Key << "branch" << YAML::Value << rounded(r.coverage->branch, 0.1);
    out << YAML::Key << "scope" << YAML::Value << r.coverage->scope;
    out << YAML::EndMap;
  } else {
    out << YAML::Null;
  }

  out << YAML::Key << "stages_s" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const char* stage : {"analyze", "trace", "model", "harness", "generate", "report"}) {
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
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

void write_report(const std::filesystem::path& dir, const RunReport& report) {
  write_file_atomically(dir / "report.yaml", to_yaml(report));
}

}  // namespace palus::report
