#pragma once
// A whole file as text.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace palus {

/// The bytes of `file`; empty when it cannot be read.
inline std::string read_file_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace palus
