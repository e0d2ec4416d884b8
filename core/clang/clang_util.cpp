#include "core/clang/clang_util.hpp"

#include <filesystem>

namespace palus::clang {

std::string take(CXString s) {
  const char* text = clang_getCString(s);
  std::string result = text != nullptr ? text : "";
  clang_disposeString(s);
  return result;
}

Location location_of(CXCursor cursor) {
  CXFile file = nullptr;
  Location loc;
  clang_getExpansionLocation(clang_getCursorLocation(cursor), &file, &loc.line, &loc.column, nullptr);
  if (file != nullptr) {
    std::string name = take(clang_File_tryGetRealPathName(file));
    if (name.empty()) name = take(clang_getFileName(file));
    loc.file = std::filesystem::path(name).lexically_normal().string();
  }
  return loc;
}

std::string qualified_name(CXCursor cursor) {
  std::vector<std::string> parts;
  for (CXCursor c = cursor;
       !clang_isInvalid(clang_getCursorKind(c)) && clang_getCursorKind(c) != CXCursor_TranslationUnit;
       c = clang_getCursorSemanticParent(c)) {
    if (clang_getCursorKind(c) == CXCursor_Namespace && clang_Cursor_isInlineNamespace(c)) continue;
    if (clang_getCursorKind(c) == CXCursor_LinkageSpec) continue;
    std::string name = spelling_of(c);
    parts.push_back(name.empty() || clang_Cursor_isAnonymous(c) ? "(anonymous)" : name);
  }
  std::string result;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    if (!result.empty()) result += "::";
    result += *it;
  }
  return result;
}

bool in_anonymous_namespace(CXCursor cursor) {
  for (CXCursor c = clang_getCursorSemanticParent(cursor);
       !clang_isInvalid(clang_getCursorKind(c)) && clang_getCursorKind(c) != CXCursor_TranslationUnit;
       c = clang_getCursorSemanticParent(c)) {
    if (clang_getCursorKind(c) == CXCursor_Namespace && clang_Cursor_isAnonymous(c)) return true;
  }
  return false;
}

std::string usr_of(CXCursor cursor) { return take(clang_getCursorUSR(cursor)); }

std::string spelling_of(CXCursor cursor) { return take(clang_getCursorSpelling(cursor)); }

std::vector<CXCursor> children_of(CXCursor cursor) {
  std::vector<CXCursor> result;
  clang_visitChildren(
      cursor,
      [](CXCursor child, CXCursor, CXClientData data) {
        static_cast<std::vector<CXCursor>*>(data)->push_back(child);
        return CXChildVisit_Continue;
      },
      &result);
  return result;
}

std::vector<std::string> tokens_of(CXCursor cursor) {
  CXTranslationUnit unit = clang_Cursor_getTranslationUnit(cursor);
  CXToken* tokens = nullptr;
  unsigned count = 0;
  clang_tokenize(unit, clang_getCursorExtent(cursor), &tokens, &count);
  std::vector<std::string> result;
  result.reserve(count);
  for (unsigned i = 0; i < count; ++i) result.push_back(take(clang_getTokenSpelling(unit, tokens[i])));
  if (tokens != nullptr) clang_disposeTokens(unit, tokens, count);
  return result;
}

std::string access_of(CXCursor cursor) {
  switch (clang_getCXXAccessSpecifier(cursor)) {
    case CX_CXXPublic:
      return "public";
    case CX_CXXProtected:
      return "protected";
    case CX_CXXPrivate:
      return "private";
    default:
      return "";
  }
}

bool is_function_like(CXCursorKind kind) {
  return kind == CXCursor_FunctionDecl || kind == CXCursor_CXXMethod || kind == CXCursor_Constructor ||
         kind == CXCursor_Destructor || kind == CXCursor_ConversionFunction || kind == CXCursor_FunctionTemplate;
}

namespace {

void walk_functions(CXCursor scope, bool top_level, const std::function<bool(CXCursor, bool)>& enter,
                    const std::function<void(CXCursor)>& visit) {
  for (CXCursor child : children_of(scope)) {
    if (!enter(child, top_level)) continue;
    switch (const CXCursorKind kind = clang_getCursorKind(child)) {
      case CXCursor_Namespace:
      case CXCursor_LinkageSpec:
      case CXCursor_ClassDecl:
      case CXCursor_StructDecl:
      case CXCursor_UnionDecl:
      case CXCursor_ClassTemplate:
      case CXCursor_ClassTemplatePartialSpecialization:
      case CXCursor_FriendDecl:
        walk_functions(child, false, enter, visit);
        break;
      default:
        if (is_function_like(kind)) visit(child);
    }
  }
}

}  // namespace

void for_each_function(CXCursor scope, const std::function<bool(CXCursor, bool)>& enter,
                       const std::function<void(CXCursor)>& visit) {
  walk_functions(scope, true, enter, visit);
}

}  // namespace palus::clang
