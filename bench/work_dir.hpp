#pragma once
// The folder a benchmark works in: --work-dir, or else a fresh temporary folder that is removed at
// the end unless --keep.

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>

namespace palus::bench {

class WorkDir {
 public:
  /// --work-dir and --keep.
  void add_options(CLI::App& app);
  bool given() const { return !requested_.empty(); }

  /// Creates the folder ("<tmp>/<prefix>-XXXXXX" unless --work-dir) and says where it is on stderr.
  const std::filesystem::path& open(const std::string& prefix);

  /// At the end: removes a fresh folder unless --keep or `keep_anyway` (a failure to look into);
  /// a folder that stays is named on stderr.
  void close(bool keep_anyway = false) const;

 private:
  std::filesystem::path requested_, path_;
  bool keep_ = false;
};

}  // namespace palus::bench
