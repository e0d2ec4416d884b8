#pragma once
// The checked reads shared by the readers of palus's own YAML files (api.yaml, model.yaml): each
// wrong node gives one UserError "<file>:<line>: expected ..., got ...".

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/error.hpp"
#include "core/file_text.hpp"
#include "core/yaml_describe.hpp"

namespace palus {

/// The YAML document in `file`, shown as `display` in errors: a missing file says what was
/// expected there (`expected`: "the report.yaml that 'palus run' writes"), a syntax error its line.
inline YAML::Node load_yaml_file(const std::filesystem::path& file, const std::string& display,
                                 std::string_view expected) {
  const std::string text = read_expected_file(file, display, expected);
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& yaml_error) {
    fail_at(fmt::format("{}:{}", display, std::max(yaml_error.mark.line, 0) + 1), "YAML error: {}", yaml_error.msg);
  }
}

/// `read(root)` of the YAML document in `file` (see load_yaml_file); a YAML exception that escapes
/// `read` (an access its checks missed) becomes a UserError at the line it names.
template <typename Read>
auto read_yaml_file(const std::filesystem::path& file, std::string_view expected, Read read) {
  const YAML::Node root = load_yaml_file(file, file.string(), expected);
  try {
    return read(root);
  } catch (const YAML::Exception& yaml_error) {
    fail_at(fmt::format("{}:{}", file.string(), std::max(yaml_error.mark.line, 0) + 1), "YAML error: {}",
            yaml_error.msg);
  }
}

class YamlReader {
 public:
  explicit YamlReader(std::string display) : display_(std::move(display)) {}

  /// "<file>:<line>" of `node`, for messages.
  std::string where(const YAML::Node& node) const {
    return fmt::format("{}:{}", display_, std::max(node.Mark().line, 0) + 1);
  }

 protected:
  const std::string& display() const { return display_; }

  /// map[key], which must be there.
  YAML::Node get(const YAML::Node& map, std::string_view key) const {
    if (!map.IsMap()) fail_at(where(map), "expected a map with '{}', got {}", key, describe(map));
    const YAML::Node value = map[std::string(key)];
    if (!value.IsDefined()) fail_at(where(map), "expected a key '{}' in this map", key);
    return value;
  }

  std::string scalar(const YAML::Node& value, std::string_view what) const {
    if (!value.IsScalar()) fail_at(where(value), "expected '{}' to be a string, got {}", what, describe(value));
    return value.Scalar();
  }

  YAML::Node list(const YAML::Node& value, std::string_view what) const {
    if (!value.IsSequence()) fail_at(where(value), "expected '{}' to be a list, got {}", what, describe(value));
    return value;
  }

  template <typename T>
  T whole_value(const YAML::Node& value, std::string_view what) const {
    T result{};
    const std::string digits = value.IsScalar() ? value.Scalar() : std::string();
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), result);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) {
      fail_at(where(value), "expected '{}' to be a whole number{}, got {}", what, std::is_signed_v<T> ? "" : " >= 0",
              describe(value));
    }
    return result;
  }

  bool boolean_value(const YAML::Node& value, std::string_view what) const {
    bool result = false;
    if (!value.IsScalar() || !YAML::convert<bool>::decode(value, result)) {
      fail_at(where(value), "expected '{}' to be true or false, got {}", what, describe(value));
    }
    return result;
  }

 private:
  std::string display_;
};

}  // namespace palus
