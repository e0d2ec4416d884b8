#pragma once
// The names of the test files the suite writer writes, `<Subject>_<kind>[_<n>]_test.cpp`, read
// back by palus report (which files hold failing tests), palus merge (whose tests they are) and
// the writer's own Meson and CMake fragments (which suite a file's tests are in).

#include <optional>
#include <regex>
#include <string>

namespace palus::writer {

struct TestFileName {
  std::string subject;  ///< "Statement"
  std::string kind;     ///< regression | failure | suspect
};

/// `file_name`'s parts ("Statement_failure_2_test.cpp" -> {Statement, failure}); nullopt when it
/// is not a name the writer gives.
inline std::optional<TestFileName> parse_test_file_name(const std::string& file_name) {
  static const std::regex shape(R"(^(.+?)_(regression|failure|suspect)(_[0-9]+)?_test\.cpp$)");
  std::smatch m;
  if (!std::regex_match(file_name, m, shape)) return std::nullopt;
  return TestFileName{m[1].str(), m[2].str()};
}

}  // namespace palus::writer
