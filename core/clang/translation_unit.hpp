#pragma once
// One parsed C++ file (libclang), owning its index and translation unit.

#include <clang-c/Index.h>

#include <filesystem>
#include <map>
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

 private:
  void check_diagnostics() const;

  std::string file_;
  CXIndex index_ = nullptr;
  CXTranslationUnit unit_ = nullptr;
};

}  // namespace palus::analysis
