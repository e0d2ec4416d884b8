#include "palus/writer/fresh_directory.hpp"

namespace palus::writer {

const std::set<std::string>& fresh_directory_includes() {
  static const std::set<std::string> includes{"<filesystem>", "<random>", "<string>", "<system_error>"};
  return includes;
}

std::string fresh_directory_fixture(const std::set<std::string>& suites) {
  std::string text =
      "namespace palus_generated {\n"
      "// Each test runs in a fresh empty working directory under the system's temp folder, removed\n"
      "// afterwards: files one test writes are never seen by another.\n"
      "class FreshDirectory : public ::testing::Test {\n"
      " protected:\n"
      "  void SetUp() override {\n"
      "    previous_ = std::filesystem::current_path();\n"
      "    std::random_device random;\n"
      "    do {\n"
      "      dir_ = std::filesystem::temp_directory_path() / (\"palus-test-\" + std::to_string(random()));\n"
      "    } while (!std::filesystem::create_directory(dir_));\n"
      "    std::filesystem::current_path(dir_);\n"
      "  }\n"
      "  void TearDown() override {\n"
      "    std::filesystem::current_path(previous_);\n"
      "    std::error_code ignored;\n"
      "    std::filesystem::remove_all(dir_, ignored);\n"
      "  }\n"
      "\n"
      " private:\n"
      "  std::filesystem::path previous_, dir_;\n"
      "};\n"
      "}  // namespace palus_generated\n";
  if (!suites.empty()) text += "\n";
  for (const std::string& suite : suites) text += "using " + suite + " = palus_generated::FreshDirectory;\n";
  return text;
}

}  // namespace palus::writer
