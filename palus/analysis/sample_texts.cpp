#include "palus/analysis/sample_texts.hpp"

#include <clang-c/Index.h>

#include <exception>
#include <fstream>
#include <iterator>
#include <set>
#include <system_error>

#include "core/clang/clang_util.hpp"
#include "palus/analysis/body_visitor.hpp"

namespace palus::analysis {
namespace {

/// The string literals of `file`, lexed alone (SingleFileParse: no include is followed, so that
/// this costs milliseconds whatever the sample includes).
std::vector<std::string> literals_of(const std::filesystem::path& file) {
  std::vector<std::string> out;
  CXIndex index = clang_createIndex(0, 0);
  const char* args[] = {"-x", "c++", "-std=c++20"};
  CXTranslationUnit unit = nullptr;
  const unsigned options = CXTranslationUnit_SingleFileParse | CXTranslationUnit_SkipFunctionBodies;
  if (clang_parseTranslationUnit2(index, file.c_str(), args, 3, nullptr, 0, options, &unit) == CXError_Success) {
    CXToken* tokens = nullptr;
    unsigned count = 0;
    clang_tokenize(unit, clang_getCursorExtent(clang_getTranslationUnitCursor(unit)), &tokens, &count);
    std::string previous;  // the token before: an #include's file name is no text
    for (unsigned i = 0; i < count; ++i) {
      const bool included = previous == "include" || previous == "include_next" || previous == "import";
      previous = clang::take(clang_getTokenSpelling(unit, tokens[i]));
      if (clang_getTokenKind(tokens[i]) != CXToken_Literal || included) continue;
      const std::string& spelling = previous;
      if (spelling.empty() || (spelling[0] != '"' && spelling.rfind("R\"", 0) != 0 && spelling.rfind("u8", 0) != 0))
        continue;
      try {
        if (auto text = string_literal_value(spelling); text && text->size() >= 2) out.push_back(std::move(*text));
      } catch (const std::exception&) {  // an escape it cannot decode: that literal is skipped
      }
    }
    if (tokens != nullptr) clang_disposeTokens(unit, tokens, count);
    clang_disposeTranslationUnit(unit);
  }
  clang_disposeIndex(index);
  return out;
}

std::optional<std::string> file_text(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text(kMaxSampleText, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

}  // namespace

std::vector<std::string> sample_texts(const Config& config) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](std::string text) {
    if (text.size() > kMaxSampleText) text.resize(kMaxSampleText);
    if (seen.insert(text).second) out.push_back(std::move(text));
  };
  for (const auto& sample : config.samples) {
    for (const auto& source : sample.sources)
      for (auto& literal : literals_of(source)) add(std::move(literal));
    for (const auto& arg : sample.args) {
      const std::filesystem::path path = sample.cwd / arg;  // an absolute arg replaces cwd
      if (auto text = file_text(path); text && !text->empty()) add(std::move(*text));
    }
  }
  return out;
}

}  // namespace palus::analysis
