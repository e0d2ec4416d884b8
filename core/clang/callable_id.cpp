#include "core/clang/callable_id.hpp"

#include "core/clang/clang_util.hpp"
#include "core/names.hpp"

namespace palus::analysis {
namespace {

CXCursorKind function_kind(CXCursor decl) {
  const CXCursorKind kind = clang_getCursorKind(decl);
  return kind == CXCursor_FunctionTemplate ? clang_getTemplateCursorKind(decl) : kind;
}

}  // namespace

std::vector<CXCursor> parameters_of(CXCursor function) {
  std::vector<CXCursor> result;
  const int count = clang_Cursor_getNumArguments(function);
  if (count >= 0) {
    for (int i = 0; i < count; ++i) result.push_back(clang_Cursor_getArgument(function, static_cast<unsigned>(i)));
    return result;
  }
  // Function templates: libclang lists no arguments, but the parameters are direct children.
  for (CXCursor child : clang::children_of(function)) {
    if (clang_getCursorKind(child) == CXCursor_ParmDecl) result.push_back(child);
  }
  return result;
}

std::string callable_id(CXCursor decl, const std::string& owner, const TemplateSubstitution& subst) {
  decl = clang_getCanonicalCursor(decl);
  const bool constructor = function_kind(decl) == CXCursor_Constructor;
  std::string prefix;
  if (!owner.empty()) {
    prefix = owner + "::" + (constructor ? std::string(names::last_component(owner)) : clang::spelling_of(decl));
  } else if (constructor) {
    // A class template's constructor is spelt "Box<T>"; api.yaml names constructors after the class.
    const std::string cls = clang::qualified_name(clang_getCursorSemanticParent(decl));
    prefix = cls + "::" + std::string(names::last_component(cls));
  } else {
    prefix = clang::qualified_name(decl);
  }
  std::string signature;
  const std::vector<CXCursor> params = parameters_of(decl);
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i > 0) signature += ", ";
    signature += describe_type(clang_getCursorType(params[i]), subst).spelling;
  }
  return prefix + "(" + signature + ")" + (clang_CXXMethod_isConst(decl) != 0 ? " const" : "");
}

}  // namespace palus::analysis
