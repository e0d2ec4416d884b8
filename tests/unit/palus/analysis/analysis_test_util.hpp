#pragma once
// Runs the analyzer on C++ source held in strings (virtual files, nothing touches the disk).

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "palus/analysis/analyzer.hpp"

namespace palus::api {
inline void PrintTo(const Literal& l, std::ostream* os) { *os << to_string(l.kind) << ":" << l.value; }
}  // namespace palus::api

namespace palus::testing {

/// With `branches`, the branch conditions of the snippet's function bodies too.
inline api::Api analyze_snippet(const std::string& header, const std::string& source = "",
                                std::vector<std::string> include = {}, uncovered::BranchMap* branches = nullptr) {
  analysis::AnalysisInput input;
  input.headers = {"/palus-test/snippet.hpp"};
  input.unsaved["/palus-test/snippet.hpp"] = header;
  if (!source.empty()) {
    input.sources = {"/palus-test/snippet.cpp"};
    input.unsaved["/palus-test/snippet.cpp"] = "#include \"snippet.hpp\"\n" + source;
  }
  input.flags_for = [](const std::string&) { return std::vector<std::string>{"-std=c++17", "-I/palus-test"}; };
  input.include = std::move(include);
  input.scratch_dir = "/palus-test";
  return analysis::analyze(input, branches);
}

inline const api::Class& class_named(const api::Api& api, const std::string& name) {
  auto it = std::find_if(api.classes.begin(), api.classes.end(), [&](const api::Class& c) { return c.name == name; });
  if (it == api.classes.end()) throw std::runtime_error("no class " + name);
  return *it;
}

inline const api::Callable& method_named(const api::Class& cls, const std::string& name) {
  auto it =
      std::find_if(cls.methods.begin(), cls.methods.end(), [&](const api::Callable& c) { return c.name == name; });
  if (it == cls.methods.end()) throw std::runtime_error("no method " + name + " in " + cls.name);
  return *it;
}

inline const api::Dependence* dependence(const api::Class& cls, const std::string& method, const std::string& on) {
  for (const auto& d : cls.dependences) {
    if (d.method.find("::" + method + "(") != std::string::npos && d.on.find("::" + on + "(") != std::string::npos)
      return &d;
  }
  return nullptr;
}

using Strings = std::vector<std::string>;

}  // namespace palus::testing
