#include "core/clang/type_names.hpp"

#include <regex>

#include "core/clang/clang_util.hpp"

namespace palus::analysis {
namespace {

using palus::clang::qualified_name;
using palus::clang::take;

std::string spell(CXType type);

std::string template_arguments(CXType type, bool& ok) {
  const int count = clang_Type_getNumTemplateArguments(type);
  if (count <= 0) return "";
  std::string args = "<";
  for (int i = 0; i < count; ++i) {
    CXType arg = clang_Type_getTemplateArgumentAsType(type, static_cast<unsigned>(i));
    if (arg.kind == CXType_Invalid) {  // a non-type argument: libclang cannot name it
      ok = false;
      return "";
    }
    if (i > 0) args += ", ";
    args += spell(arg);
  }
  return args + ">";
}

std::string spell_named(CXType type) {
  CXCursor decl = clang_getTypeDeclaration(type);
  if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) == CXCursor_NoDeclFound ||
      clang_getCursorKind(decl) == CXCursor_TemplateTypeParameter) {
    return take(clang_getTypeSpelling(clang_getUnqualifiedType(type)));
  }
  bool ok = true;
  // A class inside a class template's specialization (Iter<int>::Open): qualified_name would drop
  // the enclosing arguments, which libclang's own spelling of the canonical type keeps.
  const CXCursor parent = clang_getCursorSemanticParent(decl);
  if (type.kind != CXType_Typedef && clang_isDeclaration(clang_getCursorKind(parent)) &&
      clang_Type_getNumTemplateArguments(clang_getCursorType(parent)) > 0) {
    return take(clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(type))));
  }
  // A typedef's name stands alone (std::string), even though libclang reports its target's arguments.
  std::string name = qualified_name(decl) + (type.kind == CXType_Typedef ? "" : template_arguments(type, ok));
  if (!ok) return take(clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(type))));
  return name;
}

std::string spell_unqualified(CXType type) {
  switch (type.kind) {
    case CXType_Elaborated:
      return spell(clang_Type_getNamedType(type));
    case CXType_Typedef: {
      // A private or protected alias (muparser's ParserTokenReader::token_type) cannot be named
      // outside its class; what it stands for may be.
      const CX_CXXAccessSpecifier access = clang_getCXXAccessSpecifier(clang_getTypeDeclaration(type));
      if (access == CX_CXXPrivate || access == CX_CXXProtected) return spell(clang_getCanonicalType(type));
      return spell_named(type);
    }
    case CXType_Record:
    case CXType_Enum:
      return spell_named(type);
    case CXType_Unexposed: {
      CXCursor decl = clang_getTypeDeclaration(type);
      if (!clang_Cursor_isNull(decl) && clang_getCursorKind(decl) != CXCursor_NoDeclFound) return spell_named(type);
      return take(clang_getTypeSpelling(clang_getUnqualifiedType(type)));
    }
    case CXType_Auto:
    case CXType_Attributed:
      return spell(clang_getCanonicalType(type));
    default:
      return take(clang_getTypeSpelling(clang_getUnqualifiedType(type)));
  }
}

std::string spell(CXType type) {
  const bool is_const = clang_isConstQualifiedType(type);
  switch (type.kind) {
    case CXType_Pointer:
      return spell(clang_getPointeeType(type)) + " *" + (is_const ? "const" : "");
    case CXType_LValueReference:
      return spell(clang_getPointeeType(type)) + " &";
    case CXType_RValueReference:
      return spell(clang_getPointeeType(type)) + " &&";
    default: {
      std::string base = spell_unqualified(type);
      if (is_const && base.rfind("const ", 0) != 0) base = "const " + base;
      return base;
    }
  }
}

std::string substitute(std::string text, const TemplateSubstitution& subst) {
  for (const auto& [param, arg] : subst) {
    text = std::regex_replace(text, std::regex("\\b" + param + "\\b"), spell(arg));
  }
  return text;
}

CXType strip_sugar(CXType type) {
  while (type.kind == CXType_Elaborated) type = clang_Type_getNamedType(type);
  return type;
}

/// `type` without sugar, a template parameter replaced by its argument.
CXType resolved(CXType type, const TemplateSubstitution& subst) {
  type = strip_sugar(type);
  if (type.kind == CXType_Unexposed) {  // template parameters are unexposed in libclang
    auto found = subst.find(take(clang_getTypeSpelling(clang_getUnqualifiedType(type))));
    if (found != subst.end()) type = found->second;
  }
  return type;
}

api::TypeCategory category_of(CXType type, const TemplateSubstitution& subst) {
  CXType canonical = clang_getCanonicalType(resolved(type, subst));
  switch (canonical.kind) {
    case CXType_Void:
      return api::TypeCategory::void_type;
    case CXType_Bool:
      return api::TypeCategory::boolean;
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_SChar:
    case CXType_UChar:
    case CXType_WChar:
    case CXType_Char16:
    case CXType_Char32:
      return api::TypeCategory::character;
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
    case CXType_Int128:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
    case CXType_UInt128:
      return api::TypeCategory::integer;
    case CXType_Float:
    case CXType_Double:
    case CXType_LongDouble:
    case CXType_Float128:
      return api::TypeCategory::floating;
    case CXType_Enum:
      return api::TypeCategory::enumeration;
    case CXType_Record: {
      const CXCursor decl = clang_getTypeDeclaration(canonical);
      // A private or protected nested class that a public method returns (the proxy of
      // YAML::Node::iterator::operator->) cannot be named outside its class: no type to hold.
      const CX_CXXAccessSpecifier access = clang_getCXXAccessSpecifier(decl);
      if (access == CX_CXXPrivate || access == CX_CXXProtected) return api::TypeCategory::other;
      std::string name = qualified_name(decl);
      if (name == "std::basic_string" || name == "std::basic_string_view") return api::TypeCategory::string;
      if (name == "std::basic_istream" || name == "std::basic_ostream") {
        // Narrow streams only: a string of chars is what the harness and the tests can hold.
        const CXType element = clang_Type_getTemplateArgumentAsType(canonical, 0);
        if (element.kind == CXType_Char_S || element.kind == CXType_Char_U)
          return name == "std::basic_istream" ? api::TypeCategory::istream : api::TypeCategory::ostream;
      }
      return api::TypeCategory::record;
    }
    default:
      return api::TypeCategory::other;
  }
}

/// A pointer to a function (not a reference to one, nor a pointer to member) that AnyFunction
/// (harness/codegen/any_function.hpp) converts to: neither variadic nor noexcept, returning
/// nothing, a number, an enumerator or a pointer. Another is a type that cannot be passed.
bool is_function_pointer(CXType type) {
  const CXType canonical = clang_getCanonicalType(type);
  if (canonical.kind != CXType_Pointer) return false;
  const CXType pointee = clang_getCanonicalType(clang_getPointeeType(canonical));
  if (pointee.kind != CXType_FunctionProto || clang_isFunctionTypeVariadic(pointee)) return false;
  const int exceptions = clang_getExceptionSpecificationType(pointee);
  if (exceptions != CXCursor_ExceptionSpecificationKind_None && exceptions != -1) return false;
  switch (clang_getCanonicalType(clang_getResultType(pointee)).kind) {
    case CXType_Void:
    case CXType_Bool:
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_SChar:
    case CXType_UChar:
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
    case CXType_Float:
    case CXType_Double:
    case CXType_LongDouble:
    case CXType_Enum:
    case CXType_Pointer:
      return true;
    default:
      return false;
  }
}

/// `R (*)(A, B)` for a function type `R (A, B)`: libclang spells its pointer `R (A, B) *`.
std::string function_pointer_spelling(CXType function, const TemplateSubstitution& subst) {
  std::string out = substitute(spell(clang_getResultType(function)), subst) + " (*)(";
  const int count = clang_getNumArgTypes(function);
  for (int i = 0; i < count; ++i)
    out += (i ? ", " : "") + substitute(spell(clang_getArgType(function, static_cast<unsigned>(i))), subst);
  if (clang_isFunctionTypeVariadic(function)) out += count > 0 ? ", ..." : "...";
  return out + ")";
}

}  // namespace

std::string qualified_spelling(CXType type, const TemplateSubstitution& subst) {
  return substitute(spell(type), subst);
}

api::TypeRef describe_type(CXType type, const TemplateSubstitution& subst) {
  api::TypeRef ref;
  ref.spelling = qualified_spelling(type, subst);
  if (is_function_pointer(type)) {  // by value, as a whole: `mu::fun_type2`, `double (*)(double)`
    const CXType bare = strip_sugar(clang_getUnqualifiedType(type));
    if (bare.kind == CXType_Pointer) {  // spelled anew, without the pointer's own const
      ref.spelling = function_pointer_spelling(clang_getPointeeType(bare), subst);
      ref.base = ref.spelling;
    } else {  // a typedef, perhaps `const mu::fun_type2`
      ref.base = ref.spelling.rfind("const ", 0) == 0 ? ref.spelling.substr(6) : ref.spelling;
    }
    ref.category = api::TypeCategory::function_pointer;
    return ref;
  }
  CXType outer = strip_sugar(type);
  CXType base = outer;
  switch (outer.kind) {
    case CXType_LValueReference:
    case CXType_RValueReference:
    case CXType_Pointer: {
      base = clang_getPointeeType(outer);
      const bool const_base = clang_isConstQualifiedType(base);
      if (outer.kind == CXType_RValueReference)
        ref.passing = api::Passing::rvalue_ref;
      else if (outer.kind == CXType_LValueReference)
        ref.passing = const_base ? api::Passing::const_ref : api::Passing::ref;
      else
        ref.passing = const_base ? api::Passing::const_pointer : api::Passing::pointer;
      break;
    }
    default:
      ref.passing = api::Passing::value;
  }
  std::string base_spelling = qualified_spelling(base, subst);
  if (base_spelling.rfind("const ", 0) == 0) base_spelling.erase(0, 6);
  ref.base = base_spelling;
  ref.category = category_of(base, subst);
  // Only plain char is text: `const unsigned char*` (YAML::Binary) and `const wchar_t*` are
  // pointers to characters, and buffers where a length follows.
  const CXTypeKind canonical = clang_getCanonicalType(resolved(base, subst)).kind;
  if (outer.kind == CXType_Pointer && ref.category == api::TypeCategory::character &&
      ref.passing == api::Passing::const_pointer && (canonical == CXType_Char_S || canonical == CXType_Char_U)) {
    ref.category = api::TypeCategory::cstring;
  }
  return ref;
}

}  // namespace palus::analysis
