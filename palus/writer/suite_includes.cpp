#include "palus/writer/suite_includes.hpp"

#include "palus/config/compile_db.hpp"

namespace palus::writer {
namespace {

namespace fs = std::filesystem;

/// How a generated test includes `header`: relative to the deepest -I/-isystem/-iquote/-idirafter
/// folder holding it (as the library's own users write it), else by its absolute path.
std::string include_spelling(const Config& config, const fs::path& header) {
  std::string best;
  for (const std::string& dir : include_dirs_in(config.parse_flags_for(header))) {
    const fs::path rel = header.lexically_relative(fs::path(dir).lexically_normal());
    if (rel.empty() || rel.string().rfind("..", 0) == 0) continue;
    if (best.empty() || rel.string().size() < best.size()) best = rel.string();
  }
  return "\"" + (best.empty() ? header.string() : best) + "\"";
}

}  // namespace

std::vector<std::string> header_includes(const Config& config) {
  std::vector<std::string> out;
  for (const auto& h : config.project.headers) out.push_back(include_spelling(config, h));
  return out;
}

std::vector<std::string> theories_includes(const Config& config) {
  std::vector<std::string> out;
  for (const auto& h : config.oracles.theories) {
    std::string spelled = include_spelling(config, h);
    if (spelled == "\"" + h.string() + "\"") spelled = "\"" + h.lexically_relative(config.dir).string() + "\"";
    out.push_back(spelled);
  }
  return out;
}

}  // namespace palus::writer
