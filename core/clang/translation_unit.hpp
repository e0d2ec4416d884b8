#pragma once
// One parsed C++ file (libclang), owning its index and translation unit.

#include <clang-c/Index.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace palus::analysis {

/// In-memory file contents that override (or stand in for) files on disk, keyed by absolute path.
using UnsavedFiles = std::map<std::string, std::string>;

class TranslationUnit {
 public:
  /// Parses `file` with `flags` (compiler flags only). Throws UserError "file:line:col: message"
  /// listing the first errors when the code does not compile, unless `tolerate_errors`.
  TranslationUnit(const std::string& file, const std::vector<std::string>& flags, const UnsavedFiles& unsaved = {},
                  bool tolerate_errors = false);
  ~TranslationUnit();
  TranslationUnit(const TranslationUnit&) = delete;
  TranslationUnit& operator=(const TranslationUnit&) = delete;

  CXCursor root() const { return clang_getTranslationUnitCursor(unit_); }
  const std::string& file() const { return file_; }
  /// The files (real paths, lexically normal) that one of `headers` includes, directly or through
  /// other includes: what an umbrella header brings in.
  std::set<std::string> files_included_through(const std::set<std::string>& headers) const;

 private:
  void check_diagnostics() const;

  std::string file_;
  CXIndex index_ = nullptr;
  CXTranslationUnit unit_ = nullptr;
};

}  // namespace palus::analysis
