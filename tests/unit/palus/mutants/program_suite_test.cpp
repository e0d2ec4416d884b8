// The hand-written suite file of palus mutate --programs: programs, globs, runs per file.
#include "palus/mutants/program_suite.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "test_files.hpp"

namespace palus::mutants {
namespace {

using palus::testing::ScratchDir;
using palus::testing::write_text;

TEST(ProgramSuite, ReadsProgramsWithTheirSourcesFlagsAndARunPerMatchedFile) {
  ScratchDir dir("program-suite");
  write_text(dir.path() / "tests/main.cpp", "int main() {}\n");
  write_text(dir.path() / "tests/util.cpp", "\n");
  write_text(dir.path() / "data/a.json", "1\n");
  write_text(dir.path() / "data/b.json", "2\n");
  write_text(dir.path() / "tests/fuzz_one.cpp", "\n");
  write_text(dir.path() / "suite.yaml",
             "flags: [-Iinclude, -DX=1]\n"
             "link: [-lgtest]\n"
             "programs:\n"
             "  - name: runner\n"
             "    sources: [tests/*.cpp]\n"
             "    exclude: [tests/fuzz_*.cpp]\n"
             "    runs:\n"
             "      - {args: [--help]}\n"
             "      - {each: data/*.json, args: [--check, '{}']}\n");
  const std::vector<SuiteProgram> programs = read_program_suite(dir.path() / "suite.yaml");
  ASSERT_EQ(programs.size(), 1u);
  const SuiteProgram& p = programs[0];
  EXPECT_EQ(p.name, "runner");
  EXPECT_EQ(p.sources,
            (std::vector<std::filesystem::path>{dir.path() / "tests/main.cpp", dir.path() / "tests/util.cpp"}));
  EXPECT_EQ(p.flags, (std::vector<std::string>{"-I" + (dir.path() / "include").string(), "-DX=1"}));
  EXPECT_EQ(p.link, std::vector<std::string>{"-lgtest"});
  EXPECT_EQ(p.cwd, dir.path());
  EXPECT_EQ(p.runs, (std::vector<std::vector<std::string>>{
                        {"--help"}, {"--check", "data/a.json"}, {"--check", "data/b.json"}}));
}

TEST(ProgramSuite, AMistakeNamesTheFileAndLine) {
  ScratchDir dir("program-suite");
  auto error_of = [&](const std::string& text) {
    write_text(dir.path() / "suite.yaml", text);
    try {
      read_program_suite(dir.path() / "suite.yaml");
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string file = (dir.path() / "suite.yaml").string();
  EXPECT_EQ(error_of("programs:\n  - name: t\n    sources: [none/*.cpp]\n    runs: []\n"),
            file + ":3: 'none/*.cpp' matches no file");
  EXPECT_EQ(error_of("programs: []\n"), file + ":1: expected at least one program under 'programs'");
  EXPECT_EQ(error_of("programs:\n  - name: t\n    runs: []\n"), file + ":2: expected a key 'sources' in this map");
  EXPECT_EQ(error_of("programs:\n  - name: t\n    sources: []\n    runs: []\n"),
            file + ":2: expected at least one source in 'sources'");
  EXPECT_EQ(error_of("programs:\n  - name: a/b\n    sources: []\n    runs: []\n"),
            file + ":2: expected a program name without '/' or a leading '.', got 'a/b'");
  write_text(dir.path() / "t.cpp", "int main() {}\n");
  const std::string program = "  - name: t\n    sources: [t.cpp]\n    runs: [{args: []}]\n";
  EXPECT_EQ(error_of("programs:\n" + program + program), file + ":5: a second program named 't'");
  EXPECT_EQ(error_of("programs:\n  - name: t\n    sources: [t.cpp]\n    cwd: x\n    runs: []\n"),
            file + ":4: unknown key 'cwd' (expected one of: name, sources, exclude, runs)");
  EXPECT_EQ(error_of("programs:\n  - name: t\n    sources: [t.cpp]\n    runs: [x]\n"),
            file + ":4: expected a run as a map with 'args' (and 'each'), got 'x'");
  EXPECT_NE(error_of("programs: [").find(file + ":"), std::string::npos);
  EXPECT_NE(error_of("").find("expected"), std::string::npos);
}

}  // namespace
}  // namespace palus::mutants
