// Mutation sites and mutant schemata (palus mutate, issue 21): a small program's schema compiles
// where constants must stay constants, runs as the original with no mutant switched on, and runs
// each mutant when PALUS_MUTANT names it.

#include "palus/mutants/schema.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "core/process.hpp"
#include "palus/mutants/site_finder.hpp"

namespace palus::mutants {
namespace {

namespace fs = std::filesystem;

const char* const kProgram = R"(#include <cstdio>
#include <tuple>
#define TWICE(x) ((x) + (x))
struct Box { int v = 3; };
int add(int a, int b) { return a + b; }
bool both(const Box* p) { return p != nullptr &&
                                  p->v > 2; }
int clamp_at(int x) { if (x > 10) return 10; return x; }
struct Handle { bool operator==(std::nullptr_t) const { return false; } };
int nulls(const int* p, const Handle& h) { const int* q = 0; return (p == 0) + (q == nullptr) + (h == 0); }
void bump(int& x) { x += 2; }
int twice(int y) { return TWICE(y); }
constexpr int square(int x) { return x * x; }
int constants(int k) {
  int table[4] = {1, 2, 3, 7};
  static_assert(sizeof(int) >= 2, "int");
  const int limit = 3;
  std::tuple<int, int> t{5, 6};
  switch (k) { case 1: return std::get<0>(t); default: break; }
  if constexpr (sizeof(long) >= 4) { k += table[limit]; }
  int squares[square(2)] = {};
  return k + squares[0];
}
int main() {
  int x = 1;
  bump(x);
  std::printf("%d %d %d %d %d %d\n", add(2, 3), both(nullptr), clamp_at(12), x, twice(4), constants(1) + nulls(nullptr, Handle{}) - 2);
}
)";

unsigned line_of(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  return at == std::string::npos ? 0 : static_cast<unsigned>(std::count(text.begin(), text.begin() + at, '\n') + 1);
}

class SchemaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("palus-mutants-" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "schema");
    original_ = dir_ / "program.cpp";
    std::ofstream(original_) << kProgram;
    const analysis::TranslationUnit unit(original_.string(), {"-std=c++17"});
    sites_ = find_sites(unit, kProgram);
    std::uint32_t next = 1;
    mutants_ = number_mutants(original_.string(), sites_, next);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Builds the schema; returns the compiler's output when it fails.
  std::string build() {
    std::ofstream(dir_ / "schema" / "palus_mutant.hpp") << schema_prelude();
    std::ofstream(dir_ / "schema" / "program.cpp")
        << schema_file(kProgram, sites_, dir_ / "schema" / "palus_mutant.hpp", original_);
    process::ProcessSpec spec;
    spec.exe = "c++";
    spec.env = process::environment_with({});
    spec.args = {"-std=c++17",
                 "-O0",
                 "-iquote",
                 dir_.string(),
                 "-o",
                 (dir_ / "program").string(),
                 (dir_ / "schema" / "program.cpp").string()};
    const auto result = process::run_process(spec);
    return result.exit_status == 0 ? "" : result.output;
  }

  /// What the program prints with mutant `id` (0: none); "signal N" when it died.
  std::string run(std::uint32_t id) {
    process::ProcessSpec spec;
    spec.exe = dir_ / "program";
    spec.env = process::environment_with({{"PALUS_MUTANT", std::to_string(id)}});
    spec.timeout = std::chrono::seconds(10);
    const auto result = process::run_process(spec);
    return result.signal != 0 ? "signal " + std::to_string(result.signal) : result.output;
  }

  fs::path dir_, original_;
  std::vector<Site> sites_;
  std::vector<Mutant> mutants_;
};

TEST_F(SchemaTest, EveryOperatorFindsItsSites) {
  std::set<std::string> operators;
  for (const auto& m : mutants_) operators.insert(std::string(name_of(m.op)));
  EXPECT_EQ(operators, (std::set<std::string>{"AOR", "ROR", "LCR", "CRP", "NEG", "SDL", "RVR"}));
  const auto add = std::find_if(mutants_.begin(), mutants_.end(),
                                [](const Mutant& m) { return m.op == Operator::arithmetic && m.original == "a + b"; });
  ASSERT_NE(add, mutants_.end());
  EXPECT_EQ(add->replacement, "a - b");
  EXPECT_EQ(add->line, line_of(kProgram, "int add("));
}

TEST_F(SchemaTest, NothingIsMutatedInMacrosConstexprFunctionsOrConstants) {
  const unsigned twice = line_of(kProgram, "int twice("), square = line_of(kProgram, "constexpr int square");
  const unsigned table = line_of(kProgram, "int table["), limit = line_of(kProgram, "const int limit"),
                 get = line_of(kProgram, "std::get<0>"), squares = line_of(kProgram, "int squares["),
                 assertion = line_of(kProgram, "static_assert"), constexpr_if = line_of(kProgram, "if constexpr");
  std::set<std::string> in_table, on_case_line, in_constexpr_if;
  for (const auto& m : mutants_) {
    EXPECT_NE(m.line, twice) << m.original << " is written by a macro";
    EXPECT_NE(m.line, square) << m.original << " may run in a constant expression";
    EXPECT_NE(m.line, limit) << m.original << ": a const variable may be used in a constant expression";
    EXPECT_NE(m.line, squares) << m.original << ": an array bound";
    EXPECT_NE(m.line, assertion) << m.original;
    if (m.line == table) in_table.insert(m.original);
    if (m.line == get) on_case_line.insert(m.original);
    if (m.line == constexpr_if) in_constexpr_if.insert(m.original);
  }
  EXPECT_EQ(in_table, (std::set<std::string>{"1", "2", "3", "7"})) << "the values, not the bound";
  EXPECT_EQ(on_case_line, (std::set<std::string>{"std::get<0>(t)"})) << "the returned value, not the label or <0>";
  EXPECT_EQ(in_constexpr_if, (std::set<std::string>{"k += table[limit]"})) << "the branch, not the condition";
  std::set<std::string> in_nulls;
  for (const auto& m : mutants_)
    if (m.line == line_of(kProgram, "int nulls(")) in_nulls.insert(std::string(name_of(m.op)) + " " + m.original);
  EXPECT_EQ(in_nulls.count("ROR q == nullptr"), 1u);
  EXPECT_EQ(in_nulls.count("ROR p == 0"), 0u) << "a pointer and a 0 do not compare in a function template";
  EXPECT_EQ(in_nulls.count("ROR h == 0"), 0u) << "a class's operator==";
  EXPECT_EQ(in_nulls.count("CRP 0"), 0u) << "a null pointer constant";
}

TEST_F(SchemaTest, TheSchemaKeepsEveryLineWhereItWas) {
  const std::string schema = render_schema(kProgram, sites_);
  EXPECT_EQ(std::count(schema.begin(), schema.end(), '\n'),
            std::count(kProgram, kProgram + std::char_traits<char>::length(kProgram), '\n'));
  EXPECT_NE(schema, kProgram);
}

TEST_F(SchemaTest, TheSchemaRunsAsTheOriginalAndEachMutantWhenSwitchedOn) {
  ASSERT_EQ(build(), "");
  EXPECT_EQ(run(0), "5 0 10 3 8 5\n");
  std::map<std::string, std::string> seen;  // original -> output of its first mutant
  std::size_t changed = 0;
  for (const auto& m : mutants_) {
    const std::string out = run(m.id);
    if (out != "5 0 10 3 8 5\n") ++changed;
    seen.emplace(std::string(name_of(m.op)) + " " + m.original, out);
  }
  EXPECT_EQ(seen["AOR a + b"], "-1 0 10 3 8 5\n");
  EXPECT_EQ(seen["NEG x > 10"], "5 0 12 3 8 5\n");
  EXPECT_EQ(seen["SDL x += 2"], "5 0 10 1 8 5\n");
  EXPECT_EQ(seen["LCR p != nullptr && p->v > 2"].rfind("signal", 0), 0u) << "|| dereferences the null pointer";
  EXPECT_EQ(seen["ROR p->v > 2"], "5 0 10 3 8 5\n") << "not reached with a null pointer";
  EXPECT_EQ(seen["RVR a + b"], "0 0 10 3 8 5\n");
  EXPECT_GT(changed * 2, mutants_.size()) << "most mutants change what this program prints";
}

}  // namespace
}  // namespace palus::mutants
