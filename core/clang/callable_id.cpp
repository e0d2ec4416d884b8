#include "core/clang/callable_id.hpp"

#include "core/clang/clang_util.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

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

bool is_parameter_pack(CXCursor parm) {
  const std::string type = clang::take(clang_getTypeSpelling(clang_getCursorType(parm)));
  return type.size() >= 3 && type.compare(type.size() - 3, 3, "...") == 0;
}

namespace {

std::string id_of(CXCursor decl, const std::string& owner, const TemplateSubstitution& subst,
                  const std::string* template_args) {
  decl = clang_getCanonicalCursor(decl);
  const bool constructor = function_kind(decl) == CXCursor_Constructor;
  const std::string name = clang::spelling_of(decl);
  // An instantiation names its arguments unless they are deduced (constructors, operators).
  const std::string named_args =
      template_args != nullptr && !template_args->empty() && !constructor && names::operator_symbol(name).empty()
          ? "<" + *template_args + ">"
          : "";
  std::string prefix;
  if (!owner.empty()) {
    prefix = owner + "::" + (constructor ? std::string(names::last_component(owner)) : name + named_args);
  } else if (constructor) {
    // A class template's constructor is spelt "Box<T>"; api.yaml names constructors after the class.
    const std::string cls = clang::qualified_name(clang_getCursorSemanticParent(decl));
    prefix = cls + "::" + std::string(names::last_component(cls));
  } else {
    prefix = clang::qualified_name(decl) + named_args;
  }
  std::vector<std::string> signature;
  for (CXCursor parm : parameters_of(decl)) {
    if (template_args != nullptr && is_parameter_pack(parm)) continue;
    signature.push_back(describe_type(clang_getCursorType(parm), subst).spelling);
  }
  return prefix + "(" + text::join(signature) + ")" + (clang_CXXMethod_isConst(decl) != 0 ? " const" : "");
}

}  // namespace

std::string callable_id(CXCursor decl, const std::string& owner, const TemplateSubstitution& subst) {
  return id_of(decl, owner, subst, nullptr);
}

std::string instantiation_id(CXCursor decl, const std::string& owner, const TemplateSubstitution& subst,
                             const std::string& template_args) {
  return id_of(decl, owner, subst, &template_args);
}

}  // namespace palus::analysis
