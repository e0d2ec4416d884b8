#include "palus/suite/test_build.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/process.hpp"
#include "harness/codegen/build_harness.hpp"
#include "harness/codegen/build_tools.hpp"
#include "harness/codegen/runtime_cache.hpp"
#include "harness/codegen/runtime_root.hpp"
#include "palus/suite/coverage_scope.hpp"

namespace fs = std::filesystem;

namespace palus::suite {
namespace {

constexpr std::size_t kBuildOutputCap = 4u << 20;

struct Place {
  std::string file;
  unsigned line = 0;
};

/// One error with what surrounds it: the context lines GCC prints before it (instantiation
/// chains, include chains) and the notes after it (Clang's "requested here").
struct ErrorGroup {
  Place own;
  std::string message;
  std::vector<Place> required_from;  ///< "FILE:L:C:   required from here" and similar, in order
  std::vector<Place> included_from;  ///< "In file included from FILE:L", "   from FILE:L"
  std::vector<Place> notes;          ///< notes after the error
};

bool same_file(const std::string& file, const fs::path& source) {
  if (file.empty() || source.empty()) return false;
  const fs::path named = fs::path(file).lexically_normal();
  const fs::path wanted = source.lexically_normal();
  if (named == wanted) return true;
  const std::string a = named.string(), b = wanted.string();
  if (named.is_relative() && b.size() > a.size() && b.compare(b.size() - a.size(), a.size(), a) == 0 &&
      b[b.size() - a.size() - 1] == '/') {
    return true;
  }
  return wanted.is_relative() && a.size() > b.size() && a.compare(a.size() - b.size(), b.size(), b) == 0 &&
         a[a.size() - b.size() - 1] == '/';
}

/// "/usr/bin/ld: x" -> "x": the linker names itself on some lines and not on others.
std::string without_linker_prefix(const std::string& line) {
  static const std::regex prefix(R"(^(\S*/)?(ld|ld\.bfd|ld\.gold|ld\.lld|lld)(: (error: )?))");
  std::smatch m;
  if (std::regex_search(line, m, prefix)) return m.suffix().str();
  return line;
}

std::vector<ErrorGroup> error_groups(std::string_view output) {
  static const std::regex diagnostic(R"(^(.+?):(\d+):(\d+): (fatal error|error|warning|note): (.*)$)");
  static const std::regex located_context(R"(^(.+?):(\d+):(\d+):\s+(required |in |  ).*$)");
  static const std::regex include_context(R"(^(?:In file included from|\s+from) (.+?):(\d+)[,:]?$)");
  static const std::regex scope_context(R"(^(.+?): (In |At ).*:$)");
  static const std::regex link_error(R"(^(.+?):(\d+): ((undefined reference to|multiple definition of).*)$)");
  static const std::regex unplaced_link_error(R"(^(.+?): ((undefined reference to|multiple definition of).*)$)");

  static const std::regex color(R"(\x1b\[[0-9;]*[mK])");  // -fdiagnostics-color=always in the project's flags
  std::vector<ErrorGroup> groups;
  std::vector<Place> required, included;
  bool in_notes = false;  ///< notes after the last error belong to it
  std::istringstream lines{std::string(output)};
  std::string raw;
  std::smatch m;
  auto start_error = [&](Place own, std::string message) {
    groups.push_back({std::move(own), std::move(message), required, included, {}});
    required.clear();
    included.clear();
    in_notes = true;
  };
  while (std::getline(lines, raw)) {
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    if (raw.find('\x1b') != std::string::npos) raw = std::regex_replace(raw, color, "");
    const std::string line = without_linker_prefix(raw);
    if (std::regex_match(line, m, diagnostic)) {
      Place place{m[1].str(), static_cast<unsigned>(std::stoul(m[2].str()))};
      const std::string severity = m[4].str();
      if (severity == "note") {
        if (in_notes && !groups.empty()) groups.back().notes.push_back(place);
        continue;
      }
      if (severity == "warning") {
        required.clear();
        included.clear();
        in_notes = false;
        continue;
      }
      start_error(std::move(place), m[5].str());
      continue;
    }
    if (std::regex_match(line, m, link_error)) {
      start_error({m[1].str(), static_cast<unsigned>(std::stoul(m[2].str()))}, m[3].str());
      continue;
    }
    if (std::regex_match(line, m, unplaced_link_error)) {
      start_error({}, m[2].str());
      continue;
    }
    if (std::regex_match(line, m, located_context)) {
      in_notes = false;
      required.push_back({m[1].str(), static_cast<unsigned>(std::stoul(m[2].str()))});
      continue;
    }
    if (std::regex_match(line, m, include_context)) {
      in_notes = false;
      included.push_back({m[1].str(), static_cast<unsigned>(std::stoul(m[2].str()))});
      continue;
    }
    if (std::regex_match(line, m, scope_context)) in_notes = false;
  }
  return groups;
}

unsigned source_line(const ErrorGroup& group, const fs::path& source) {
  if (same_file(group.own.file, source)) return group.own.line;
  // The outermost instantiation in the source is the test's own statement.
  for (auto it = group.required_from.rbegin(); it != group.required_from.rend(); ++it) {
    if (same_file(it->file, source)) return it->line;
  }
  for (auto it = group.notes.rbegin(); it != group.notes.rend(); ++it) {
    if (same_file(it->file, source)) return it->line;
  }
  for (const auto& place : group.included_from) {
    if (same_file(place.file, source)) return place.line;
  }
  return 0;
}

/// ninja's output split by the outputs of failed edges: "FAILED: a b" up to the next status line.
std::vector<std::pair<std::vector<std::string>, std::string>> failed_sections(const std::string& output) {
  std::vector<std::pair<std::vector<std::string>, std::string>> sections;
  static const std::regex status(R"(^\[\d+/\d+\] .*)");
  std::istringstream lines(output);
  std::string line;
  bool inside = false, skip_command = false;
  while (std::getline(lines, line)) {
    if (line.rfind("FAILED: ", 0) == 0) {
      std::vector<std::string> outputs;
      std::istringstream words(line.substr(8));
      for (std::string w; words >> w;) outputs.push_back(w);
      sections.push_back({std::move(outputs), {}});
      inside = skip_command = true;
      continue;
    }
    if (!inside) continue;
    if (line.rfind("ninja: ", 0) == 0 || std::regex_match(line, status)) {
      inside = false;
      continue;
    }
    if (skip_command) {
      skip_command = false;  // the command line ninja ran
      continue;
    }
    sections.back().second += line + "\n";
  }
  return sections;
}

std::string test_object(const fs::path& source) {
  return fmt::format("obj/test/{}-{:08x}.o", source.stem().string(), hash::fnv1a(source.string()) & 0xffffffffu);
}

std::string build_file(const TestBuildSettings& settings, const std::vector<fs::path>& sources) {
  using harness::ninja_path;
  using harness::ninja_words;
  std::ostringstream out;
  out << harness::ninja_prelude("Generated by palus: generated tests, linked against the library under test.");
  std::vector<std::string> test_flags = settings.test_flags;
  if (!settings.precompiled_header.empty())
    test_flags.insert(test_flags.end(), {"-include", settings.precompiled_header.string()});
  if (settings.library_build) {
    std::vector<std::string> objects;
    for (const auto& source : settings.library_build->sources) {
      const std::string object = harness::library_object(source);
      out << "build " << ninja_path(object) << ": cxx " << ninja_path(source)
          << "\n  flags = " << ninja_words(settings.library_build->flags_for(source)) << "\n";
      objects.push_back(object);
    }
    out << "build " << ninja_path(settings.library) << ": archive";
    for (const auto& o : objects) out << ' ' << ninja_path(o);
    out << "\n\n";
  }
  std::string check_main;
  if (!settings.check_main_runtime.empty()) {
    const fs::path& root = settings.check_main_runtime;
    const std::vector<std::string> flags{"-std=c++20", "-O1", "-g1", "-I" + root.string(), "-fdiagnostics-color=never"};
    const harness::CompiledRuntime runtime = harness::compiled_runtime(
        root, harness::kCheckMainSources, flags, settings.dir.parent_path() / "cache", settings.jobs);
    check_main = " " + ninja_path(runtime.archive);
  }
  for (const auto& source : sources) {
    const std::string object = test_object(source);
    out << "build " << ninja_path(object) << ": cxx " << ninja_path(source) << "\n  flags = " << ninja_words(test_flags)
        << "\n";
    out << "build " << ninja_path("bin" / source.stem()) << ": link " << ninja_path(object) << ' '
        << ninja_path(settings.library) << check_main << "\n  libs = " << ninja_words(settings.link_flags) << "\n";
  }
  return out.str();
}

/// ninja on `settings`' build.ninja for `targets`, going on past failures (-k 0); its output is
/// also left in build.log.
process::ProcessResult run_ninja(const TestBuildSettings& settings, const std::vector<std::string>& targets) {
  process::ProcessSpec spec;
  spec.exe = "ninja";
  spec.args = {"-C", settings.dir.string(), "-k", "0", "-j", std::to_string(std::max(1u, settings.jobs))};
  spec.args.insert(spec.args.end(), targets.begin(), targets.end());
  spec.env = process::environment_with({{"LC_ALL", "C"}});  // ASCII quotes in diagnostics
  spec.output_cap = kBuildOutputCap;
  spec.niceness = settings.niceness;
  spec.cancel = settings.cancel;
  process::ProcessResult ran = process::run_process(spec);
  if (!ran.started) throw UserError("cannot run ninja (run scripts/setup.sh): " + ran.error);
  write_file_atomically(settings.dir / "build.log", ran.output);
  return ran;
}

constexpr std::string_view kOpeningInclude = "#include <gtest/gtest.h>";

}  // namespace

std::string precompile_opening_include(TestBuildSettings& settings, std::string text) {
  if (settings.precompiled_cache.empty()) return text;
  // The first line that is neither blank nor a // comment.
  bool opens = false;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t eol = std::min(text.find('\n', pos), text.size());
    const std::string_view line = std::string_view(text).substr(pos, eol - pos);
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line.substr(first, 2) != "//") {
      if (line.substr(first).rfind(kOpeningInclude, 0) != 0 ||
          line.substr(first + kOpeningInclude.size()).find_first_not_of(" \t\r") != std::string_view::npos) {
        return text;
      }
      text.replace(pos, eol - pos, "");
      opens = true;
      break;
    }
    pos = eol + 1;
  }
  if (!opens) return text;
  const std::string flags = harness::ninja_words(settings.test_flags);
  TestBuildSettings pch = settings;
  pch.dir = settings.precompiled_cache / fmt::format("{:016x}", hash::fnv1a(flags));
  const fs::path header = pch.dir / "gtest.hpp";
  {
    static std::mutex building;
    const std::lock_guard<std::mutex> lock(building);
    fs::create_directories(pch.dir);
    write_file_if_changed(header, std::string(kOpeningInclude) + "\n");
    // A header that does not precompile leaves an empty file, which the compiler ignores: the
    // tests then include the header's text and report its errors as they would have.
    write_file_if_changed(
        pch.dir / "build.ninja",
        harness::ninja_prelude("Generated by palus: GoogleTest's header, precompiled for generated tests.") +
            "rule pch\n  command = $cxx -MMD -MF $out.d $flags -x c++-header $in -o $out || (rm -f $out && touch "
            "$out)\n  depfile = $out.d\n  deps = gcc\n  description = precompile $in\n" +
            "build gtest.hpp.gch: pch gtest.hpp\n  flags = " + flags + "\n");
    run_ninja(pch, {"gtest.hpp.gch"});
  }
  settings.precompiled_header = header;
  return text;
}

std::vector<CompileError> attribute_errors(std::string_view output, const fs::path& source) {
  std::vector<CompileError> errors;
  std::set<std::pair<unsigned, std::string>> seen;
  for (const auto& group : error_groups(output)) {
    CompileError error{source_line(group, source), group.message};
    if (!same_file(group.own.file, source) && !group.own.file.empty()) {
      error.message = fmt::format("{}:{}: {}", group.own.file, group.own.line, group.message);
    }
    if (seen.emplace(error.line, error.message).second) errors.push_back(std::move(error));
  }
  return errors;
}

namespace {

/// Compile flags of test sources: the project's, as for harness.cpp (those of its first header),
/// then `extra`, and the folder of palus/theory.hpp in the runtime folder `runtime`.
std::vector<std::string> test_compile_flags(const Config& config, const fs::path& runtime,
                                            std::vector<std::string> extra) {
  const auto& headers = config.project.headers;
  std::vector<std::string> flags = headers.empty() ? config.project.flags : config.parse_flags_for(headers.front());
  for (auto& f : extra) flags.push_back(std::move(f));
  flags.push_back("-fdiagnostics-color=never");  // errors are parsed
  const fs::path oracles = runtime / "oracles" / "include";
  if (fs::is_directory(oracles)) flags.push_back("-I" + oracles.string());
  if (!config.oracles.theories.empty()) flags.push_back("-I" + config.dir.string());  // theories headers
  return flags;
}

std::vector<std::string> test_link_flags(const Config& config, const std::vector<std::string>& sanitizers) {
  std::vector<std::string> flags = config.project.link;
  flags.push_back("--coverage");
  if (auto sanitize = harness::sanitize_flags(sanitizers); !sanitize.empty()) flags.push_back(sanitize[0]);
  // palus's own builds of generated tests run them in the harness's sandbox: a main() that
  // confines the process, then runs GoogleTest (the written fragments use gtest_main).
  for (const char* f : {"-lgtest", "-lseccomp", "-pthread"}) flags.push_back(f);
  return flags;
}

}  // namespace

TestBuildSettings check_build_settings(const Config& config, const fs::path& work_dir,
                                       const std::vector<std::string>& sanitizers) {
  const std::string variant = harness::variant_name(sanitizers);
  TestBuildSettings settings;
  settings.check_main_runtime = harness::runtime_root();
  settings.dir = work_dir / "check" / variant;
  settings.library = work_dir / "harness" / variant / "libsut.a";
  // -O0 -g1: the test's own code compiles 2-3 times faster than at the harness's -O1 -g, while the
  // library under test (libsut.a) keeps the harness's instrumentation and -g1 still gives the line
  // tables that link errors and sanitizer stacks need.
  // The test's own code is mostly GoogleTest assertions: ASan's use-after-scope checks of their
  // temporaries triple its compile time and guard nothing of the library's, and UBSan's checks of
  // calls made from a test matter only to failure tests (a null receiver the library handed out).
  const std::vector<std::string> instrument{"-O0", "-g1", "-fno-omit-frame-pointer", "-Wno-error"};
  const bool address = std::find(sanitizers.begin(), sanitizers.end(), "address") != sanitizers.end();
  auto compile_flags = [&](const std::vector<std::string>& with) {
    std::vector<std::string> flags = instrument;
    for (auto& f : harness::sanitize_flags(with)) flags.push_back(std::move(f));
    if (address) flags.push_back("-fno-sanitize-address-use-after-scope");
    return test_compile_flags(config, settings.check_main_runtime, std::move(flags));
  };
  settings.test_flags = compile_flags(sanitizers);
  std::vector<std::string> without_undefined;
  for (const auto& s : sanitizers)
    if (s != "undefined") without_undefined.push_back(s);
  if (without_undefined.size() != sanitizers.size()) settings.passing_test_flags = compile_flags(without_undefined);
  settings.link_flags = test_link_flags(config, sanitizers);
  return settings;
}

TestBuildSettings coverage_library_settings(const Config& config, const fs::path& dir) {
  TestBuildSettings settings;
  settings.dir = dir;
  settings.library = "libsut.a";
  LibraryBuild library;
  library.sources = config.project.sources;
  library.flags_for = [&config](const fs::path& source) {
    std::vector<std::string> flags = config.parse_flags_for(source);
    flags.insert(flags.end(), {"-O0", "-g1", "-Wno-error", "--coverage", "-fdiagnostics-color=never"});
    return flags;
  };
  settings.library_build = std::move(library);
  settings.jobs = std::max(1u, std::thread::hardware_concurrency());
  return settings;
}

TestBuildSettings report_build_settings(const Config& config, const fs::path& dir) {
  TestBuildSettings settings = coverage_library_settings(config, dir);
  settings.check_main_runtime = harness::runtime_root();
  // The tests are instrumented too: the library's inline and header-only code is compiled there.
  std::vector<std::string> test_flags{"-O0", "-g", "-Wno-error"};
  for (auto& f : test_coverage_flags(config)) test_flags.push_back(std::move(f));
  settings.test_flags = test_compile_flags(config, settings.check_main_runtime, test_flags);
  settings.link_flags = test_link_flags(config, {});
  return settings;
}

TestBuildSettings plain_check_settings(const Config& config, const fs::path& dir, const fs::path& library) {
  TestBuildSettings settings;
  settings.check_main_runtime = harness::runtime_root();
  settings.dir = dir;
  settings.library = library;
  std::vector<std::string> test_flags{"-O0", "-g1", "-Wno-error"};
  for (auto& f : test_coverage_flags(config)) test_flags.push_back(std::move(f));
  settings.test_flags = test_compile_flags(config, settings.check_main_runtime, test_flags);
  settings.link_flags = test_link_flags(config, {});
  return settings;
}

void build_library(const TestBuildSettings& settings) {
  if (!settings.library_build) throw std::invalid_argument("build_library: no library build in the settings");
  fs::create_directories(settings.dir);
  write_file_if_changed(settings.dir / "build.ninja", build_file(settings, {}));
  const process::ProcessResult ran = run_ninja(settings, {settings.library.string()});
  if (ran.exit_status == 0) return;
  const std::vector<CompileError> errors = attribute_errors(ran.output, fs::path());
  throw UserError(fmt::format("{} (compiling the library with coverage; log: {})",
                              errors.empty() ? std::string("the build failed") : errors.front().message,
                              (settings.dir / "build.log").string()));
}

std::vector<BuiltTest> build_tests(const TestBuildSettings& settings, const std::vector<fs::path>& sources) {
  std::vector<BuiltTest> built;
  if (sources.empty()) return built;
  std::map<std::string, std::size_t> by_output;
  std::set<std::string> stems;
  for (const auto& source : sources) {
    if (!stems.insert(source.stem().string()).second) {
      throw std::invalid_argument("build_tests: two sources named " + source.stem().string());
    }
    by_output[test_object(source)] = built.size();
    by_output[("bin" / source.stem()).string()] = built.size();
    built.push_back({source, settings.dir / "bin" / source.stem(), false, {}, {}});
  }
  if (!settings.library_build && !fs::exists(settings.library)) {
    throw UserError(settings.library.string() + ": not found (run 'palus harness' first)");
  }
  fs::create_directories(settings.dir);
  write_file_if_changed(settings.dir / "build.ninja", build_file(settings, sources));

  std::vector<std::string> targets;
  for (const auto& source : sources) targets.push_back(("bin" / source.stem()).string());
  const process::ProcessResult ran = run_ninja(settings, targets);

  std::set<std::size_t> failed;
  std::string library_errors;
  for (const auto& [outputs, text] : failed_sections(ran.output)) {
    bool matched = false;
    for (const auto& o : outputs) {
      auto it = by_output.find(o);
      if (it == by_output.end()) continue;
      matched = true;
      failed.insert(it->second);
      built[it->second].output += text;
      break;
    }
    if (!matched) library_errors += text;
  }
  if (!library_errors.empty() && settings.library_build) {
    // Attributed to no source, each error keeps its own "FILE:LINE: " in the message.
    const std::vector<CompileError> errors = attribute_errors(library_errors, fs::path());
    if (!errors.empty()) {
      throw UserError(fmt::format("{} (compiling the library for the tests; log: {})", errors.front().message,
                                  (settings.dir / "build.log").string()));
    }
  }
  if (ran.exit_status != 0 && failed.empty()) {
    throw UserError(fmt::format("building tests in {} failed:\n{}", settings.dir.string(),
                                ran.output.substr(ran.output.size() > 4000 ? ran.output.size() - 4000 : 0)));
  }
  for (std::size_t i = 0; i < built.size(); ++i) {
    if (failed.count(i) == 0) {
      built[i].ok = true;
      continue;
    }
    built[i].errors = attribute_errors(built[i].output, built[i].source);
  }
  return built;
}

}  // namespace palus::suite
