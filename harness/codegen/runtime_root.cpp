#include "runtime_root.hpp"

#include <cstdlib>
#include <string>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace palus::harness {
namespace {

/// A file every runtime folder holds.
constexpr const char* kMarker = "harness/runtime/main.cpp";

bool holds_runtime(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / kMarker, ec);
}

}  // namespace

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw UserError("palus: cannot find its own executable (/proc/self/exe: " + ec.message() + ")");
  return exe.parent_path();
}

fs::path runtime_root() {
  if (const char* dir = std::getenv("PALUS_RUNTIME_DIR"); dir && *dir) {
    if (!holds_runtime(dir))
      throw UserError(
          fmt::format("PALUS_RUNTIME_DIR={}: not a palus runtime folder (expected {} in it)", dir, kMarker));
    return fs::path(dir).lexically_normal();
  }
  const fs::path candidate = (executable_dir() / ".." / "share" / "palus").lexically_normal();
  if (!holds_runtime(candidate))
    throw UserError(
        fmt::format("{}: palus's runtime folder is missing (expected {} in it; reinstall palus, "
                    "or set PALUS_RUNTIME_DIR to the share/palus folder of an installation)",
                    candidate.string(), kMarker));
  return candidate;
}

}  // namespace palus::harness
