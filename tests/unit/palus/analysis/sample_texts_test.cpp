// The sample's texts: its sources' string literals and the files it was given.

#include "palus/analysis/sample_texts.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace palus::analysis {
namespace {

namespace fs = std::filesystem;

bool has(const std::vector<std::string>& texts, const std::string& text) {
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

TEST(SampleTexts, LiteralsOfTheSourcesAndTheFilesItReads) {
  const fs::path dir = fs::temp_directory_path() / ("palus-sample-texts-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "main.cpp") << "#include \"not_there.h\"\n"
                                     "// \"in a comment\"\n"
                                     "int main(int argc, char** argv) {\n"
                                     "  const char* doc = R\"({\"Age\": 20})\";\n"
                                     "  parse(doc, \"tab\\there\", 'x', \"x\");\n"
                                     "}\n";
  std::ofstream(dir / "input.json") << "[1, 2]";
  Config config;
  config.samples.push_back({{dir / "main.cpp"}, {"input.json", "--verbose", "missing.json"}, dir});
  const std::vector<std::string> texts = sample_texts(config);
  EXPECT_TRUE(has(texts, "{\"Age\": 20}")) << "a raw string as written";
  EXPECT_TRUE(has(texts, "tab\there")) << "escapes decoded";
  EXPECT_TRUE(has(texts, "[1, 2]")) << "the file an argument names";
  EXPECT_FALSE(has(texts, "in a comment"));
  EXPECT_FALSE(has(texts, "x")) << "one byte is no text";
  EXPECT_FALSE(has(texts, "--verbose"));
  EXPECT_FALSE(has(texts, "not_there.h")) << "an include is no literal";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace palus::analysis
