#pragma once
// model.yaml: the call-sequence models `palus model` writes and `palus generate` reads (DESIGN §3).
//
//   ktail: 0
//   classes:
//     - class: tinysql::Statement
//       nodes:
//         - {id: 0, profiles: [], objects: 1}
//         - {id: 1, profiles: ["FNf"], objects: 1}
//       transitions:
//         - {from: 0, to: 1, callable: "tinysql::Connection::createStatement()", object: result, count: 1,
//            args: [{slot: 0, dependences: ["tinysql::Connection#1"], profiles: ["FPf"]}]}
//
// object: result | receiver | "slot N" (Transition::role); inferred and threw appear only when
// true. Values are typed so they read back exactly: {string: "..."}, {hex: "ff00"} (a string
// that is not UTF-8), {int: -3}, {uint: 5}, {bool: true}, {float: 2.5} (shortest round-trip
// form; inf, -inf, nan), null (a null pointer).

#include <filesystem>
#include <string>
#include <string_view>

#include "models/model.hpp"

namespace palus::models {

/// The text of model.yaml for `model`, starting with a comment that says what the file is.
std::string model_to_yaml(const Model& model);

/// Writes model_to_yaml(model) to `file` atomically (a temporary file renamed over it).
/// Throws palus::UserError when the file cannot be written.
void write_model_yaml(const Model& model, const std::filesystem::path& file);

/// Parses model.yaml text; `display` names the file in error messages.
/// Throws palus::UserError "<display>:<line>: expected ..." on malformed content.
Model parse_model_yaml(std::string_view text, const std::string& display);

/// Reads `file` as written by write_model_yaml: read_model_yaml(f) == m after write_model_yaml(m, f).
/// Throws palus::UserError naming the file (and line) when it is missing or malformed.
Model read_model_yaml(const std::filesystem::path& file);

}  // namespace palus::models
