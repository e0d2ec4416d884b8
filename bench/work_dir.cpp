#include "bench/work_dir.hpp"

#include <iostream>

#include "bench/shell.hpp"

namespace palus::bench {

namespace fs = std::filesystem;

void WorkDir::add_options(CLI::App& app) {
  app.add_option("--work-dir", requested_, "working files (default: a fresh temporary folder, removed afterwards)");
  app.add_flag("--keep", keep_, "keep the temporary work folder");
}

const fs::path& WorkDir::open(const std::string& prefix) {
  path_ = given() ? fs::absolute(requested_) : fresh_temp_dir(prefix);
  fs::create_directories(path_);
  std::cerr << "work directory: " << path_.string() << "\n";
  return path_;
}

void WorkDir::close(bool keep_anyway) const {
  if (!given() && !keep_ && !keep_anyway) {
    fs::remove_all(path_);
  } else {
    std::cerr << "work directory kept: " << path_.string() << "\n";
  }
}

}  // namespace palus::bench
