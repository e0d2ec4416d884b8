#include "palus/writer/suite_manifest.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <iterator>
#include <utility>

#include "core/error.hpp"
#include "core/yaml_reader.hpp"

namespace palus::writer {
namespace {

using generation::TestKind;

constexpr std::pair<TestKind, const char*> kKindNames[] = {{TestKind::regression, "regression"},
                                                           {TestKind::expected_exception, "expected_exception"},
                                                           {TestKind::failure, "failure"}};

const char* kind_name(TestKind kind) {
  for (const auto& [k, name] : kKindNames)
    if (k == kind) return name;
  return "regression";
}

class ManifestReader : public YamlReader {
 public:
  using YamlReader::YamlReader;

  SuiteManifest read(const YAML::Node& root) const {
    SuiteManifest manifest;
    if (const YAML::Node code = get(root, "harness_code"); !code.IsNull())
      manifest.harness_code = scalar(code, "harness_code");
    for (const YAML::Node& t : list(get(root, "tests"), "tests")) {
      ManifestTest test;
      test.file = scalar(get(t, "file"), "file");
      test.name.suite = scalar(get(t, "suite"), "suite");
      test.name.name = scalar(get(t, "name"), "name");
      const std::string kind = scalar(get(t, "kind"), "kind");
      const auto* named = std::find_if(std::begin(kKindNames), std::end(kKindNames),
                                       [&](const auto& entry) { return kind == entry.second; });
      if (named == std::end(kKindNames))
        fail_at(where(t["kind"]), "expected 'kind' to be regression, expected_exception or failure, got '{}'", kind);
      test.kind = named->first;
      if (const YAML::Node identity = t["identity"]; identity.IsDefined()) test.identity = scalar(identity, "identity");
      if (const YAML::Node why = t["suspicion"]; why.IsDefined()) test.suspicion = scalar(why, "suspicion");
      if (const YAML::Node blocks = t["blocks"]; blocks.IsDefined())
        for (const YAML::Node& b : list(blocks, "blocks"))
          test.blocks.push_back(whole_value<std::uint32_t>(b, "blocks"));
      manifest.tests.push_back(std::move(test));
    }
    return manifest;
  }
};

}  // namespace

std::string manifest_yaml(const SuiteManifest& manifest, const std::string& header) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "harness_code" << YAML::Value;
  if (manifest.harness_code.empty())
    out << YAML::Null;
  else
    out << manifest.harness_code;
  out << YAML::Key << "tests" << YAML::Value << YAML::BeginSeq;
  for (const ManifestTest& t : manifest.tests) {
    out << YAML::BeginMap;
    out << YAML::Key << "file" << YAML::Value << t.file.generic_string();
    out << YAML::Key << "suite" << YAML::Value << t.name.suite;
    out << YAML::Key << "name" << YAML::Value << t.name.name;
    out << YAML::Key << "kind" << YAML::Value << kind_name(t.kind);
    if (!t.identity.empty()) out << YAML::Key << "identity" << YAML::Value << YAML::DoubleQuoted << t.identity;
    if (!t.suspicion.empty()) out << YAML::Key << "suspicion" << YAML::Value << YAML::DoubleQuoted << t.suspicion;
    if (!t.blocks.empty()) out << YAML::Key << "blocks" << YAML::Value << YAML::Flow << t.blocks;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  return "# " + header + "\n" + out.c_str() + "\n";
}

SuiteManifest read_manifest(const std::filesystem::path& file) {
  return read_yaml_file(file, "the tests.yaml that 'palus run' writes",
                        [&](const YAML::Node& root) { return ManifestReader(file.string()).read(root); });
}

}  // namespace palus::writer
