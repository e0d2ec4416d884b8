#pragma once
// How a YAML node looks, for the "got ..." part of error messages about palus.yaml and api.yaml.

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <string>

namespace palus {

inline std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Map:
      return "a map";
    case YAML::NodeType::Scalar:
      return fmt::format("'{}'", node.Scalar());
    default:
      return "nothing";
  }
}

}  // namespace palus
