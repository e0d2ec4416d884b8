#include "palus/uncovered/diagnosis_yaml.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "core/yaml_reader.hpp"
#include "palus/uncovered/branch_map.hpp"

namespace palus::uncovered {
namespace {

namespace fs = std::filesystem;

/// 3,4,5,9 -> "3-5,9".
std::string line_ranges(const std::vector<unsigned>& lines) {
  std::string text;
  for (std::size_t i = 0; i < lines.size();) {
    std::size_t j = i;
    while (j + 1 < lines.size() && lines[j + 1] == lines[j] + 1) ++j;
    text += (text.empty() ? "" : ",") + (i == j ? std::to_string(lines[i]) : fmt::format("{}-{}", lines[i], lines[j]));
    i = j + 1;
  }
  return text;
}

void emit_problem(YAML::Emitter& out, const Problem& p, const Diagnosis& d, const fs::path& base) {
  out << YAML::BeginMap;
  out << YAML::Key << "file" << YAML::Value << relative_file(p.file, base);
  out << YAML::Key << "line" << YAML::Value << p.line;
  out << YAML::Key << "category" << YAML::Value << p.category;
  out << YAML::Key << "subject" << YAML::Value << YAML::DoubleQuoted << p.subject;
  out << YAML::Key << "blocked_lines" << YAML::Value << p.blocked_lines;
  out << YAML::Key << "branches" << YAML::Value << p.branches.size();
  out << YAML::Key << "cause" << YAML::Value << YAML::DoubleQuoted << p.cause;
  out << YAML::Key << "suggestion" << YAML::Value << YAML::DoubleQuoted << p.suggestion;
  out << YAML::Key << "sites" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (std::size_t i = 0; i < p.branches.size() && i < 10; ++i) {
    const auto& b = d.branches[p.branches[i]];
    out << fmt::format("{}:{}", relative_file(b.file, base), b.line);
  }
  out << YAML::EndSeq << YAML::EndMap;
}

class DiagnosisReader : public YamlReader {
 public:
  using YamlReader::YamlReader;

  Diagnosis read(const YAML::Node& root, const fs::path& base) const {
    Diagnosis d;
    for (const auto& node : list(get(root, "branches"), "branches")) {
      FrontierBranch b;
      b.file = absolute_file(scalar(get(node, "file"), "file"), base);
      b.line = whole_value<unsigned>(get(node, "line"), "line");
      b.construct = scalar(get(node, "construct"), "construct");
      b.function = scalar(get(node, "function"), "function");
      b.condition = scalar(get(node, "condition"), "condition");
      for (const auto& t : list(get(node, "taken"), "taken")) b.taken.push_back(whole_value<long>(t, "taken"));
      b.blocked = ranges(get(node, "blocked"));
      b.category = scalar(get(node, "category"), "category");
      b.subject = scalar(get(node, "subject"), "subject");
      b.cause = scalar(get(node, "cause"), "cause");
      b.suggestion = scalar(get(node, "suggestion"), "suggestion");
      d.branches.push_back(std::move(b));
    }
    for (const auto& node : list(get(root, "unreached"), "unreached")) {
      UnreachedFunction f;
      f.function = scalar(get(node, "function"), "function");
      f.file = absolute_file(scalar(get(node, "file"), "file"), base);
      f.line = whole_value<unsigned>(get(node, "line"), "line");
      f.end_line = whole_value<unsigned>(get(node, "end_line"), "end_line");
      f.lines = whole_value<int>(get(node, "lines"), "lines");
      d.unreached.push_back(std::move(f));
    }
    d.frontier_lines = whole_value<int>(get(root, "frontier_lines"), "frontier_lines");
    d.frontier_without_condition =
        whole_value<int>(get(root, "frontier_without_condition"), "frontier_without_condition");
    return d;
  }

 private:
  std::vector<unsigned> ranges(const YAML::Node& node) const {
    std::vector<unsigned> lines;
    const std::string text = scalar(node, "blocked");
    std::size_t at = 0;
    while (at < text.size()) {
      std::size_t comma = text.find(',', at);
      if (comma == std::string::npos) comma = text.size();
      const std::string part = text.substr(at, comma - at);
      const std::size_t dash = part.find('-');
      try {
        const unsigned first = static_cast<unsigned>(std::stoul(part.substr(0, dash)));
        const unsigned last =
            dash == std::string::npos ? first : static_cast<unsigned>(std::stoul(part.substr(dash + 1)));
        for (unsigned l = first; l <= last && last - first < 1000000; ++l) lines.push_back(l);
      } catch (const std::exception&) {
        fail_at(where(node), "expected 'blocked' to be line ranges (\"3-5,9\"), got '{}'", text);
      }
      at = comma + 1;
    }
    return lines;
  }
};

}  // namespace

std::string problems_yaml(const Diagnosis& diagnosis, const fs::path& base, std::size_t limit) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "uncovered" << YAML::Value << YAML::BeginSeq;
  for (std::size_t i = 0; i < diagnosis.problems.size() && i < limit; ++i)
    emit_problem(out, diagnosis.problems[i], diagnosis, base);
  out << YAML::EndSeq << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string with_uncovered_key(std::string text, const std::string& block) {
  const std::size_t start = text.starts_with("uncovered:") ? 0 : text.find("\nuncovered:");
  if (start != std::string::npos) {
    // From its line to the next top-level key (or the end).
    const std::size_t from = start == 0 ? 0 : start + 1;
    std::size_t end = text.find('\n', from);
    while (end != std::string::npos && end + 1 < text.size() &&
           (text[end + 1] == ' ' || text[end + 1] == '-' || text[end + 1] == '\n'))
      end = text.find('\n', end + 1);
    text.erase(from, end == std::string::npos ? std::string::npos : end + 1 - from);
  }
  if (!text.empty() && !text.ends_with('\n')) text += '\n';
  return text + block;
}

std::string diagnosis_to_yaml(const Diagnosis& diagnosis, const fs::path& base) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "frontier_lines" << YAML::Value << diagnosis.frontier_lines;
  out << YAML::Key << "frontier_without_condition" << YAML::Value << diagnosis.frontier_without_condition;
  out << YAML::Key << "problems" << YAML::Value << YAML::BeginSeq;
  for (const auto& p : diagnosis.problems) emit_problem(out, p, diagnosis, base);
  out << YAML::EndSeq << YAML::Key << "branches" << YAML::Value << YAML::BeginSeq;
  for (const auto& b : diagnosis.branches) {
    out << YAML::BeginMap;
    out << YAML::Key << "file" << YAML::Value << relative_file(b.file, base);
    out << YAML::Key << "line" << YAML::Value << b.line;
    out << YAML::Key << "construct" << YAML::Value << YAML::DoubleQuoted << b.construct;
    out << YAML::Key << "function" << YAML::Value << YAML::DoubleQuoted << b.function;
    out << YAML::Key << "condition" << YAML::Value << YAML::DoubleQuoted << b.condition;
    out << YAML::Key << "taken" << YAML::Value << YAML::Flow << b.taken;
    out << YAML::Key << "blocked" << YAML::Value << YAML::DoubleQuoted << line_ranges(b.blocked);
    out << YAML::Key << "category" << YAML::Value << b.category;
    out << YAML::Key << "subject" << YAML::Value << YAML::DoubleQuoted << b.subject;
    out << YAML::Key << "cause" << YAML::Value << YAML::DoubleQuoted << b.cause;
    out << YAML::Key << "suggestion" << YAML::Value << YAML::DoubleQuoted << b.suggestion;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::Key << "unreached" << YAML::Value << YAML::BeginSeq;
  for (const auto& f : diagnosis.unreached) {
    out << YAML::Flow << YAML::BeginMap;
    emit_function_span(out, f, base);
    out << YAML::Key << "lines" << YAML::Value << f.lines << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

Diagnosis read_diagnosis(const fs::path& file, const fs::path& base) {
  return read_yaml_file(file, "the uncovered.yaml that 'palus report' writes",
                        [&](const YAML::Node& root) { return DiagnosisReader(file.string()).read(root, base); });
}

std::string explain_line(const Diagnosis& diagnosis, const std::string& file, unsigned line, const fs::path& base) {
  const std::string where = fmt::format("{}:{}", relative_file(file, base), line);
  for (const auto& b : diagnosis.branches) {
    const bool at = b.file == file && b.line == line;
    const bool below = b.file == file && std::binary_search(b.blocked.begin(), b.blocked.end(), line);
    if (!at && !below) continue;
    std::string text =
        at ? fmt::format("{}: a branch here was never taken (taken: {})\n", where, fmt::join(b.taken, ", "))
           : fmt::format(
                 "{}: never run; it lies below the branch at {}:{}, which the tests never took "
                 "the other way\n",
                 where, relative_file(b.file, base), b.line);
    text += fmt::format("  problem     {} ({})\n  cause       {}\n  suggestion  {}\n", b.category, b.subject, b.cause,
                        b.suggestion);
    text += fmt::format("  blocks      {} lines\n", b.blocked.size());
    return text;
  }
  for (const auto& f : diagnosis.unreached) {
    if (f.file == file && f.line <= line && line <= f.end_line) {
      return fmt::format(
          "{}: in {} ({}-{}), which no test called\n  suggestion  call it from the sample program, or see why "
          "palus skipped it (`palus run --verbose`)\n",
          where, f.function, f.line, f.end_line);
    }
  }
  return fmt::format(
      "{}: not below a branch the tests never took: it ran, holds no code, or its file is not the library's\n", where);
}

std::string top_problems_text(const Diagnosis& diagnosis, const fs::path& base, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < diagnosis.problems.size() && i < count; ++i) {
    const auto& p = diagnosis.problems[i];
    text += fmt::format("  {:<18} {:>4} lines  {}:{}  {}\n", p.category, p.blocked_lines, relative_file(p.file, base),
                        p.line, p.subject);
    text += fmt::format("  {:<18} {}\n", "", p.suggestion);
  }
  return text;
}

}  // namespace palus::uncovered
