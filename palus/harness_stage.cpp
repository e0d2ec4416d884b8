#include "palus/harness_stage.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "harness/codegen/build_harness.hpp"
#include "harness/codegen/harness_source.hpp"
#include "harness/codegen/runtime_root.hpp"
#include "models/profile_source.hpp"

namespace fs = std::filesystem;

namespace palus {
namespace {

constexpr int kMaxRepairs = 3;

/// The callable whose generated code holds `line` (thunks and observers name their callable).
std::string callable_at(const std::string& text, unsigned line, const std::vector<std::string>& ids) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  if (line == 0 || line > lines.size()) return {};
  const std::string& here = lines[line - 1];
  if (auto at = here.find("o.value("); at != std::string::npos) {
    std::size_t index = std::stoul(here.substr(at + 8));
    return index < ids.size() ? ids[index] : std::string();
  }
  for (std::size_t i = line; i-- > 0;) {
    if (lines[i].rfind("static void thunk_", 0) == 0) {
      std::size_t index = std::stoul(lines[i].substr(18));
      return index < ids.size() ? ids[index] : std::string();
    }
    if (lines[i].rfind("static void observe_", 0) == 0 || lines[i] == "namespace {") break;
  }
  return {};
}

std::string manifest(const fs::path& executable, const harness::HarnessSource& source,
                     const std::vector<std::string>& bugs) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "harness" << YAML::Value << executable.string();
  out << YAML::Key << "callables" << YAML::Value << YAML::BeginSeq;
  for (const auto& id : source.callables) out << id;
  out << YAML::EndSeq << YAML::Key << "uncallable" << YAML::Value << YAML::BeginSeq;
  for (const auto& u : source.uncallable) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "id" << YAML::Value << u.id << YAML::Key << "reason"
        << YAML::Value << u.reason << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::Key << "palus_bugs" << YAML::Value << YAML::BeginSeq;
  for (const auto& b : bugs) out << b;
  out << YAML::EndSeq << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

/// An error in a theories header is the user's: it is reported as theirs (exit 2), not as a
/// harness that does not compile.
void stop_on_theories_error(const std::string& output, const Config& config, const fs::path& log) {
  const std::string first = harness::first_library_error(output, config.dir);
  for (const auto& theories : config.oracles.theories) {
    const std::string relative = theories.lexically_relative(config.dir).string();
    if (first.rfind(relative + ":", 0) == 0 || first.rfind(theories.string() + ":", 0) == 0)
      throw UserError(first + " (compiling the theories header into the harness; full log: " + log.string() + ")");
  }
}

/// Function template instantiations palus made up (api.yaml `template_args`), by id, with their
/// number of parameters. One that does not compile or link is a type the template does not take
/// (or one the library never instantiates), not a palus bug.
std::map<std::string, std::size_t> instantiations_of(const api::Api& api) {
  std::map<std::string, std::size_t> found;
  auto add = [&](const std::vector<api::Callable>& callables) {
    for (const auto& c : callables)
      if (c.is_instantiation) found.emplace(c.id, c.params.size());
  };
  for (const auto& cls : api.classes) {
    add(cls.constructors);
    add(cls.methods);
  }
  add(api.functions);
  return found;
}

/// The linker's spelling of a name made comparable with api.yaml's ("std::string", not
/// "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >").
std::string as_api_spells(std::string name) {
  static const std::regex string_type(
      R"(std::(__cxx11::)?basic_string<char, std::char_traits<char>, std::allocator<char> >)");
  static const std::regex inline_namespace(R"(std::__cxx11::)");
  static const std::regex space_before_close(" >");
  name = std::regex_replace(name, string_type, "std::string");
  return std::regex_replace(std::regex_replace(name, inline_namespace, "std::"), space_before_close, ">");
}

/// The number of parameters of the list that opens at `text[open]` ("(char const*, double*)"),
/// or npos when it does not close.
std::size_t parameter_count(const std::string& text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(' || text[i] == '<') ++depth;
    if (text[i] == ')' || text[i] == '>') --depth;
    if (depth != 0) continue;
    const std::string list = text.substr(open + 1, i - open - 1);
    // The list split at its top-level commas, by the scanner of template arguments.
    return list.empty() ? 0 : names::template_arguments("f<" + list + ">").size();
  }
  return std::string::npos;
}

/// The instantiation a link error comes from: the function the linker says refers to the missing
/// symbol, or else the symbol itself ("undefined reference to `bool ns::parse<double>(char
/// const*, double*)'"). The error's line is that of some inlined call, not of the culprit.
std::string undefined_instantiation(const harness::HarnessCompileError& error,
                                    const std::map<std::string, std::size_t>& instantiations) {
  const std::string prefix = "undefined reference to ";
  if (error.message.rfind(prefix, 0) != 0) return {};
  for (const std::string& where : {as_api_spells(error.function), as_api_spells(error.message.substr(prefix.size()))}) {
    for (const auto& [id, params] : instantiations) {
      const std::string name(names::without_parameters(id));
      const auto at = where.find(name + "(");
      if (at != std::string::npos && parameter_count(where, at + name.size()) == params) return id;
    }
  }
  return {};
}

}  // namespace

HarnessStageResult build_harness_stage(const Config& config, const fs::path& work_dir, const api::Api& api,
                                       const std::vector<std::string>& sanitizers) {
  const fs::path dir = work_dir / "harness";
  fs::create_directories(dir);
  std::vector<fs::path> headers;
  for (const auto& h : config.project.headers) headers.push_back((config.dir / h).lexically_normal());

  harness::HarnessBuildInput build;
  build.dir = dir / harness::variant_name(sanitizers);
  build.harness_cpp = dir / "harness.cpp";
  build.runtime_root = harness::runtime_root();
  build.project_dir = config.dir;
  for (const auto& s : config.project.sources) build.sources.push_back((config.dir / s).lexically_normal());
  build.flags_for = [&config](const fs::path& source) { return config.parse_flags_for(source); };
  build.harness_flags = headers.empty() ? config.project.flags : config.parse_flags_for(headers.front());
  build.link = config.project.link;
  build.sanitizers = sanitizers;
  build.jobs = std::max(1u, std::thread::hardware_concurrency());

  HarnessStageResult result;
  std::map<std::string, std::string> dropped;
  const std::map<std::string, std::size_t> instantiations = instantiations_of(api);
  // Abstract object profiles (for model+constraints and palus) read private fields; should that
  // not compile for some class layout, the harness goes without them rather than not at all.
  std::string profiles = models::render_profile_functions(api, {});
  for (int attempt = 0;; ++attempt) {
    harness::HarnessSource source = harness::generate_harness_source(api, headers, dropped, config.oracles.contracts,
                                                                     profiles, config.oracles.theories);
    write_file_if_changed(build.harness_cpp, source.text);
    harness::HarnessBuildResult built = harness::build_harness(build);
    if (!built.ok) stop_on_theories_error(built.output, config, build.dir / "build.log");
    if (built.ok) {
      result.executable = built.executable;
      result.callables = source.callables;
      result.uncallable = source.uncallable;
      write_file_atomically(dir / "callables.yaml", manifest(built.executable, source, result.palus_bugs));
      return result;
    }
    bool repaired = false;
    const bool blame_profiles =
        !profiles.empty() && std::any_of(built.harness_errors.begin(), built.harness_errors.end(), [&](const auto& e) {
          return callable_at(source.text, e.line, source.callables).empty();
        });
    if (blame_profiles || (built.harness_errors.empty() && !profiles.empty())) {
      result.palus_bugs.push_back("the abstract profile functions do not compile; profiles are off (see " +
                                  (build.dir / "build.log").string() + ")");
      profiles.clear();
      continue;
    }
    for (const auto& error : built.harness_errors) {
      std::string id = undefined_instantiation(error, instantiations);
      if (id.empty()) id = callable_at(source.text, error.line, source.callables);
      std::string bug =
          fmt::format("harness.cpp:{}: {}{}", error.line, error.message, id.empty() ? "" : " (" + id + ")");
      if (id.empty() || attempt == kMaxRepairs) {
        throw std::runtime_error(
            "palus bug: the generated harness does not compile: " + (build.harness_cpp.parent_path() / bug).string() +
            "\n(full log: " + (build.dir / "build.log").string() + ")");
      }
      // A type the headers only declare (pugixml's xml_node_struct, taken or returned by pointer)
      // cannot be held by the harness: the library's choice, not a palus bug.
      if (instantiations.contains(id)) {
        repaired =
            dropped.emplace(id, "a function template instantiation that does not compile: " + bug).second || repaired;
        continue;
      }
      if (error.message.find("incomplete type") != std::string::npos) {
        repaired = dropped.emplace(id, "a type it takes or returns is only declared in the headers: " + bug).second ||
                   repaired;
        continue;
      }
      if (dropped.emplace(id, "palus bug: the generated call does not compile: " + bug).second) {
        result.palus_bugs.push_back(bug);
        repaired = true;
      }
    }
    if (!repaired)
      throw std::runtime_error("palus bug: the generated harness does not compile; see " +
                               (build.dir / "build.log").string());
  }
}

}  // namespace palus
