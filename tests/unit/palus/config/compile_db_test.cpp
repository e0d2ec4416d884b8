// Tests of compile_commands.json loading and of the flags Config::parse_flags_for picks.

#include "palus/config/compile_db.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "palus/config/config.hpp"
#include "test_files.hpp"

namespace fs = std::filesystem;
using Words = std::vector<std::string>;

namespace palus {
namespace {

using testing::starts_with;

/// A fresh folder for compile databases, removed after the test.
class CompileDbTest : public ::testing::Test {
 protected:
  fs::path write(const fs::path& relative, const std::string& content) {
    testing::write_text(dir_ / relative, content);
    return dir_ / relative;
  }

  /// The message of the UserError that loading `json` throws ("" when it loads).
  std::string error_of(const std::string& json) {
    return testing::error_message<UserError>(
        [&] { load_compile_database(write("compile_commands.json", json), "compile_commands.json"); });
  }

  testing::ScratchDir scratch_{"palus-compile-db-test"};
  fs::path dir_ = scratch_.path();
};

// ---- split_command_line ----

TEST(SplitCommandLineTest, SplitsOnBlanks) {
  EXPECT_EQ(split_command_line("c++  -c\ta.cpp \n"), (Words{"c++", "-c", "a.cpp"}));
  EXPECT_EQ(split_command_line(""), Words{});
  EXPECT_EQ(split_command_line("   "), Words{});
}

TEST(SplitCommandLineTest, HonoursQuotesAndEscapes) {
  EXPECT_EQ(split_command_line(R"(c++ "-DNAME=\"a b\"" -c 'my file.cpp')"),
            (Words{"c++", R"(-DNAME="a b")", "-c", "my file.cpp"}));
  EXPECT_EQ(split_command_line(R"(a\ b 'it'\''s' "\$x \n" x"y"'z' "" '')"),
            (Words{"a b", "it's", R"($x \n)", "xyz", "", ""}));
  EXPECT_EQ(split_command_line("-DA='\\' b"), (Words{"-DA=\\", "b"}));
  EXPECT_EQ(split_command_line("a\\\nb"), (Words{"ab"}));
}

TEST(SplitCommandLineTest, UnterminatedQuoteIsAnError) {
  EXPECT_THROW(split_command_line("c++ \"-DX=1"), UserError);
  EXPECT_THROW(split_command_line("c++ '-DX=1"), UserError);
}

// ---- flags ----

TEST(FlagsTest, AbsolutizesPathFlagsInBothForms) {
  const Words flags{"-Iinc", "-I",           "../other", "-isystem", "sys",        "-iquotequote", "-idirafter",
                    "after", "-include",     "pre.h",    "-I/abs",   "-I=sysroot", "-DX=-Ifoo",    "-isystem-after",
                    "x",     "-include-pch", "pch.h.pch"};
  EXPECT_EQ(absolutize_path_flags(flags, "/proj/build"),
            (Words{"-I/proj/build/inc", "-I", "/proj/other", "-isystem", "/proj/build/sys", "-iquote/proj/build/quote",
                   "-idirafter", "/proj/build/after", "-include", "/proj/build/pre.h", "-I/abs", "-I=sysroot",
                   "-DX=-Ifoo", "-isystem-after", "x", "-include-pch", "/proj/build/pch.h.pch"}));
  EXPECT_EQ(include_dirs_in({"-Ia", "-isystem", "b", "-include", "c.h", "-iquote", "d", "-DX"}),
            (Words{"a", "b", "d"}));
}

// ---- loading ----

TEST_F(CompileDbTest, ArgumentsFormKeepsOnlyCompilerFlags) {
  const fs::path json = write("build/compile_commands.json", R"([
  {"directory": "/proj/build", "file": "../src/a.cpp",
   "arguments": ["/usr/bin/c++", "-I../include", "-Igen", "-I", "/usr/include/x", "-std=c++17", "-DNAME=\"a b\"",
                 "-MD", "-MF", "a.o.d", "-MT", "a.o", "-MQ", "a.o", "-MMD", "-MP", "-o", "a.o", "-oother.o", "-c",
                 "../src/a.cpp", "-Wall"]}
])");
  const CompileDatabase db = load_compile_database(json);
  ASSERT_EQ(db.by_file.size(), 1u);
  const CompileCommand& entry = db.by_file.begin()->second;
  EXPECT_EQ(entry.directory, "/proj/build");
  EXPECT_EQ(entry.file, "/proj/src/a.cpp");
  EXPECT_EQ(db.by_file.begin()->first, entry.file);
  EXPECT_EQ(entry.flags, (Words{"-I/proj/include", "-I/proj/build/gen", "-I", "/usr/include/x", "-std=c++17",
                                "-DNAME=\"a b\"", "-Wall"}));
}

TEST_F(CompileDbTest, CommandFormIsSplit) {
  const fs::path json = write("compile_commands.json", R"([
  {"directory": "/p", "command": "c++ -isystem ../x -DMSG='\"hi there\"' -Dsp=a\\ b -c src/b.cpp -o b.o", "file": "src/b.cpp"}
])");
  const CompileDatabase db = load_compile_database(json);
  ASSERT_EQ(db.by_file.count("/p/src/b.cpp"), 1u);
  EXPECT_EQ(db.by_file.at("/p/src/b.cpp").flags, (Words{"-isystem", "/x", "-DMSG=\"hi there\"", "-Dsp=a b"}));
}

TEST_F(CompileDbTest, RelativeDirectoryAndFileAreResolved) {
  // tests/data/compile_db/relative/build/compile_commands.json: directory "." and "../build/./".
  const fs::path root = (fs::path(PALUS_TEST_DATA) / "compile_db/relative").lexically_normal();
  const CompileDatabase db = load_compile_database(root / "build/compile_commands.json");
  ASSERT_EQ(db.by_file.size(), 2u);
  const CompileCommand& a = db.by_file.at(root / "src/a.cpp");
  EXPECT_EQ(a.directory, root / "build");
  EXPECT_EQ(a.flags, (Words{"-I" + (root / "include").string(), "-std=c++17", "-DNAME=\"a b\""}));
  const CompileCommand& b = db.by_file.at(root / "src/b.cpp");
  EXPECT_EQ(b.directory, root / "build");
  EXPECT_EQ(b.flags, (Words{"-isystem", (root / "include").string(), "-std=c++17"}));
}

TEST_F(CompileDbTest, FirstEntryForAFileWins) {
  const fs::path json = write("compile_commands.json", R"([
  {"directory": "/p", "file": "a.cpp", "command": "c++ -DFIRST -c a.cpp"},
  {"directory": "/p", "file": "./a.cpp", "command": "c++ -DSECOND -c a.cpp"}
])");
  EXPECT_EQ(load_compile_database(json).by_file.at("/p/a.cpp").flags, Words{"-DFIRST"});
}

TEST_F(CompileDbTest, MalformedJsonNamesTheLine) {
  EXPECT_TRUE(
      starts_with(error_of("[\n  {\"directory\": \"/p\",\n   \"file\": \"a.cpp\"\n   \"command\": \"c++\"}\n]\n"),
                  "compile_commands.json:4: malformed JSON: "));
  EXPECT_TRUE(starts_with(error_of("[\n  {\"directory\": \"/p\", \"file\": \"a.cpp\", \"command\": \"c++\"},\n"),
                          "compile_commands.json:"));
}

TEST_F(CompileDbTest, MissingOrWrongFieldsNameTheLine) {
  EXPECT_EQ(error_of("{\"directory\": \"/p\"}"), "compile_commands.json:1: expected a JSON array of compile commands");
  EXPECT_EQ(error_of("[\n  {\"directory\": \"/p\",\n   \"command\": \"c++ -c a.cpp\"}\n]"),
            "compile_commands.json:2: compile command has no \"file\"");
  EXPECT_EQ(error_of("[\n  {\"directory\": \"/p\", \"file\": \"a.cpp\"}\n]"),
            "compile_commands.json:2: compile command has neither \"arguments\" nor \"command\"");
  EXPECT_EQ(error_of("[\n  {\"directory\": \"/p\", \"file\": \"a.cpp\",\n   \"arguments\": \"c++ -c a.cpp\"}\n]"),
            "compile_commands.json:3: \"arguments\": expected an array of strings");
  EXPECT_EQ(error_of("[\n  {\"directory\": \"/p\", \"file\": \"a.cpp\",\n\n   \"command\": \"c++ 'a.cpp\"}\n]"),
            "compile_commands.json:4: \"command\": unterminated ' quote in command line");
  EXPECT_EQ(error_of("[\n  3\n]"),
            "compile_commands.json:2: expected a compile command object {\"directory\", \"file\", ...}");
  EXPECT_EQ(error_of("[]"), "");
}

TEST_F(CompileDbTest, MissingFileIsAnError) {
  try {
    load_compile_database(dir_ / "nope.json");
    FAIL();
  } catch (const UserError& error) {
    EXPECT_TRUE(starts_with(error.what(), (dir_ / "nope.json").string() + ": cannot read"));
  }
}

// ---- which entry's flags a file gets ----

TEST_F(CompileDbTest, ParseFlagsForListedFileAndUnlistedHeader) {
  write("src/a.cpp", "");
  write("src/a_private.hpp", "");
  write("tools/t.cpp", "");
  write("include/lib/a.hpp", "");
  write("include/lib/b.hpp", "");
  write("build/compile_commands.json", R"([
  {"directory": ".", "file": "../tools/t.cpp", "command": "c++ -DTOOL -c ../tools/t.cpp"},
  {"directory": ".", "file": "../src/a.cpp", "command": "c++ -I../include -DLIB -c ../src/a.cpp"},
  {"directory": ".", "file": "../src/c.c", "command": "cc -I../include -std=c11 -c ../src/c.c"}
])");
  write("palus.yaml",
        "project:\n  compile_commands: build/compile_commands.json\n  flags: [-DUNUSED]\n"
        "  sources: [src/*.cpp]\n  headers: [include/lib/*.hpp]\n");
  const Config config = load_config(dir_ / "palus.yaml", "palus.yaml");
  const Words lib_flags{"-I" + (dir_ / "include").string(), "-DLIB"};
  // Its own entry.
  EXPECT_EQ(config.parse_flags_for(dir_ / "src/a.cpp"), lib_flags);
  EXPECT_EQ(config.parse_flags_for("tools/t.cpp"), Words{"-DTOOL"});
  // A header under an entry's -I folder: that C++ entry's flags (not the C one's).
  EXPECT_EQ(config.parse_flags_for(dir_ / "include/lib/b.hpp"), lib_flags);
  // A header in a source folder: the entry in the same folder.
  EXPECT_EQ(config.parse_flags_for(dir_ / "src/a_private.hpp"), lib_flags);
  EXPECT_EQ(config.parse_flags_for(dir_ / "tools/t.hpp"), Words{"-DTOOL"});
}

TEST_F(CompileDbTest, ErrorsInTheDatabaseNameItAsTheConfigDoes) {
  write("include/x.hpp", "");
  write("build/compile_commands.json", "[\n  {\"directory\": 3, \"file\": [1]}\n]\n");
  write("palus.yaml", "project:\n  compile_commands: build/compile_commands.json\n  headers: [include/x.hpp]\n");
  try {
    load_config(dir_ / "palus.yaml", "palus.yaml");
    FAIL();
  } catch (const UserError& error) {
    EXPECT_STREQ(error.what(), "build/compile_commands.json:2: \"file\": expected a string");
  }
}

TEST(BestEntryTest, EmptyDatabaseHasNoEntry) { EXPECT_EQ(CompileDatabase{}.best_entry_for("/x.hpp"), nullptr); }

}  // namespace
}  // namespace palus
