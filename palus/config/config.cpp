#include "palus/config/config.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <system_error>

#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "core/yaml_describe.hpp"
#include "oracles/contracts/contract_catalog.hpp"
#include "palus/config/config_values.hpp"
#include "palus/config/glob.hpp"
#include "palus/config/suggest.hpp"

namespace fs = std::filesystem;

namespace palus {
namespace {

/// The keys each level of palus.yaml accepts, in the order DESIGN §4 lists them.
const std::vector<std::string> top_level_keys{"project", "targets",  "sample", "model",
                                              "oracles", "generate", "output", "sandbox"};
const std::map<std::string, std::vector<std::string>> section_keys{
    {"project", {"compile_commands", "flags", "sources", "headers", "link"}},
    {"targets", {"include", "exclude"}},
    {"sample", {"sources", "args", "cwd"}},
    {"model", {"ktail"}},
    {"oracles", {"theories", "contracts"}},
    {"generate",
     {"time_limit", "seed", "mode", "guided_fraction", "max_statements", "keep", "assertions", "mutate", "shard"}},
    {"output", {"dir", "tests_per_file"}},
    {"sandbox", {"call_timeout", "memory", "sanitizers", "fork_server", "sequences_per_child", "harness_processes"}},
};

/// " (did you mean 'x'?)" when a candidate is close to `word`, else "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const auto match = closest_match(word, candidates);
  return match ? fmt::format(" (did you mean '{}'?)", *match) : std::string();
}

/// One value in the config: its dotted name ("generate.seed") and where it was written.
struct Field {
  std::string name;
  YAML::Node key;        ///< the key node (for the line when the value has none)
  YAML::Node value;      ///< null when the key has no value
  bool present = false;  ///< the key is in the file (perhaps without a value)

  bool given() const { return present && !value.IsNull(); }
};

/// Reads the values of one palus.yaml, failing with "<display>:LINE: <what>" on the first problem.
class ConfigReader {
 public:
  ConfigReader(std::string display_path, fs::path dir) : display_path_(std::move(display_path)), dir_(std::move(dir)) {}

  std::string where(const YAML::Node& node) const {
    const int line = node.IsDefined() ? node.Mark().line : -1;
    return fmt::format("{}:{}", display_path_, line >= 0 ? line + 1 : 1);
  }
  std::string where(const Field& field) const {
    const bool value_has_line = field.given() && field.value.Mark().line >= 0;
    return where(value_has_line ? field.value : field.key);
  }

  /// The fields of a map node, keyed by name, after checking there is no unknown or repeated
  /// key. `section` names the map in messages ("" for the top level).
  std::map<std::string, Field> fields_of(const YAML::Node& map, const std::string& section,
                                         const std::vector<std::string>& valid_keys) const {
    std::map<std::string, Field> fields;
    for (auto it = map.begin(); it != map.end(); ++it) {
      const YAML::Node key = it->first;
      if (!key.IsScalar()) fail_at(where(key), "expected a plain key{}", section.empty() ? "" : " in " + section);
      const std::string name = key.Scalar();
      if (std::find(valid_keys.begin(), valid_keys.end(), name) == valid_keys.end()) {
        const std::string place = section.empty() ? "top-level key" : "key";
        const std::string in = section.empty() ? "" : " in " + section;
        const std::string hint = did_you_mean(name, valid_keys);
        if (!hint.empty()) fail_at(where(key), "unknown {} '{}'{}{}", place, name, in, hint);
        fail_at(where(key), "unknown {} '{}'{} (expected one of: {})", place, name, in, text::join(valid_keys));
      }
      const std::string dotted = section.empty() ? name : section + "." + name;
      if (!fields.emplace(name, Field{dotted, key, it->second, true}).second) {
        fail_at(where(key), "{}: given twice", dotted);
      }
    }
    return fields;
  }

  /// The fields of a section such as `project:`; an absent or empty section has none.
  std::map<std::string, Field> section(const std::map<std::string, Field>& top, const std::string& name) const {
    const auto it = top.find(name);
    if (it == top.end() || !it->second.given()) return {};
    const Field& field = it->second;
    if (!field.value.IsMap()) {
      static const std::map<std::string, std::string> example_key{
          {"project", "headers"},   {"targets", "include"},     {"sample", "sources"}, {"model", "ktail"},
          {"oracles", "contracts"}, {"generate", "time_limit"}, {"output", "dir"},     {"sandbox", "sanitizers"}};
      fail_at(where(field), "{}: expected a map of keys (like '{}: ...'), got {}", name, example_key.at(name),
              describe(field.value));
    }
    return fields_of(field.value, name, section_keys.at(name));
  }

  std::string string_value(const Field& field, std::string_view expected = "a string") const {
    if (!field.value.IsScalar())
      fail_at(where(field), "{}: expected {}, got {}", field.name, expected, describe(field.value));
    return field.value.Scalar();
  }

  /// A list of scalars, each with its node (for its line).
  std::vector<std::pair<std::string, YAML::Node>> string_list(const Field& field, std::string_view example) const {
    std::vector<std::pair<std::string, YAML::Node>> items;
    if (!field.given()) return items;
    if (!field.value.IsSequence()) {
      fail_at(where(field), "{}: expected a list like {}, got {}", field.name, example, describe(field.value));
    }
    for (const YAML::Node& item : field.value) {
      if (!item.IsScalar()) {
        fail_at(where(item.IsNull() ? field.value : item), "{}: expected a list of strings like {}, got {} in it",
                field.name, example, describe(item));
      }
      items.emplace_back(item.Scalar(), item);
    }
    return items;
  }

  std::vector<std::string> strings(const Field& field, std::string_view example) const {
    std::vector<std::string> result;
    for (auto& [text, node] : string_list(field, example)) result.push_back(text);
    return result;
  }

  /// The whole scalar read as a Number; nothing when it is not one.
  template <typename Number>
  static std::optional<Number> number_in(const Field& field) {
    if (!field.value.IsScalar()) return std::nullopt;
    const std::string text = field.value.Scalar();
    Number number{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return number;
  }

  /// A whole number in [minimum, maximum].
  std::int64_t integer(const Field& field, std::int64_t minimum, std::int64_t maximum) const {
    const std::optional<std::int64_t> number = number_in<std::int64_t>(field);
    if (!number || *number < minimum || *number > maximum) {
      const std::string range = maximum == std::numeric_limits<std::int64_t>::max()
                                    ? fmt::format(">= {}", minimum)
                                    : fmt::format("in [{}, {}]", minimum, maximum);
      fail_at(where(field), "{}: expected a whole number {}, got {}", field.name, range, describe(field.value));
    }
    return *number;
  }

  /// A count: a whole number in [1, 1000000].
  int count(const Field& field) const { return static_cast<int>(integer(field, 1, 1'000'000)); }

  std::uint64_t unsigned_integer(const Field& field) const {
    const std::optional<std::uint64_t> number = number_in<std::uint64_t>(field);
    if (!number) fail_at(where(field), "{}: expected a whole number >= 0, got {}", field.name, describe(field.value));
    return *number;
  }

  double fraction(const Field& field) const {
    const std::optional<double> number = number_in<double>(field);
    if (!number || !(*number >= 0 && *number <= 1)) {
      fail_at(where(field), "{}: expected a number in [0, 1] like 0.6, got {}", field.name, describe(field.value));
    }
    return *number;
  }

  /// Whether the value is the word `second` rather than `first`; any other value is an error.
  bool second_word(const Field& field, std::string_view first, std::string_view second) const {
    const std::string expected = fmt::format("{} or {}", first, second);
    const std::string word = string_value(field, expected);
    if (word != first && word != second) fail_at(where(field), "{}: expected {}, got '{}'", field.name, expected, word);
    return word == second;
  }

  /// true or false.
  bool boolean(const Field& field) const {
    const std::string text = field.value.IsScalar() ? field.value.Scalar() : std::string();
    if (text == "true") return true;
    if (text == "false") return false;
    fail_at(where(field), "{}: expected true or false, got {}", field.name, describe(field.value));
  }

  /// A positive duration ("60s").
  std::chrono::milliseconds duration(const Field& field) const {
    const std::string text = string_value(field, "a duration like 60s, 500ms or 2m");
    std::chrono::milliseconds result{};
    try {
      result = parse_duration(text);
    } catch (const UserError& error) {
      fail_at(where(field), "{}: {}", field.name, error.what());
    }
    if (result.count() <= 0) fail_at(where(field), "{}: expected a duration above zero, got '{}'", field.name, text);
    return result;
  }

  /// A positive size ("2GiB").
  std::uint64_t size(const Field& field) const {
    const std::string text = string_value(field, "a size like 2GiB, 512MiB or 100MB");
    std::uint64_t result = 0;
    try {
      result = parse_size(text);
    } catch (const UserError& error) {
      fail_at(where(field), "{}: {}", field.name, error.what());
    }
    if (result == 0) fail_at(where(field), "{}: expected a size above zero, got '{}'", field.name, text);
    return result;
  }

  fs::path path_value(const std::string& text) const { return (dir_ / text).lexically_normal(); }
  const fs::path& dir() const { return dir_; }

  /// One existing file named by a plain path (no globs).
  fs::path existing_file(const Field& field) const {
    const std::string text = string_value(field, "a file path");
    const fs::path path = path_value(text);
    std::error_code error;
    if (!fs::is_regular_file(path, error)) {
      fail_at(where(field), "{}: file '{}' does not exist{}", field.name, text, relative_to_note(text));
    }
    return path;
  }

  /// The files matched by a list of globs: absolute, sorted, unique. Every glob must match at
  /// least one file (folders do not count).
  std::vector<fs::path> files(const Field& field, std::string_view example) const {
    std::vector<fs::path> result;
    for (const auto& [pattern, node] : string_list(field, example)) {
      std::vector<fs::path> matches;
      try {
        matches = expand_glob(dir_, pattern);
      } catch (const UserError& error) {
        fail_at(where(node), "{}: {}", field.name, error.what());
      }
      std::error_code error;
      std::erase_if(matches, [&](const fs::path& match) { return !fs::is_regular_file(match, error); });
      if (matches.empty()) {
        if (has_glob_magic(pattern)) {
          fail_at(where(node), "{}: '{}' matches no file{}", field.name, pattern, relative_to_note(pattern));
        }
        fail_at(where(node), "{}: file '{}' does not exist{}", field.name, pattern, relative_to_note(pattern));
      }
      result.insert(result.end(), matches.begin(), matches.end());
    }
    std::sort(result.begin(), result.end());
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
  }

  /// Regexes that std::regex accepts.
  std::vector<std::string> regexes(const Field& field) const {
    std::vector<std::string> result;
    for (const auto& [text, node] : string_list(field, "[\"mylib::.*\"]")) {
      try {
        std::regex compiled(text, std::regex::ECMAScript);
      } catch (const std::regex_error& error) {
        fail_at(where(node), "{}: invalid regular expression '{}': {}", field.name, text, error.what());
      }
      result.push_back(text);
    }
    return result;
  }

  /// A name from `known`; `what` says what kind of name it is ("sanitizer").
  void check_known_name(const std::string& name, const YAML::Node& node, const Field& field,
                        const std::vector<std::string>& known, std::string_view what) const {
    if (std::find(known.begin(), known.end(), name) != known.end()) return;
    const std::string hint = did_you_mean(name, known);
    fail_at(where(node), "{}: unknown {} '{}'{}; expected one of: {}", field.name, what, name, hint, text::join(known));
  }

  std::string display_for(const std::string& relative) const {
    const fs::path written(relative);
    if (written.is_absolute()) return relative;
    return (fs::path(display_path_).parent_path() / written).lexically_normal().string();
  }

 private:
  std::string relative_to_note(const std::string& text) const {
    return fs::path(text).is_absolute() ? std::string() : fmt::format(" (relative to {})", dir_.string());
  }

  std::string display_path_;
  fs::path dir_;
};

Field field_in(const std::map<std::string, Field>& fields, const std::string& name) {
  const auto it = fields.find(name);
  return it == fields.end() ? Field{} : it->second;
}

YAML::Node parse_yaml(const fs::path& path, const std::string& display_path) {
  std::error_code error;
  if (!fs::exists(path, error)) {
    fail_at(display_path, "config file not found (looked for {}); run 'palus init' to write a starter palus.yaml",
            path.string());
  }
  std::ifstream in(path, std::ios::binary);
  if (!in || fs::is_directory(path, error)) fail_at(display_path, "cannot read the config file (expected a YAML file)");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return YAML::Load(text.str());
  } catch (const YAML::ParserException& parse_error) {
    fail_at(fmt::format("{}:{}", display_path, parse_error.mark.line + 1), "YAML syntax error: {}", parse_error.msg);
  }
}

void read_project(const ConfigReader& reader, const std::map<std::string, Field>& top, const fs::path& dir,
                  Config& config) {
  const auto fields = reader.section(top, "project");
  const Field headers = field_in(fields, "headers");
  if (!headers.given() || (headers.value.IsSequence() && headers.value.size() == 0)) {
    const auto project = top.find("project");
    const std::string where = headers.present        ? reader.where(headers.key)
                              : project != top.end() ? reader.where(project->second.key)
                                                     : reader.where(YAML::Node());
    fail_at(where,
            "project.headers: missing; list the headers that declare the API under test, e.g. "
            "headers: [include/mylib/*.hpp]");
  }
  Config::Project& project = config.project;
  if (const Field db = field_in(fields, "compile_commands"); db.given()) {
    project.compile_commands = reader.existing_file(db);
    config.compile_db = load_compile_database(*project.compile_commands, reader.display_for(db.value.Scalar()));
  }
  project.flags = absolutize_path_flags(reader.strings(field_in(fields, "flags"), "[-std=c++17, -Iinclude]"), dir);
  project.sources = reader.files(field_in(fields, "sources"), "[src/*.cpp]");
  project.headers = reader.files(headers, "[include/mylib/*.hpp]");
  project.link = reader.strings(field_in(fields, "link"), "[-lm]");
}

void read_targets(const ConfigReader& reader, const std::map<std::string, Field>& top, Config& config) {
  const auto fields = reader.section(top, "targets");
  config.targets.include = reader.regexes(field_in(fields, "include"));
  config.targets.exclude = reader.regexes(field_in(fields, "exclude"));
}

/// One program of `sample:`, a map of sources and args; `name` is how messages call it.
/// `at` is the node a missing `sources` is reported at.
std::optional<Config::Sample> read_one_sample(const ConfigReader& reader, const YAML::Node& map,
                                              const std::string& name, const YAML::Node& at) {
  const auto fields = reader.fields_of(map, name, section_keys.at("sample"));
  const Field sources = field_in(fields, "sources");
  if (!sources.present) {
    fail_at(reader.where(at),
            "{}.sources: missing; list the sample program's sources, e.g. sources: [examples/demo.cpp]", name);
  }
  Config::Sample sample;
  sample.sources = reader.files(sources, "[examples/demo.cpp]");
  sample.args = reader.strings(field_in(fields, "args"), "[--fast, input.txt]");
  sample.cwd = reader.dir();
  if (const Field cwd = field_in(fields, "cwd"); cwd.given()) {
    const std::string text = reader.string_value(cwd, "a folder path");
    sample.cwd = reader.path_value(text);
    std::error_code error;
    if (!fs::is_directory(sample.cwd, error))
      fail_at(reader.where(cwd), "{}.cwd: folder '{}' does not exist", name, text);
  }
  // `sources: []` switches the program off without deleting it.
  if (sample.sources.empty()) return std::nullopt;
  return sample;
}

void read_sample(const ConfigReader& reader, const std::map<std::string, Field>& top, Config& config) {
  const auto it = top.find("sample");
  if (it == top.end() || !it->second.given()) return;
  const Field& field = it->second;
  if (field.value.IsMap()) {
    if (field.value.size() == 0) return;  // `sample: {}`: no sample, as an empty section means elsewhere
    if (auto sample = read_one_sample(reader, field.value, "sample", field.key))
      config.samples.push_back(std::move(*sample));
    return;
  }
  if (!field.value.IsSequence()) {
    fail_at(reader.where(field),
            "sample: expected a map like 'sources: [examples/demo.cpp]' or a list of them, one per program, got {}",
            describe(field.value));
  }
  for (std::size_t i = 0; i < field.value.size(); ++i) {
    const YAML::Node program = field.value[i];
    const std::string name = fmt::format("sample[{}]", i);
    if (!program.IsMap()) {
      fail_at(reader.where(program.IsNull() ? field.value : program),
              "{}: expected a map like '{{sources: [examples/demo.cpp], args: []}}', got {}", name, describe(program));
    }
    if (auto sample = read_one_sample(reader, program, name, program)) config.samples.push_back(std::move(*sample));
  }
}

void read_oracles(const ConfigReader& reader, const std::map<std::string, Field>& top, Config& config) {
  const auto fields = reader.section(top, "oracles");
  config.oracles.theories = reader.files(field_in(fields, "theories"), "[theories/mylib_theories.hpp]");
  const Field contracts = field_in(fields, "contracts");
  config.oracles.contracts = oracles::contract_names();
  if (!contracts.given()) return;
  if (contracts.value.IsScalar()) {
    if (contracts.value.Scalar() != "default") {
      fail_at(reader.where(contracts),
              "oracles.contracts: expected 'default' or a list of contract names like "
              "[equals_reflexive], got {}",
              describe(contracts.value));
    }
    return;
  }
  std::vector<std::string> enabled;
  for (const auto& [name, node] : reader.string_list(contracts, "[equals_reflexive, copy_equals_original]")) {
    reader.check_known_name(name, node, contracts, oracles::contract_names(), "contract");
    enabled.push_back(name);
  }
  std::erase_if(config.oracles.contracts, [&](const std::string& name) {
    return std::find(enabled.begin(), enabled.end(), name) == enabled.end();
  });
}

void read_generate(const ConfigReader& reader, const std::map<std::string, Field>& top, Config& config) {
  const auto fields = reader.section(top, "generate");
  Config::Generate& generate = config.generate;
  if (const Field f = field_in(fields, "time_limit"); f.given()) generate.time_limit = reader.duration(f);
  if (const Field f = field_in(fields, "seed"); f.given()) generate.seed = reader.unsigned_integer(f);
  if (const Field f = field_in(fields, "guided_fraction"); f.given()) generate.guided_fraction = reader.fraction(f);
  if (const Field f = field_in(fields, "max_statements"); f.given()) generate.max_statements = reader.count(f);
  if (const Field f = field_in(fields, "keep"); f.given()) generate.keep_all = reader.second_word(f, "reduced", "all");
  if (const Field f = field_in(fields, "assertions"); f.given()) {
    generate.assert_all = reader.second_word(f, "selected", "all");
  }
  if (const Field f = field_in(fields, "mutate"); f.given()) generate.mutate = reader.boolean(f);
  if (const Field f = field_in(fields, "shard"); f.given()) {
    const std::string text = reader.string_value(f, "a shard like 2/4");
    try {
      generate.shard = parse_shard(text);
    } catch (const UserError& error) {
      fail_at(reader.where(f), "{}: {}", f.name, error.what());
    }
  }
  generate.mode = !config.samples.empty() ? GenerationMode::palus : GenerationMode::random;
  if (const Field f = field_in(fields, "mode"); f.given()) {
    const std::string text = reader.string_value(f, "a mode");
    try {
      generate.mode = checked_generation_mode(text, !config.samples.empty());
    } catch (const UserError& error) {
      fail_at(reader.where(f), "generate.mode: {}", error.what());
    }
  }
}

void read_output(const ConfigReader& reader, const std::map<std::string, Field>& top, const fs::path& dir,
                 Config& config) {
  const auto fields = reader.section(top, "output");
  config.output.dir = dir / "generated";
  if (const Field f = field_in(fields, "dir"); f.given()) config.output.dir = reader.path_value(reader.string_value(f));
  if (const Field f = field_in(fields, "tests_per_file"); f.given()) config.output.tests_per_file = reader.count(f);
}

void read_sandbox(const ConfigReader& reader, const std::map<std::string, Field>& top, Config& config) {
  const auto fields = reader.section(top, "sandbox");
  Config::Sandbox& sandbox = config.sandbox;
  if (const Field f = field_in(fields, "call_timeout"); f.given()) sandbox.call_timeout = reader.duration(f);
  if (const Field f = field_in(fields, "memory"); f.given()) sandbox.memory_bytes = reader.size(f);
  if (const Field f = field_in(fields, "fork_server"); f.given()) sandbox.fork_server = reader.boolean(f);
  if (const Field f = field_in(fields, "sequences_per_child"); f.given()) sandbox.sequences_per_child = reader.count(f);
  if (const Field f = field_in(fields, "harness_processes"); f.given())
    sandbox.harness_processes = static_cast<int>(reader.integer(f, 0, 64));
  const Field sanitizers = field_in(fields, "sanitizers");
  if (!sanitizers.present) return;
  std::vector<std::string> names;
  for (const auto& [name, node] : reader.string_list(sanitizers, "[address, undefined]")) {
    reader.check_known_name(name, node, sanitizers, known_sanitizer_names(), "sanitizer");
    names.push_back(name);
  }
  try {
    sandbox.sanitizers = checked_sanitizers(names);
  } catch (const UserError& error) {
    fail_at(reader.where(sanitizers), "sandbox.sanitizers: {}", error.what());
  }
}

}  // namespace

std::string_view to_string(GenerationMode mode) {
  return enum_name<GenerationMode::palus>(mode, {"random", "model", "model+constraints", "palus"});
}

GenerationMode checked_generation_mode(std::string_view text, bool has_sample) {
  std::vector<std::string> modes;
  for (const auto mode :
       {GenerationMode::random, GenerationMode::model, GenerationMode::model_constraints, GenerationMode::palus}) {
    modes.emplace_back(to_string(mode));
  }
  const auto mode = parse_generation_mode(text);
  if (!mode) {
    throw UserError(fmt::format("unknown mode '{}'{}; expected one of: {}", text,
                                did_you_mean(std::string(text), modes), text::join(modes, " | ")));
  }
  if (*mode != GenerationMode::random && !has_sample) {
    throw UserError(
        fmt::format("'{}' is guided by a model of a sample run, but no sample is configured; add "
                    "sample.sources or use mode: random",
                    text));
  }
  return *mode;
}

std::optional<GenerationMode> parse_generation_mode(std::string_view text) {
  for (const auto mode :
       {GenerationMode::random, GenerationMode::model, GenerationMode::model_constraints, GenerationMode::palus}) {
    if (to_string(mode) == text) return mode;
  }
  return std::nullopt;
}

const std::vector<std::string>& known_sanitizer_names() {
  static const std::vector<std::string> names{"address", "undefined", "leak", "thread"};
  return names;
}

std::vector<std::string> checked_sanitizers(const std::vector<std::string>& names) {
  const auto& known = known_sanitizer_names();
  std::vector<std::string> checked;
  for (const auto& name : names) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      throw UserError(fmt::format("unknown sanitizer '{}'{}; expected one of: {}", name, did_you_mean(name, known),
                                  text::join(known)));
    }
    if (std::find(checked.begin(), checked.end(), name) == checked.end()) checked.push_back(name);
  }
  const auto has = [&](const char* name) { return std::find(checked.begin(), checked.end(), name) != checked.end(); };
  if (has("thread") && (has("address") || has("leak"))) {
    throw UserError(
        fmt::format("thread cannot be combined with {} (the compilers refuse it); use [thread] alone or "
                    "[address, undefined]",
                    has("address") ? "address" : "leak"));
  }
  return checked;
}

std::vector<std::string> Config::parse_flags_for(const fs::path& file) const {
  const fs::path absolute = (dir / file).lexically_normal();
  if (const CompileCommand* entry = compile_db.best_entry_for(absolute)) return entry->flags;
  return project.flags;
}

Config load_config(const fs::path& path, const std::string& display_path) {
  Config config;
  config.path = fs::absolute(path).lexically_normal();
  config.display_path = display_path;
  config.dir = config.path.parent_path();
  const YAML::Node root = parse_yaml(config.path, display_path);
  const ConfigReader reader(display_path, config.dir);
  if (!root.IsMap()) {
    fail_at(reader.where(root), "expected a map of sections ({}) with at least project.headers, got {}",
            text::join(top_level_keys), describe(root));
  }
  const auto top = reader.fields_of(root, "", top_level_keys);
  read_project(reader, top, config.dir, config);
  read_targets(reader, top, config);
  read_sample(reader, top, config);
  if (const auto model = reader.section(top, "model"); model.contains("ktail") && model.at("ktail").given()) {
    config.model.ktail = static_cast<int>(reader.integer(model.at("ktail"), 0, 1'000));
  }
  read_oracles(reader, top, config);
  read_generate(reader, top, config);
  read_output(reader, top, config.dir, config);
  read_sandbox(reader, top, config);
  return config;
}

}  // namespace palus
