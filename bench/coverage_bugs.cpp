#include "bench/coverage_bugs.hpp"

#include <yaml-cpp/yaml.h>

#include <regex>

#include "core/file_text.hpp"

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& pattern, bool ignore_case = false) {
  if (pattern.empty()) return true;
  const auto flags = ignore_case ? std::regex::ECMAScript | std::regex::icase : std::regex::ECMAScript;
  return std::regex_search(text, std::regex(pattern, flags));
}

/// The TEST(...) named by report.yaml's `test` ("folder/File_failure_test.cpp:Name"), with
/// adjacent string literals joined ("UPD" "ATE" -> "UPDATE"); "" when not found.
std::string failure_test(const std::string& test, const fs::path& out) {
  const auto colon = test.rfind(':');
  if (colon == std::string::npos) return "";
  const std::string file = read_file_text(out / fs::path(test.substr(0, colon)).filename());
  const std::string name = ", " + test.substr(colon + 1) + ")";
  std::size_t start = file.find(name);
  while (start != std::string::npos && file.rfind("TEST", start) != file.rfind('\n', start) + 1)
    start = file.find(name, start + 1);
  if (start == std::string::npos) return "";
  const std::size_t end = file.find("\nTEST", start);
  const std::string body = file.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return std::regex_replace(body, std::regex(R"("\s+")"), "");
}

/// The statement after the test's `// palus: <kind>` comment (the one that fails), or the whole
/// test when there is no such comment.
std::string failing_call(const std::string& test) {
  const std::size_t marker = test.find("// palus: ");
  if (marker == std::string::npos) return test;
  const std::size_t begin = test.find('\n', marker);
  if (begin == std::string::npos) return test;
  return test.substr(begin, test.find(";\n", begin) - begin);
}

/// The top-level alternatives of a regex ("a|b(c|d)" -> "a", "b(c|d)").
std::vector<std::string> alternatives(const std::string& pattern) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      out.back() += pattern.substr(i, 2);
      ++i;
      continue;
    }
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == '|' && depth == 0) {
      out.emplace_back();
      continue;
    }
    out.back() += c;
  }
  return out;
}

/// The top frame of a failure key ("sanitizer\nns::f()\nns::g() /src/a.cpp:3"): its last line.
std::string top_frame(const std::string& key) {
  const std::size_t nl = key.rfind('\n');
  return nl == std::string::npos ? std::string() : key.substr(nl + 1);
}

}  // namespace

std::string too_broad(const Signature& s) {
  if (s.callable.empty()) return "it names no callable";
  for (const std::string& a : alternatives(s.callable))
    if (a.empty() || a == "^" || a.ends_with("::") || a.ends_with("::.*") || a.ends_with("::\\w+"))
      return "'" + a + "' matches a whole class or namespace: name the callables";
  const bool needs_detail = s.kind == "crash" || s.kind == "sanitizer" || s.kind == "oom" || s.kind == "exit";
  if (needs_detail && s.message.empty() && s.frame.empty())
    return "a " + s.kind + " needs a message or a frame to tell it from another " + s.kind + " in the same callable";
  return "";
}

std::vector<Signature> read_signatures(const fs::path& sample) {
  const fs::path file = sample / "bugs.yaml";
  std::vector<Signature> out;
  if (!fs::exists(file)) return out;
  try {
    const YAML::Node root = YAML::LoadFile(file.string());
    for (const auto& entry : root["signatures"]) {
      Signature s;
      s.bug = entry["bug"].as<std::string>();
      s.kind = entry["kind"].as<std::string>();
      if (entry["callable"]) s.callable = entry["callable"].as<std::string>();
      if (entry["message"]) s.message = entry["message"].as<std::string>();
      if (entry["frame"]) s.frame = entry["frame"].as<std::string>();
      if (entry["in_test"]) s.in_test = entry["in_test"].as<std::string>();
      const std::string look = entry["look"] ? entry["look"].as<std::string>() : "";
      s.look = look == "test" ? Look::test : look == "failing_call" ? Look::failing_call : Look::nothing;
      if (!s.in_test.empty() && s.look == Look::nothing) s.look = Look::test;
      for (const std::string* pattern : {&s.callable, &s.message, &s.frame, &s.in_test})
        std::regex check(*pattern);  // throws when malformed
      if (const std::string why = too_broad(s); !why.empty()) throw std::runtime_error(s.bug + ": " + why);
      out.push_back(std::move(s));
    }
  } catch (const std::exception& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
  return out;
}

std::string known_bug(const Failure& failure, const fs::path& out, const std::vector<Signature>& signatures) {
  for (const Signature& s : signatures) {
    if (failure.kind != s.kind || !contains(failure.callable, s.callable) || !contains(failure.message, s.message) ||
        !contains(top_frame(failure.key), s.frame))
      continue;
    if (s.look == Look::nothing) return s.bug;
    const std::string test = failure_test(failure.test, out);
    if (test.empty()) continue;
    if (contains(s.look == Look::test ? test : failing_call(test), s.in_test, true)) return s.bug;
  }
  return "";
}

}  // namespace palus::bench
