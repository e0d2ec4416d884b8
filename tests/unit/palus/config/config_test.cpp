// Tests of palus.yaml loading and validation, value parsing, globs, suggestions, atomic
// writes and `palus init`.

#include "palus/config/config.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "oracles/contracts/contract_catalog.hpp"
#include "palus/config/config_values.hpp"
#include "palus/config/glob.hpp"
#include "palus/config/starter_config.hpp"
#include "palus/config/suggest.hpp"
#include "test_files.hpp"

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace palus {
namespace {

using testing::contains;
using testing::read_text;
using testing::starts_with;

const fs::path data_dir = fs::path(PALUS_TEST_DATA) / "config" / "project";

/// A fresh folder with a small project in it: src/a.cpp, src/b.cpp, include/x.hpp,
/// include/y.hpp, examples/demo.cpp, theories/t.hpp. Removed after the test.
class ConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write("src/a.cpp", "int a() { return 1; }\n");
    write("src/b.cpp", "int b() { return 2; }\n");
    write("include/x.hpp", "int a();\n");
    write("include/y.hpp", "int b();\n");
    write("examples/demo.cpp", "#include \"x.hpp\"\nint main() { return a(); }\n");
    write("theories/t.hpp", "#pragma once\n");
  }

  void write(const fs::path& relative, const std::string& content) { testing::write_text(dir_ / relative, content); }

  Config load(const std::string& yaml) {
    write("palus.yaml", yaml);
    return load_config(dir_ / "palus.yaml", "palus.yaml");
  }

  /// The message of the UserError that loading `yaml` throws ("" when it loads).
  std::string error_of(const std::string& yaml) {
    return testing::error_message<UserError>([&] { load(yaml); });
  }

  /// generate.<key> is false by default and for the word `first`, true for `second`, and an error
  /// naming both for any other word.
  void expect_two_words(const std::string& key, const std::string& first, const std::string& second,
                        bool Config::Generate::*member) {
    const std::string header = "project:\n  headers: [include/x.hpp]\n";
    const std::string section = header + "generate:\n  " + key + ": ";
    EXPECT_FALSE(load(header).generate.*member);
    EXPECT_FALSE(load(section + first + "\n").generate.*member);
    EXPECT_TRUE(load(section + second + "\n").generate.*member);
    EXPECT_EQ(error_of(section + "some\n"),
              "palus.yaml:4: generate." + key + ": expected " + first + " or " + second + ", got 'some'");
  }

  testing::ScratchDir scratch_{"palus-config-test"};
  fs::path dir_ = scratch_.path();
};

constexpr const char* minimal = "project:\n  headers: [include/*.hpp]\n";

// ---- a valid config ----

TEST_F(ConfigTest, FullConfigLoadsEverySection) {
  const Config config = load_config(data_dir / "palus.yaml", "palus.yaml");
  EXPECT_EQ(config.path, data_dir.lexically_normal() / "palus.yaml");
  EXPECT_EQ(config.dir, data_dir.lexically_normal());
  EXPECT_EQ(config.display_path, "palus.yaml");

  const fs::path d = data_dir.lexically_normal();
  EXPECT_FALSE(config.project.compile_commands);
  EXPECT_EQ(config.project.flags, (std::vector<std::string>{"-std=c++20", "-I" + (d / "include").string(), "-isystem",
                                                            (d / "third_party").string(), "-DLIB_TESTING"}));
  EXPECT_EQ(config.project.sources, (std::vector<fs::path>{d / "src/gadget.cpp", d / "src/widget.cpp"}));
  EXPECT_EQ(config.project.headers,
            (std::vector<fs::path>{d / "include/lib/detail/impl.hpp", d / "include/lib/gadget.hpp",
                                   d / "include/lib/widget.hpp"}));
  EXPECT_EQ(config.project.link, std::vector<std::string>{"-lm"});
  EXPECT_EQ(config.targets.include, std::vector<std::string>{"lib::.*"});
  EXPECT_EQ(config.targets.exclude, std::vector<std::string>{"lib::detail::.*"});
  ASSERT_EQ(config.samples.size(), 1u);
  EXPECT_EQ(config.samples[0].sources, std::vector<fs::path>{d / "examples/demo.cpp"});
  EXPECT_EQ(config.samples[0].args, (std::vector<std::string>{"--fast", "input.txt"}));
  EXPECT_EQ(config.model.ktail, 2);
  EXPECT_EQ(config.oracles.theories, std::vector<fs::path>{d / "theories/lib_theories.hpp"});
  // Canonical order, whatever order the file lists them in.
  EXPECT_EQ(config.oracles.contracts, (std::vector<std::string>{"equals_reflexive", "copy_equals_original"}));
  EXPECT_EQ(config.generate.time_limit, 90s);
  EXPECT_EQ(config.generate.seed, 42u);
  EXPECT_EQ(config.generate.mode, GenerationMode::model_constraints);
  EXPECT_DOUBLE_EQ(config.generate.guided_fraction, 0.25);
  EXPECT_EQ(config.generate.max_statements, 50);
  EXPECT_EQ(config.output.dir, d / "out/tests");
  EXPECT_EQ(config.output.tests_per_file, 20);
  EXPECT_EQ(config.sandbox.call_timeout, 500ms);
  EXPECT_EQ(config.sandbox.memory_bytes, 512u << 20);
  EXPECT_EQ(config.sandbox.sanitizers, (std::vector<std::string>{"undefined", "leak"}));
  // No compile database: every file is parsed with project.flags.
  EXPECT_EQ(config.parse_flags_for(d / "src/widget.cpp"), config.project.flags);
}

TEST_F(ConfigTest, DefaultsFillEverythingButHeaders) {
  const Config config = load(minimal);
  EXPECT_TRUE(config.project.sources.empty());
  EXPECT_EQ(config.project.headers, (std::vector<fs::path>{dir_ / "include/x.hpp", dir_ / "include/y.hpp"}));
  EXPECT_TRUE(config.project.flags.empty());
  EXPECT_TRUE(config.targets.include.empty());
  EXPECT_TRUE(config.samples.empty());
  EXPECT_EQ(config.model.ktail, 0);
  EXPECT_EQ(config.oracles.contracts, oracles::contract_names());
  EXPECT_EQ(config.generate.time_limit, 60s);
  EXPECT_EQ(config.generate.seed, 0u);
  EXPECT_EQ(config.generate.mode, GenerationMode::random);
  EXPECT_DOUBLE_EQ(config.generate.guided_fraction, 0.6);
  EXPECT_EQ(config.generate.max_statements, 100);
  EXPECT_EQ(config.output.dir, dir_ / "generated");
  EXPECT_EQ(config.output.tests_per_file, 100);
  EXPECT_EQ(config.sandbox.call_timeout, 2s);
  EXPECT_EQ(config.sandbox.memory_bytes, 2ull << 30);
  EXPECT_EQ(config.sandbox.sanitizers, (std::vector<std::string>{"address", "undefined"}));
  EXPECT_TRUE(config.sandbox.fork_server);
  EXPECT_EQ(config.sandbox.harness_processes, 0) << "chosen by the sanitizers";
}

TEST_F(ConfigTest, HarnessProcessesIsACountUpTo64) {
  EXPECT_EQ(load("project:\n  headers: [include/x.hpp]\nsandbox:\n  harness_processes: 3\n").sandbox.harness_processes,
            3);
  const std::string error = error_of("project:\n  headers: [include/x.hpp]\nsandbox:\n  harness_processes: 65\n");
  EXPECT_EQ(error.rfind("palus.yaml:4: sandbox.harness_processes", 0), 0u) << error;
}

TEST_F(ConfigTest, ForkServerIsTrueOrFalse) {
  EXPECT_FALSE(load("project:\n  headers: [include/x.hpp]\nsandbox:\n  fork_server: false\n").sandbox.fork_server);
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nsandbox:\n  fork_server: sometimes\n"),
            "palus.yaml:4: sandbox.fork_server: expected true or false, got 'sometimes'");
}

TEST_F(ConfigTest, AssertionsAreSelectedOrAll) {
  expect_two_words("assertions", "selected", "all", &Config::Generate::assert_all);
}

TEST_F(ConfigTest, KeepIsReducedOrAll) { expect_two_words("keep", "reduced", "all", &Config::Generate::keep_all); }

TEST_F(ConfigTest, ModeDefaultsToPalusWithASample) {
  const Config config = load("project:\n  headers: [include/x.hpp]\nsample:\n  sources: [examples/*.cpp]\n");
  EXPECT_EQ(config.generate.mode, GenerationMode::palus);
  EXPECT_EQ(to_string(config.generate.mode), "palus");
}

TEST_F(ConfigTest, SampleMayListSeveralPrograms) {
  write("examples/other.cpp", "int main() { return 0; }\n");
  const Config config = load(
      "project:\n  headers: [include/x.hpp]\nsample:\n  - {sources: [examples/demo.cpp], args: [a.json]}\n"
      "  - sources: [examples/other.cpp]\n    cwd: examples\n  - {sources: []}\n");
  ASSERT_EQ(config.samples.size(), 2u);
  EXPECT_EQ(config.samples[0].sources, std::vector<fs::path>{dir_ / "examples/demo.cpp"});
  EXPECT_EQ(config.samples[0].args, std::vector<std::string>{"a.json"});
  EXPECT_EQ(config.samples[1].sources, std::vector<fs::path>{dir_ / "examples/other.cpp"});
  EXPECT_TRUE(config.samples[1].args.empty());
  EXPECT_EQ(config.samples[0].cwd, dir_);
  EXPECT_EQ(config.samples[1].cwd, dir_ / "examples");
  EXPECT_EQ(config.generate.mode, GenerationMode::palus);
}

TEST_F(ConfigTest, BadSampleProgramsNameTheirPlace) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nsample:\n  - {args: [x]}\n"),
            "palus.yaml:4: sample[0].sources: missing; list the sample program's sources, e.g. sources: "
            "[examples/demo.cpp]");
  EXPECT_TRUE(starts_with(error_of("project:\n  headers: [include/x.hpp]\nsample:\n  - {sources: "
                                   "[examples/demo.cpp]}\n  - examples/demo.cpp\n"),
                          "palus.yaml:5: sample[1]: expected a map like"));
  EXPECT_TRUE(starts_with(error_of("project:\n  headers: [include/x.hpp]\nsample:\n  - {sources: "
                                   "[examples/demo.cpp], arg: [x]}\n"),
                          "palus.yaml:4: unknown key 'arg' in sample[0] (did you mean 'args'?)"));
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nsample:\n  sources: [examples/demo.cpp]\n  cwd: nowhere\n"),
            "palus.yaml:5: sample.cwd: folder 'nowhere' does not exist");
  EXPECT_TRUE(starts_with(error_of("project:\n  headers: [include/x.hpp]\nsample: demo.cpp\n"),
                          "palus.yaml:3: sample: expected a map like"));
}

TEST_F(ConfigTest, AnEmptySampleMapMeansNoSample) {
  EXPECT_TRUE(load("project:\n  headers: [include/x.hpp]\nsample: {}\n").samples.empty());
}

TEST_F(ConfigTest, EmptySectionsAndEmptySampleMeanDefaults) {
  const Config config = load(
      "project:\n  headers: [include/x.hpp]\n  sources: []\ntargets:\nsample:\n  sources: []\n"
      "sandbox:\n  sanitizers: []\noracles:\n  contracts: []\n");
  EXPECT_TRUE(config.samples.empty());
  EXPECT_TRUE(config.sandbox.sanitizers.empty());
  EXPECT_TRUE(config.oracles.contracts.empty());
}

TEST_F(ConfigTest, HeaderOnlyLibraryWithAbsoluteHeaders) {
  const std::string header = (dir_ / "include/x.hpp").string();
  const Config config = load("project:\n  flags: [-std=c++17]\n  headers: [" + header + "]\n");
  EXPECT_TRUE(config.project.sources.empty());
  EXPECT_EQ(config.project.headers, std::vector<fs::path>{header});
}

TEST_F(ConfigTest, RelativeIncludeFlagsBecomeAbsolute) {
  const Config config =
      load("project:\n  flags: [-Iinclude, -iquote, ., -I/usr/include, -DX=1]\n  headers: [include/x.hpp]\n");
  EXPECT_EQ(config.parse_flags_for("src/a.cpp"),
            (std::vector<std::string>{"-I" + (dir_ / "include").string(), "-iquote", dir_.string(), "-I/usr/include",
                                      "-DX=1"}));
}

TEST_F(ConfigTest, ConfigPathIsNormalised) {
  write("sub/palus.yaml", "project:\n  headers: [../include/x.hpp]\n");
  const Config config = load_config(dir_ / "sub/../sub/palus.yaml", "sub/palus.yaml");
  EXPECT_EQ(config.dir, dir_ / "sub");
  EXPECT_EQ(config.project.headers, std::vector<fs::path>{dir_ / "include/x.hpp"});
}

// ---- one test per kind of error: exact "palus.yaml:LINE:" and the key words ----

TEST_F(ConfigTest, UnknownKeySuggestsTheClosestValidKey) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\n  sorces: [src/*.cpp]\n"),
            "palus.yaml:3: unknown key 'sorces' in project (did you mean 'sources'?)");
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  time_limt: 5s\n"),
            "palus.yaml:4: unknown key 'time_limt' in generate (did you mean 'time_limit'?)");
  EXPECT_EQ(error_of("projet:\n  headers: [include/x.hpp]\n"),
            "palus.yaml:1: unknown top-level key 'projet' (did you mean 'project'?)");
}

TEST_F(ConfigTest, UnknownKeyFarFromAnyListsTheValidKeys) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\noutput:\n  colour: red\n"),
            "palus.yaml:4: unknown key 'colour' in output (expected one of: dir, tests_per_file)");
}

TEST_F(ConfigTest, DuplicateKeyIsAnError) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\n  headers: [include/y.hpp]\n"),
            "palus.yaml:3: project.headers: given twice");
}

TEST_F(ConfigTest, StringWhereAListIsExpected) {
  const std::string error = error_of("project:\n  headers: include/x.hpp\n");
  EXPECT_TRUE(starts_with(error, "palus.yaml:2: project.headers: expected a list"));
  EXPECT_TRUE(contains(error, "got 'include/x.hpp'"));
}

TEST_F(ConfigTest, ListWhereAMapIsExpected) {
  const std::string error = error_of("project:\n  headers: [include/x.hpp]\ngenerate: [60s]\n");
  EXPECT_TRUE(starts_with(error, "palus.yaml:3: generate: expected a map"));
  EXPECT_TRUE(contains(error, "got a list"));
  EXPECT_TRUE(starts_with(error_of("- project\n"), "palus.yaml:1: expected a map of sections"));
}

TEST_F(ConfigTest, MapWhereANumberIsExpected) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  seed:\n    value: 3\n"),
            "palus.yaml:5: generate.seed: expected a whole number >= 0, got a map");
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  max_statements: many\n"),
            "palus.yaml:4: generate.max_statements: expected a whole number in [1, 1000000], got 'many'");
}

TEST_F(ConfigTest, MissingFile) {
  EXPECT_EQ(
      error_of("project:\n  headers: [include/x.hpp]\n  sources:\n    - src/a.cpp\n    - src/nope.cpp\n"),
      fmt::format("palus.yaml:5: project.sources: file 'src/nope.cpp' does not exist (relative to {})", dir_.string()));
  EXPECT_EQ(error_of("project:\n  compile_commands: build/compile_commands.json\n  headers: [include/x.hpp]\n"),
            fmt::format("palus.yaml:2: project.compile_commands: file 'build/compile_commands.json' does not exist "
                        "(relative to {})",
                        dir_.string()));
}

TEST_F(ConfigTest, GlobMatchingNothing) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\n\n  sources: [src/*.cc]\n"),
            fmt::format("palus.yaml:4: project.sources: 'src/*.cc' matches no file (relative to {})", dir_.string()));
  // A glob matching only folders matches no file.
  EXPECT_TRUE(
      starts_with(error_of("project:\n  headers: [inc*]\n"), "palus.yaml:2: project.headers: 'inc*' matches no file"));
}

TEST_F(ConfigTest, MissingHeaders) {
  EXPECT_TRUE(starts_with(error_of("project:\n  sources: [src/a.cpp]\n"), "palus.yaml:1: project.headers: missing"));
  EXPECT_TRUE(starts_with(error_of("project:\n  sources: [src/a.cpp]\n  headers: []\n"),
                          "palus.yaml:3: project.headers: missing"));
  EXPECT_TRUE(starts_with(error_of("generate:\n  seed: 1\n"), "palus.yaml:1: project.headers: missing"));
  EXPECT_TRUE(starts_with(error_of(""), "palus.yaml:1: expected a map of sections"));
}

TEST_F(ConfigTest, BadDuration) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\n\n\n\ngenerate:\n  time_limit: 60 seconds\n"),
            "palus.yaml:7: generate.time_limit: expected a duration like 60s, 500ms or 2m, got '60 seconds'");
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nsandbox:\n  call_timeout: 0s\n"),
            "palus.yaml:4: sandbox.call_timeout: expected a duration above zero, got '0s'");
}

TEST_F(ConfigTest, BadSize) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nsandbox:\n  memory: 2 gigs\n"),
            "palus.yaml:4: sandbox.memory: expected a size like 2GiB, 512MiB, 100MB or 1024 (bytes), got '2 gigs'");
}

TEST_F(ConfigTest, BadRegex) {
  const std::string error = error_of(
      "project:\n  headers: [include/x.hpp]\ntargets:\n  include:\n    - \"lib::.*\"\n"
      "    - \"lib::(\"\n");
  EXPECT_TRUE(starts_with(error, "palus.yaml:6: targets.include: invalid regular expression 'lib::('"));
}

TEST_F(ConfigTest, BadMode) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  mode: randm\n"),
            "palus.yaml:4: generate.mode: unknown mode 'randm' (did you mean 'random'?); expected one of: random | "
            "model | model+constraints | palus");
}

TEST_F(ConfigTest, GuidedModeWithoutSample) {
  const std::string error = error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  mode: palus\n");
  EXPECT_TRUE(starts_with(error, "palus.yaml:4: generate.mode: 'palus' is guided by a model of a sample run"));
  EXPECT_TRUE(contains(error, "add sample.sources or use mode: random"));
  EXPECT_TRUE(
      starts_with(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  mode: model\n"), "palus.yaml:4:"));
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nsample:\n  args: [x]\n"),
            "palus.yaml:3: sample.sources: missing; list the sample program's sources, e.g. sources: "
            "[examples/demo.cpp]");
}

TEST_F(ConfigTest, AShardIsKOfN) {
  const Config config = load("project:\n  headers: [include/x.hpp]\ngenerate:\n  shard: 2/4\n");
  EXPECT_EQ(config.generate.shard.index, 2u);
  EXPECT_EQ(config.generate.shard.count, 4u);
  EXPECT_TRUE(load(minimal).generate.shard.whole());
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  shard: 5/4\n"),
            "palus.yaml:4: generate.shard: expected a shard like 2/4 (K of N, 1 <= K <= N <= 10000), got '5/4'");
}

TEST_F(ConfigTest, NumbersOutOfRange) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  guided_fraction: 1.5\n"),
            "palus.yaml:4: generate.guided_fraction: expected a number in [0, 1] like 0.6, got '1.5'");
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nmodel:\n  ktail: -1\n"),
            "palus.yaml:4: model.ktail: expected a whole number in [0, 1000], got '-1'");
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\noutput:\n  tests_per_file: 0\n"),
            "palus.yaml:4: output.tests_per_file: expected a whole number in [1, 1000000], got '0'");
  EXPECT_TRUE(starts_with(error_of("project:\n  headers: [include/x.hpp]\ngenerate:\n  seed: -3\n"),
                          "palus.yaml:4: generate.seed: expected a whole number >= 0"));
}

TEST_F(ConfigTest, UnknownOrIncompatibleSanitizers) {
  EXPECT_EQ(error_of("project:\n  headers: [include/x.hpp]\nsandbox:\n  sanitizers: [adress]\n"),
            "palus.yaml:4: sandbox.sanitizers: unknown sanitizer 'adress' (did you mean 'address'?); expected one "
            "of: address, undefined, leak, thread");
  EXPECT_TRUE(starts_with(error_of("project:\n  headers: [include/x.hpp]\nsandbox:\n  sanitizers: [thread, address]\n"),
                          "palus.yaml:4: sandbox.sanitizers: thread cannot be combined with address"));
  EXPECT_EQ(load("project:\n  headers: [include/x.hpp]\nsandbox:\n  sanitizers: [thread, thread]\n").sandbox.sanitizers,
            std::vector<std::string>{"thread"});
}

TEST_F(ConfigTest, UnknownContract) {
  EXPECT_TRUE(
      starts_with(error_of("project:\n  headers: [include/x.hpp]\noracles:\n  contracts:\n    - equals_reflexive\n"
                           "    - equals_reflexiv\n"),
                  "palus.yaml:6: oracles.contracts: unknown contract 'equals_reflexiv' (did you mean "
                  "'equals_reflexive'?)"));
  EXPECT_TRUE(starts_with(error_of("project:\n  headers: [include/x.hpp]\noracles:\n  contracts: all\n"),
                          "palus.yaml:4: oracles.contracts: expected 'default' or a list of contract names"));
}

TEST_F(ConfigTest, YamlSyntaxError) {
  const std::string error = error_of("project:\n  headers: [include/x.hpp\n  sources: [src/a.cpp]\n");
  EXPECT_TRUE(starts_with(error, "palus.yaml:3: YAML syntax error: "));
  EXPECT_TRUE(starts_with(error_of("project:\n  headers: [include/x.hpp]\n   bad: indentation\n"),
                          "palus.yaml:3: YAML syntax error: "));
}

TEST_F(ConfigTest, MissingConfigFileSuggestsInit) {
  try {
    load_config(dir_ / "nope.yaml", "nope.yaml");
    FAIL() << "no error";
  } catch (const UserError& error) {
    EXPECT_TRUE(starts_with(error.what(), "nope.yaml: config file not found"));
    EXPECT_TRUE(contains(error.what(), (dir_ / "nope.yaml").string()));
    EXPECT_TRUE(contains(error.what(), "palus init"));
  }
}

// ---- durations and sizes ----

TEST(ConfigValuesTest, ParsesDurations) {
  EXPECT_EQ(parse_duration("60s"), 60s);
  EXPECT_EQ(parse_duration("500ms"), 500ms);
  EXPECT_EQ(parse_duration("2m"), 2min);
  EXPECT_EQ(parse_duration("1h"), 1h);
  EXPECT_EQ(parse_duration("1.5s"), 1500ms);
  EXPECT_EQ(parse_duration(" 10 s "), 10s);
  EXPECT_EQ(parse_duration("0.0004s"), 0ms);
}

TEST(ConfigValuesTest, RejectsMalformedDurations) {
  for (const char* text : {"60", "60 seconds", "s", "-1s", "1e3s", "1.2.3s", "", "5d", "1ms5", "inf s"}) {
    try {
      parse_duration(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const UserError& error) {
      EXPECT_EQ(error.what(), fmt::format("expected a duration like 60s, 500ms or 2m, got '{}'", text));
    }
  }
  EXPECT_THROW(parse_duration("99999999999999h"), UserError);
}

TEST(ConfigValuesTest, ParsesShardsAndDerivesTheirSeeds) {
  EXPECT_EQ(parse_shard("1/1").count, 1u);
  EXPECT_EQ(parse_shard("3/8").index, 3u);
  for (const char* text : {"0/2", "3/2", "2", "/2", "1/", "a/b", "1/2/3", "-1/2", "1/10001"})
    EXPECT_THROW(parse_shard(text), UserError) << text;
  EXPECT_EQ(shard_seed(7, {1, 1}), 7u) << "the whole run keeps the user's seed";
  EXPECT_NE(shard_seed(7, {1, 2}), shard_seed(7, {2, 2}));
  EXPECT_NE(shard_seed(7, {1, 2}), shard_seed(8, {1, 2}));
  EXPECT_EQ(shard_seed(7, {2, 3}), shard_seed(7, {2, 3}));
}

TEST(ConfigValuesTest, ParsesSizes) {
  EXPECT_EQ(parse_size("2GiB"), 2ull << 30);
  EXPECT_EQ(parse_size("512MiB"), 512ull << 20);
  EXPECT_EQ(parse_size("100MB"), 100'000'000u);
  EXPECT_EQ(parse_size("1024"), 1024u);
  EXPECT_EQ(parse_size("64KiB"), 65536u);
  EXPECT_EQ(parse_size("64kib"), 65536u);
  EXPECT_EQ(parse_size("1.5 KiB"), 1536u);
  EXPECT_EQ(parse_size("3B"), 3u);
  EXPECT_EQ(parse_size("1G"), 1ull << 30);
}

TEST(ConfigValuesTest, RejectsMalformedSizes) {
  for (const char* text : {"2 gigs", "GiB", "-5MiB", "", "1 0", "1PiB"}) {
    EXPECT_THROW(parse_size(text), UserError) << text;
  }
  try {
    parse_size("lots");
    FAIL();
  } catch (const UserError& error) {
    EXPECT_STREQ(error.what(), "expected a size like 2GiB, 512MiB, 100MB or 1024 (bytes), got 'lots'");
  }
}

// ---- did you mean ----

TEST(SuggestTest, EditDistance) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("sorces", "sources"), 1u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("tiem", "time"), 1u);  // a transposition counts once
}

TEST(SuggestTest, ClosestMatchOnlyWhenClose) {
  const std::vector<std::string> keys{"sources", "headers", "flags", "link"};
  EXPECT_EQ(closest_match("sorces", keys), "sources");
  EXPECT_EQ(closest_match("hedaers", keys), "headers");
  EXPECT_EQ(closest_match("lnk", keys), "link");
  EXPECT_EQ(closest_match("colour", keys), std::nullopt);
  EXPECT_EQ(closest_match("sources", keys), std::nullopt);
  // Ties go to the first in sorted order, whatever order the candidates come in.
  EXPECT_EQ(closest_match("cat", {"cut", "bat"}), "bat");
  EXPECT_EQ(closest_match("cat", {"bat", "cut"}), "bat");
}

// ---- globs ----

TEST_F(ConfigTest, GlobExpandsSortedAbsoluteAndNormal) {
  write("src/sub/c.cpp", "");
  write("src/sub/deeper/d.cpp", "");
  write("src/.hidden/e.cpp", "");
  EXPECT_EQ(expand_glob(dir_, "src/*.cpp"), (std::vector<fs::path>{dir_ / "src/a.cpp", dir_ / "src/b.cpp"}));
  EXPECT_EQ(expand_glob(dir_, "./src/../src/b.cpp"), std::vector<fs::path>{dir_ / "src/b.cpp"});
  EXPECT_EQ(expand_glob(dir_, "src/**/*.cpp"),
            (std::vector<fs::path>{dir_ / "src/a.cpp", dir_ / "src/b.cpp", dir_ / "src/sub/c.cpp",
                                   dir_ / "src/sub/deeper/d.cpp"}));
  EXPECT_EQ(expand_glob(dir_, "**/d.cpp"), std::vector<fs::path>{dir_ / "src/sub/deeper/d.cpp"});
  EXPECT_EQ(expand_glob(dir_, "src/sub/**"),
            (std::vector<fs::path>{dir_ / "src/sub/c.cpp", dir_ / "src/sub/deeper", dir_ / "src/sub/deeper/d.cpp"}));
  EXPECT_EQ(expand_glob(dir_ / "src", (dir_ / "include/[x]*.hpp").string()),
            std::vector<fs::path>{dir_ / "include/x.hpp"});
  EXPECT_TRUE(expand_glob(dir_, "src/*.cc").empty());
  EXPECT_TRUE(expand_glob(dir_, "nope/**/*.cpp").empty());
}

TEST_F(ConfigTest, GlobTakesTheBaseFolderLiterally) {
  write("we[ird]*/f.cpp", "");
  EXPECT_EQ(expand_glob(dir_ / "we[ird]*", "*.cpp"), std::vector<fs::path>{dir_ / "we[ird]*/f.cpp"});
  EXPECT_TRUE(has_glob_magic("src/*.cpp"));
  EXPECT_FALSE(has_glob_magic("src/a.cpp"));
}

// ---- atomic writes ----

TEST_F(ConfigTest, WriteFileAtomicallyReplacesTheFileAndLeavesNoTemporary) {
  const fs::path target = dir_ / "out/deep/report.yaml";
  write_file_atomically(target, "first\n");
  EXPECT_EQ(read_text(target), "first\n");
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::owner_exec);
  write_file_atomically(target, "second\n");
  EXPECT_EQ(read_text(target), "second\n");
  EXPECT_EQ(fs::status(target).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::owner_exec);
  EXPECT_EQ(std::distance(fs::directory_iterator(target.parent_path()), fs::directory_iterator()), 1);
}

TEST_F(ConfigTest, WriteFileAtomicallyFailsCleanly) {
  fs::create_directories(dir_ / "folder/report.yaml");  // a folder where the file should go
  EXPECT_THROW(write_file_atomically(dir_ / "folder/report.yaml", "x"), UserError);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "folder"), fs::directory_iterator()), 1);
  try {
    write_file_atomically(dir_ / "src/a.cpp/inside", "x");  // parent is a file
    FAIL();
  } catch (const UserError& error) {
    EXPECT_TRUE(starts_with(error.what(), "cannot write " + (dir_ / "src/a.cpp/inside").string() + ": "));
  }
}

// ---- palus init ----

TEST_F(ConfigTest, InitWithoutDatabaseFindsIncludeAndSrc) {
  write("include/sub/z.hpp", "");
  write("src/main_tool.cpp", "int main(int, char**) { return 0; }\n");
  const std::string text = starter_config_text(dir_, std::nullopt);
  EXPECT_TRUE(contains(text, "  flags: [-std=c++17, -Iinclude]\n"));
  EXPECT_TRUE(contains(text, "  sources:\n    - src/a.cpp\n    - src/b.cpp\n"));
  EXPECT_TRUE(contains(text, "  headers:\n    - include/*.hpp\n    - include/sub/*.hpp\n"));
  EXPECT_TRUE(contains(text, "#   sources: [examples/demo.cpp]\n"));
  EXPECT_TRUE(contains(text, "#   # or: src/main_tool.cpp\n"));
  for (const char* section : {"# targets:", "# sample:", "# model:", "# oracles:", "# generate:", "# output:",
                              "# sandbox:", "time_limit: 60s", "memory: 2GiB", "equals_reflexive"}) {
    EXPECT_TRUE(contains(text, section));
  }
  write("palus.yaml", text);
  const Config config = load_config(dir_ / "palus.yaml", "palus.yaml");
  EXPECT_EQ(config.project.sources, (std::vector<fs::path>{dir_ / "src/a.cpp", dir_ / "src/b.cpp"}));
  EXPECT_EQ(config.project.headers,
            (std::vector<fs::path>{dir_ / "include/sub/z.hpp", dir_ / "include/x.hpp", dir_ / "include/y.hpp"}));
}

TEST_F(ConfigTest, InitFromCompileDatabase) {
  write("include/lib/p.hpp", "");
  write("include/lib/q.hh", "");
  write("src/extra.cpp", "");  // not in the database: src/ is listed file by file
  write("tests/t.cpp", "int main() {}\n");
  const std::string entries =
      "[\n"
      "{\"directory\": \".\", \"file\": \"../src/a.cpp\", \"command\": \"c++ -I../include -std=c++20 -c "
      "../src/a.cpp\"},\n"
      "{\"directory\": \".\", \"file\": \"../src/b.cpp\", \"command\": \"c++ -I../include -Isrc -c ../src/b.cpp\"},\n"
      "{\"directory\": \".\", \"file\": \"gen/g.cpp\", \"command\": \"c++ -c gen/g.cpp\"},\n"
      "{\"directory\": \".\", \"file\": \"../tests/t.cpp\", \"command\": \"c++ -I../include -c ../tests/t.cpp\"},\n"
      "{\"directory\": \".\", \"file\": \"../examples/demo.cpp\", \"command\": \"c++ -I../include -c "
      "../examples/demo.cpp\"},\n"
      "{\"directory\": \"/elsewhere\", \"file\": \"/elsewhere/o.cpp\", \"command\": \"c++ -c o.cpp\"}\n"
      "]\n";
  write("build/compile_commands.json", entries);
  write("build/gen/g.cpp", "");
  const std::string text = starter_config_text(dir_, dir_ / "build/compile_commands.json");
  EXPECT_TRUE(contains(text, "  compile_commands: build/compile_commands.json\n"));
  EXPECT_TRUE(contains(text, "  sources:\n    - src/a.cpp\n    - src/b.cpp\n  #"));
  EXPECT_TRUE(contains(text, "  headers:\n    - include/*.hpp\n    - include/lib/*.hh\n    - include/lib/*.hpp\n"));
  EXPECT_TRUE(contains(text, "#   sources: [examples/demo.cpp]\n#   # or: tests/t.cpp\n"));
  write("palus.yaml", text);
  const Config config = load_config(dir_ / "palus.yaml", "palus.yaml");
  EXPECT_EQ(config.project.compile_commands, dir_ / "build/compile_commands.json");
  EXPECT_EQ(config.project.sources, (std::vector<fs::path>{dir_ / "src/a.cpp", dir_ / "src/b.cpp"}));
  EXPECT_EQ(config.project.headers.size(), 4u);
  EXPECT_EQ(config.compile_db.by_file.size(), 6u);

  // When the folder's files are all in the database, they collapse into a glob.
  fs::remove(dir_ / "src/extra.cpp");
  EXPECT_TRUE(
      contains(starter_config_text(dir_, dir_ / "build/compile_commands.json"), "  sources:\n    - src/*.cpp\n"));
}

TEST_F(ConfigTest, InitHeaderOnlyProjectInItsOwnFolder) {
  write("solo/solo.hpp", "#pragma once\n");
  const std::string text = starter_config_text(dir_ / "solo", std::nullopt);
  EXPECT_TRUE(contains(text, "  sources: []\n"));
  EXPECT_TRUE(contains(text, "  headers:\n    - \"*.hpp\"\n"));  // quoted: a plain *... is a YAML alias
  write("solo/palus.yaml", text);
  EXPECT_EQ(load_config(dir_ / "solo/palus.yaml", "palus.yaml").project.headers,
            std::vector<fs::path>{dir_ / "solo/solo.hpp"});
}

TEST_F(ConfigTest, InitRefusesToOverwriteUnlessForced) {
  const fs::path written = write_starter_config(dir_, std::nullopt, false);
  EXPECT_EQ(written, dir_ / "palus.yaml");
  EXPECT_NO_THROW(load_config(written, "palus.yaml"));
  write("palus.yaml", "mine\n");
  try {
    write_starter_config(dir_, std::nullopt, false);
    FAIL() << "overwrote palus.yaml";
  } catch (const UserError& error) {
    EXPECT_TRUE(contains(error.what(), "already exists"));
    EXPECT_TRUE(contains(error.what(), "--force"));
  }
  EXPECT_EQ(read_text(dir_ / "palus.yaml"), "mine\n");
  write_starter_config(dir_, std::nullopt, true);
  EXPECT_NO_THROW(load_config(written, "palus.yaml"));
}

TEST_F(ConfigTest, InitFindsTheCompileDatabase) {
  EXPECT_EQ(find_compile_database(dir_), std::nullopt);
  write("build-b/compile_commands.json", "[]");
  write("build-a/compile_commands.json", "[]");
  EXPECT_EQ(find_compile_database(dir_), dir_ / "build-a/compile_commands.json");
  write("compile_commands.json", "[]");
  EXPECT_EQ(find_compile_database(dir_), dir_ / "compile_commands.json");
}

}  // namespace
}  // namespace palus
