#include "palus/harness_stage.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>
#include <thread>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/file_text.hpp"
#include "core/hash.hpp"
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

/// The callable whose thunk the linker names for a link error ("in function
/// `thunk_97(palus::harness::Call&)'"); "" when it names none.
std::string thunk_named(const std::string& function, const std::vector<std::string>& ids) {
  static const std::regex thunk(R"(^thunk_([0-9]+)\()");
  std::smatch m;
  if (!std::regex_search(function, m, thunk)) return {};
  const std::size_t index = std::stoul(m[1].str());
  return index < ids.size() ? ids[index] : std::string();
}

/// What the callables left out last time depend on: the harness as first generated (api.yaml's
/// callables, headers, contracts, profiles, theories), the compile flags and sanitizers, and the
/// content of the library's headers and sources (a definition added, a template fixed).
std::uint64_t leave_out_key(const std::string& first_source, const harness::HarnessBuildInput& build,
                            const std::vector<fs::path>& headers, const api::Api& api, const fs::path& project_dir) {
  std::set<fs::path> files(headers.begin(), headers.end());
  files.insert(build.sources.begin(), build.sources.end());
  for (const auto& c : api.classes) files.insert(project_dir / c.file);  // the headers the listed ones include
  for (const auto& f : api.functions) files.insert(project_dir / f.file);
  std::uint64_t key = hash::fnv1a(first_source);
  for (const std::string& flag : build.harness_flags) key = hash::mix(key, hash::fnv1a(flag));
  for (const std::string& sanitizer : build.sanitizers) key = hash::mix(key, hash::fnv1a(sanitizer));
  for (const fs::path& file : files) {
    std::error_code ec;
    if (fs::is_regular_file(file, ec)) key = hash::mix(key, hash::fnv1a(read_file_text(file)));
  }
  return key;
}

constexpr std::string_view kLeftOutFile = "left-out.yaml";

/// The callables the last build of this harness left out, with their reasons, when `key` is
/// still what they were found under (any key when none is given); none otherwise (a missing or
/// unreadable file included).
std::map<std::string, std::string> left_out_before(const fs::path& file, std::optional<std::uint64_t> key) {
  std::map<std::string, std::string> out;
  try {
    const YAML::Node doc = YAML::LoadFile(file.string());
    if (key && doc["key"].as<std::string>() != fmt::format("{:016x}", *key)) return out;
    for (const auto& entry : doc["left_out"]) out[entry["id"].as<std::string>()] = entry["reason"].as<std::string>();
  } catch (const std::exception&) {
    out.clear();
  }
  return out;
}

void remember_left_out(const fs::path& file, std::uint64_t key, const std::map<std::string, std::string>& dropped) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "key" << YAML::Value << fmt::format("{:016x}", key);
  out << YAML::Key << "left_out" << YAML::Value << YAML::BeginSeq;
  for (const auto& [id, reason] : dropped)
    out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << id << YAML::Key << "reason" << YAML::Value << reason
        << YAML::EndMap;
  out << YAML::EndSeq << YAML::EndMap;
  write_file_atomically(file, std::string(out.c_str()) + "\n");
}

constexpr std::string_view kPalusBug = "palus bug: the generated call does not compile: ";

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
  const std::vector<harness::InstantiationRef> instantiations = harness::instantiations_of(api);
  auto is_instantiation = [&](const std::string& id) {
    return std::any_of(instantiations.begin(), instantiations.end(), [&](const auto& i) { return i.id == id; });
  };
  // Abstract object profiles (for model+constraints and palus) read private fields; should that
  // not compile for some class layout, the harness goes without them rather than not at all.
  std::string profiles = models::render_profile_functions(api, {});
  // What the last build of this harness left out, found by failed compiles (a minute each on
  // yaml-cpp), is left out at once while nothing it depends on changed.
  const fs::path left_out_file = build.dir / kLeftOutFile;
  std::optional<harness::HarnessSource> first =
      harness::generate_harness_source(api, headers, {}, config.oracles.contracts, profiles, config.oracles.theories);
  const std::uint64_t key = leave_out_key(first->text, build, headers, api, config.dir);
  dropped = left_out_before(left_out_file, key);
  if (!dropped.empty()) first.reset();  // not the harness to build: generated again below
  for (const auto& [id, reason] : dropped)
    if (reason.starts_with(kPalusBug)) result.palus_bugs.push_back(reason.substr(kPalusBug.size()));
  // Rounds that only leave out instantiations do not count: each drops one callable at least, and
  // a template tried with four types may fail four times over a compile and a link.
  for (int attempt = 0;;) {
    harness::HarnessSource source =
        first ? std::move(*first)
              : harness::generate_harness_source(api, headers, dropped, config.oracles.contracts, profiles,
                                                 config.oracles.theories);
    first.reset();
    write_file_if_changed(build.harness_cpp, source.text);
    harness::HarnessBuildResult built = harness::build_harness(build);
    if (!built.ok) stop_on_theories_error(built.output, config, build.dir / "build.log");
    if (built.ok) {
      result.executable = built.executable;
      result.callables = source.callables;
      result.uncallable = source.uncallable;
      write_file_atomically(dir / "callables.yaml", manifest(built.executable, source, result.palus_bugs));
      remember_left_out(left_out_file, key, dropped);
      return result;
    }
    bool repaired = false, repaired_other = false;
    // Each error's callable: for a link error, the instantiation or thunk the linker names (its
    // line is that of some inlined call), else the callable whose thunk holds the line.
    std::vector<std::string> culprits;
    for (const auto& error : built.harness_errors) {
      std::string id = harness::undefined_instantiation(error, instantiations);
      if (id.empty() || dropped.contains(id) ||
          std::find(source.callables.begin(), source.callables.end(), id) == source.callables.end())
        id = thunk_named(error.function, source.callables);
      if (id.empty()) id = callable_at(source.text, error.line, source.callables);
      culprits.push_back(id);
    }
    const bool blame_profiles =
        !profiles.empty() && std::any_of(culprits.begin(), culprits.end(), [](const auto& id) { return id.empty(); });
    if (blame_profiles || (built.harness_errors.empty() && !profiles.empty())) {
      result.palus_bugs.push_back("the abstract profile functions do not compile; profiles are off (see " +
                                  (build.dir / "build.log").string() + ")");
      profiles.clear();
      continue;
    }
    for (std::size_t e = 0; e < built.harness_errors.size(); ++e) {
      const auto& error = built.harness_errors[e];
      const std::string& id = culprits[e];
      std::string bug =
          fmt::format("harness.cpp:{}: {}{}", error.line, error.message, id.empty() ? "" : " (" + id + ")");
      if (id.empty() || attempt == kMaxRepairs) {
        throw std::runtime_error(
            "palus bug: the generated harness does not compile: " + (build.harness_cpp.parent_path() / bug).string() +
            "\n(full log: " + (build.dir / "build.log").string() + ")");
      }
      if (is_instantiation(id)) {  // a type the template does not take, or one the library never instantiates
        repaired =
            dropped.emplace(id, "a function template instantiation that does not compile: " + bug).second || repaired;
        continue;
      }
      // A type the headers only declare (pugixml's xml_node_struct, taken or returned by pointer)
      // cannot be held by the harness: the library's choice, not a palus bug.
      if (error.message.find("incomplete type") != std::string::npos) {
        repaired_other =
            dropped.emplace(id, "a type it takes or returns is only declared in the headers: " + bug).second ||
            repaired_other;
        continue;
      }
      // A function the headers declare and no source defines (YAML::IsNull of yaml-cpp's old API).
      if (error.message.starts_with("undefined reference to")) {
        repaired_other =
            dropped
                .emplace(id,
                         "declared in the headers, defined in none of the library's sources (project.sources) "
                         "or libraries (project.link): " +
                             bug)
                .second ||
            repaired_other;
        continue;
      }
      if (dropped.emplace(id, std::string(kPalusBug) + bug).second) {
        result.palus_bugs.push_back(bug);
        repaired_other = true;
      }
    }
    if (repaired_other) ++attempt;
    if (!repaired && !repaired_other)
      throw std::runtime_error("palus bug: the generated harness does not compile; see " +
                               (build.dir / "build.log").string());
  }
}

std::map<std::string, std::string> callables_left_out(const fs::path& work_dir,
                                                      const std::vector<std::string>& sanitizers) {
  return left_out_before(work_dir / "harness" / harness::variant_name(sanitizers) / kLeftOutFile, std::nullopt);
}

}  // namespace palus
