#include "core/clang/translation_unit.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "core/clang/clang_util.hpp"
#include "core/error.hpp"

namespace palus::analysis {
namespace {

constexpr unsigned kMaxErrorsShown = 5;

std::string describe(CXDiagnostic diagnostic) {
  CXFile file = nullptr;
  unsigned line = 0, column = 0;
  clang_getExpansionLocation(clang_getDiagnosticLocation(diagnostic), &file, &line, &column, nullptr);
  std::string where = file != nullptr ? clang::take(clang_getFileName(file)) : "<command line>";
  return fmt::format("{}:{}:{}: {}", where, line, column, clang::take(clang_getDiagnosticSpelling(diagnostic)));
}

std::string real_name(CXFile file) {
  std::string name = clang::take(clang_File_tryGetRealPathName(file));
  if (name.empty()) name = clang::take(clang_getFileName(file));
  return std::filesystem::path(name).lexically_normal().string();
}

struct InclusionScan {
  const std::set<std::string>* headers;
  std::set<std::string> found;
};

}  // namespace

std::set<std::string> TranslationUnit::files_included_through(const std::set<std::string>& headers) const {
  InclusionScan scan{&headers, {}};
  clang_getInclusions(
      unit_,
      [](CXFile included, CXSourceLocation* stack, unsigned depth, CXClientData data) {
        auto& scan = *static_cast<InclusionScan*>(data);
        for (unsigned i = 0; i < depth; ++i) {
          CXFile includer = nullptr;
          clang_getExpansionLocation(stack[i], &includer, nullptr, nullptr, nullptr);
          if (includer != nullptr && scan.headers->contains(real_name(includer))) {
            scan.found.insert(real_name(included));
            return;
          }
        }
      },
      &scan);
  return scan.found;
}

TranslationUnit::TranslationUnit(const std::string& file, const std::vector<std::string>& flags,
                                 const UnsavedFiles& unsaved, bool tolerate_errors)
    : file_(file) {
  index_ = clang_createIndex(/*excludeDeclarationsFromPCH=*/0, /*displayDiagnostics=*/0);
  std::vector<const char*> args;
  args.push_back("-xc++");
  for (const auto& flag : flags) args.push_back(flag.c_str());
  std::vector<CXUnsavedFile> files;
  for (const auto& [name, contents] : unsaved) {
    files.push_back(CXUnsavedFile{name.c_str(), contents.c_str(), static_cast<unsigned long>(contents.size())});
  }
  const CXErrorCode code =
      clang_parseTranslationUnit2(index_, file.c_str(), args.data(), static_cast<int>(args.size()), files.data(),
                                  static_cast<unsigned>(files.size()), CXTranslationUnit_KeepGoing, &unit_);
  if (code != CXError_Success || unit_ == nullptr) {
    clang_disposeIndex(index_);
    throw UserError(
        fmt::format("{}: cannot be parsed (libclang error {}); check that it exists and the flags are valid", file,
                    static_cast<int>(code)));
  }
  try {
    if (!tolerate_errors) check_diagnostics();
  } catch (...) {
    clang_disposeTranslationUnit(unit_);
    clang_disposeIndex(index_);
    throw;
  }
}

TranslationUnit::~TranslationUnit() {
  clang_disposeTranslationUnit(unit_);
  clang_disposeIndex(index_);
}

void TranslationUnit::check_diagnostics() const {
  std::vector<std::string> errors;
  const unsigned count = clang_getNumDiagnostics(unit_);
  for (unsigned i = 0; i < count; ++i) {
    CXDiagnostic diagnostic = clang_getDiagnostic(unit_, i);
    if (clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error) errors.push_back(describe(diagnostic));
    clang_disposeDiagnostic(diagnostic);
  }
  if (errors.empty()) return;
  std::string message = errors.front();
  for (std::size_t i = 1; i < errors.size() && i < kMaxErrorsShown; ++i) message += "\n" + errors[i];
  if (errors.size() > kMaxErrorsShown) message += fmt::format("\n({} more errors)", errors.size() - kMaxErrorsShown);
  throw UserError(message);
}

}  // namespace palus::analysis
