#include "palus/suite/coverage_library.hpp"

#include <exception>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace palus::suite {

CoverageLibrary::CoverageLibrary(const Config& config, fs::path dir, int niceness, const std::atomic<bool>* cancel)
    : settings_(coverage_library_settings(config, fs::absolute(dir))) {
  settings_.niceness = niceness;
  settings_.cancel = cancel;
}

std::optional<fs::path> CoverageLibrary::archive() {
  std::lock_guard lock(mutex_);
  if (!tried_) {
    tried_ = true;
    try {
      build_library(settings_);
    } catch (const std::exception& e) {
      error_ = e.what();
      if (error_.empty()) error_ = "the build failed";
    }
  }
  if (!error_.empty()) return std::nullopt;
  return archive_path();
}

std::string CoverageLibrary::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

fs::path checked_coverage_dir(const fs::path& work_dir) { return work_dir / "check" / "coverage"; }

fs::path coverage_library_dir(const fs::path& work_dir) { return checked_coverage_dir(work_dir) / "lib"; }

void remove_coverage_data(const fs::path& dir) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) return;
  for (auto it = fs::recursive_directory_iterator(dir, error); !error && it != fs::recursive_directory_iterator();
       it.increment(error)) {
    if (it->path().extension() == ".gcda") fs::remove(it->path(), error);
  }
}

}  // namespace palus::suite
