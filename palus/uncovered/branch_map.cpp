#include "palus/uncovered/branch_map.hpp"

#include <yaml-cpp/yaml.h>

#include <array>
#include <utility>

#include "core/error.hpp"
#include "core/yaml_reader.hpp"

namespace palus::uncovered {
namespace {

namespace fs = std::filesystem;

constexpr std::array<std::pair<Source::Kind, const char*>, 6> kKindNames{{
    {Source::Kind::this_field, "this-field"},
    {Source::Kind::param, "param"},
    {Source::Kind::param_field, "param-field"},
    {Source::Kind::external_call, "external-call"},
    {Source::Kind::library_call, "library-call"},
    {Source::Kind::global, "global"},
}};

class BranchMapReader : public YamlReader {
 public:
  using YamlReader::YamlReader;

  BranchMap read(const YAML::Node& root, const fs::path& base) const {
    BranchMap map;
    for (const auto& node : list(get(root, "branches"), "branches")) map.sites.push_back(site(node, base));
    for (const auto& node : list(get(root, "functions"), "functions")) map.functions.push_back(span(node, base));
    return map;
  }

 private:
  BranchSite site(const YAML::Node& node, const fs::path& base) const {
    BranchSite s;
    s.file = absolute_file(scalar(get(node, "file"), "file"), base);
    s.line = whole_value<unsigned>(get(node, "line"), "line");
    s.condition_end = whole_value<unsigned>(get(node, "condition_end"), "condition_end");
    s.end_line = whole_value<unsigned>(get(node, "end_line"), "end_line");
    s.construct = scalar(get(node, "construct"), "construct");
    s.function = scalar(get(node, "function"), "function");
    s.declared_file = absolute_file(scalar(get(node, "declared_file"), "declared_file"), base);
    s.declared_line = whole_value<unsigned>(get(node, "declared_line"), "declared_line");
    s.condition = scalar(get(node, "condition"), "condition");
    read_sources_and_constants(node, s.sources, s.constants);
    if (node["operands"]) {
      for (const auto& o : list(node["operands"], "operands")) {
        Operand& operand = s.operands.emplace_back();
        operand.text = scalar(get(o, "text"), "text");
        operand.line = whole_value<unsigned>(get(o, "line"), "line");
        read_sources_and_constants(o, operand.sources, operand.constants);
      }
    }
    if (node["cases"]) {
      for (const auto& c : list(node["cases"], "cases"))
        s.cases.emplace_back(scalar(get(c, "label"), "label"), whole_value<unsigned>(get(c, "line"), "line"));
    }
    if (node["invariant_arm"]) {
      const auto arm = list(node["invariant_arm"], "invariant_arm");
      if (arm.size() != 2)
        fail_at(where(node["invariant_arm"]), "expected 'invariant_arm' to be [first line, last line]");
      s.invariant_arm = {whole_value<unsigned>(arm[0], "invariant_arm"),
                         whole_value<unsigned>(arm[1], "invariant_arm")};
    }
    return s;
  }

  void read_sources_and_constants(const YAML::Node& node, std::vector<Source>& sources,
                                  std::vector<std::string>& constants) const {
    for (const auto& source : list(get(node, "sources"), "sources")) sources.push_back(read_source(source));
    for (const auto& constant : list(get(node, "constants"), "constants"))
      constants.push_back(scalar(constant, "constants"));
  }

  Source read_source(const YAML::Node& node) const {
    Source source;
    const std::string kind = scalar(get(node, "kind"), "kind");
    bool known = false;
    for (const auto& [value, name] : kKindNames) {
      if (kind == name) {
        source.kind = value;
        known = true;
      }
    }
    if (!known) fail_at(where(node), "expected 'kind' to be a source kind (this-field, param, ...), got '{}'", kind);
    source.name = scalar(get(node, "name"), "name");
    if (node["type"]) source.type = scalar(node["type"], "type");
    if (node["via"]) source.via = scalar(node["via"], "via");
    return source;
  }

  FunctionSpan span(const YAML::Node& node, const fs::path& base) const {
    FunctionSpan f;
    f.function = scalar(get(node, "function"), "function");
    f.file = absolute_file(scalar(get(node, "file"), "file"), base);
    f.line = whole_value<unsigned>(get(node, "line"), "line");
    f.end_line = whole_value<unsigned>(get(node, "end_line"), "end_line");
    f.declared_file = absolute_file(scalar(get(node, "declared_file"), "declared_file"), base);
    f.declared_line = whole_value<unsigned>(get(node, "declared_line"), "declared_line");
    names(node, "calls", f.calls);
    names(node, "writes", f.writes);
    names(node, "reads", f.reads);
    if (node["reads_text"]) f.reads_text = boolean_value(node["reads_text"], "reads_text");
    names(node, "overrides", f.overrides);
    if (node["makes"]) {
      for (const auto& made : list(node["makes"], "makes"))
        f.makes.emplace_back(scalar(get(made, "value"), "value"), whole_value<unsigned>(get(made, "line"), "line"));
    }
    return f;
  }

  /// The optional list of names under `key`.
  void names(const YAML::Node& node, const char* key, std::vector<std::string>& out) const {
    if (!node[key]) return;
    for (const auto& name : list(node[key], key)) out.push_back(scalar(name, key));
  }
};

void emit_sources_and_constants(YAML::Emitter& out, const std::vector<Source>& sources,
                                const std::vector<std::string>& constants) {
  out << YAML::Key << "sources" << YAML::Value << YAML::BeginSeq;
  for (const auto& source : sources) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << source_kind_name(source.kind);
    out << YAML::Key << "name" << YAML::Value << YAML::DoubleQuoted << source.name;
    if (!source.type.empty()) out << YAML::Key << "type" << YAML::Value << YAML::DoubleQuoted << source.type;
    if (!source.via.empty()) out << YAML::Key << "via" << YAML::Value << YAML::DoubleQuoted << source.via;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::Key << "constants" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const auto& c : constants) out << YAML::DoubleQuoted << c;
  out << YAML::EndSeq;
}

}  // namespace

std::string relative_file(const std::string& file, const fs::path& base) {
  if (file.empty()) return file;
  const fs::path shown = fs::path(file).lexically_relative(base);
  return shown.empty() || shown.native().starts_with("..") ? file : shown.string();
}

std::string absolute_file(const std::string& file, const fs::path& base) {
  if (file.empty() || fs::path(file).is_absolute()) return file;
  return (base / file).lexically_normal().string();
}

std::string source_kind_name(Source::Kind kind) {
  for (const auto& [value, name] : kKindNames) {
    if (value == kind) return name;
  }
  return "?";
}

std::string branch_map_to_yaml(const BranchMap& map, const fs::path& base) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "branches" << YAML::Value << YAML::BeginSeq;
  for (const auto& s : map.sites) {
    out << YAML::BeginMap;
    out << YAML::Key << "file" << YAML::Value << relative_file(s.file, base);
    out << YAML::Key << "line" << YAML::Value << s.line;
    out << YAML::Key << "condition_end" << YAML::Value << s.condition_end;
    out << YAML::Key << "end_line" << YAML::Value << s.end_line;
    out << YAML::Key << "construct" << YAML::Value << YAML::DoubleQuoted << s.construct;
    out << YAML::Key << "function" << YAML::Value << YAML::DoubleQuoted << s.function;
    out << YAML::Key << "declared_file" << YAML::Value << relative_file(s.declared_file, base);
    out << YAML::Key << "declared_line" << YAML::Value << s.declared_line;
    out << YAML::Key << "condition" << YAML::Value << YAML::DoubleQuoted << s.condition;
    emit_sources_and_constants(out, s.sources, s.constants);
    if (!s.operands.empty()) {
      out << YAML::Key << "operands" << YAML::Value << YAML::BeginSeq;
      for (const auto& operand : s.operands) {
        out << YAML::BeginMap << YAML::Key << "text" << YAML::Value << YAML::DoubleQuoted << operand.text;
        out << YAML::Key << "line" << YAML::Value << operand.line;
        emit_sources_and_constants(out, operand.sources, operand.constants);
        out << YAML::EndMap;
      }
      out << YAML::EndSeq;
    }
    if (s.invariant_arm.first != 0) {
      out << YAML::Key << "invariant_arm" << YAML::Value << YAML::Flow << YAML::BeginSeq << s.invariant_arm.first
          << s.invariant_arm.second << YAML::EndSeq;
    }
    if (!s.cases.empty()) {
      out << YAML::Key << "cases" << YAML::Value << YAML::BeginSeq;
      for (const auto& [label, line] : s.cases) {
        out << YAML::Flow << YAML::BeginMap << YAML::Key << "label" << YAML::Value << YAML::DoubleQuoted << label
            << YAML::Key << "line" << YAML::Value << line << YAML::EndMap;
      }
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::Key << "functions" << YAML::Value << YAML::BeginSeq;
  for (const auto& f : map.functions) {
    out << YAML::Flow << YAML::BeginMap;
    emit_function_span(out, f, base);
    out << YAML::Key << "declared_file" << YAML::Value << relative_file(f.declared_file, base);
    out << YAML::Key << "declared_line" << YAML::Value << f.declared_line;
    const auto emit_names = [&](const char* key, const std::vector<std::string>& names) {
      if (names.empty()) return;
      out << YAML::Key << key << YAML::Value << YAML::BeginSeq;
      for (const auto& name : names) out << YAML::DoubleQuoted << name;
      out << YAML::EndSeq;
    };
    emit_names("calls", f.calls);
    emit_names("writes", f.writes);
    emit_names("reads", f.reads);
    if (f.reads_text) out << YAML::Key << "reads_text" << YAML::Value << true;
    emit_names("overrides", f.overrides);
    if (!f.makes.empty()) {
      out << YAML::Key << "makes" << YAML::Value << YAML::BeginSeq;
      for (const auto& [value, line] : f.makes) {
        out << YAML::BeginMap << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted << value << YAML::Key
            << "line" << YAML::Value << line << YAML::EndMap;
      }
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

BranchMap read_branch_map(const fs::path& file, const fs::path& base) {
  return read_yaml_file(file, "the branches.yaml that 'palus analyze' writes",
                        [&](const YAML::Node& root) { return BranchMapReader(file.string()).read(root, base); });
}

}  // namespace palus::uncovered
