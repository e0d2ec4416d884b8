#include "palus/analysis/branch_collector.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "core/clang/clang_util.hpp"
#include "core/text.hpp"
#include "palus/analysis/body_visitor.hpp"

namespace palus::analysis {
namespace {

using clang::children_of;
using clang::qualified_name;
using uncovered::BranchSite;
using uncovered::Source;

constexpr std::size_t kConditionTextLimit = 160;

/// What an expression's value depends on: sources, and local variables still to be followed.
struct Deps {
  std::set<Source> sources;
  std::set<std::string> locals;  ///< USRs
  std::vector<std::string> constants;

  void merge(const Deps& other) {
    sources.insert(other.sources.begin(), other.sources.end());
    locals.insert(other.locals.begin(), other.locals.end());
    constants.insert(constants.end(), other.constants.begin(), other.constants.end());
  }
};

CXCursorKind kind_of(CXCursor c) { return clang_getCursorKind(c); }

std::vector<CXCursor> expression_children(CXCursor c) {
  std::vector<CXCursor> result;
  for (CXCursor child : children_of(c)) {
    if (clang_isExpression(kind_of(child))) result.push_back(child);
  }
  return result;
}

/// `c` without the parentheses, casts, `*` and `&` around what it names.
CXCursor unwrapped(CXCursor c) {
  for (;;) {
    const CXCursorKind kind = kind_of(c);
    const bool wrapper =
        kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr || kind == CXCursor_CStyleCastExpr ||
        kind == CXCursor_CXXStaticCastExpr || kind == CXCursor_CXXConstCastExpr ||
        kind == CXCursor_CXXFunctionalCastExpr ||
        (kind == CXCursor_UnaryOperator && (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref ||
                                            clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf));
    if (!wrapper) return c;
    const auto inner = expression_children(c);
    if (inner.size() != 1) return c;
    c = inner.front();
  }
}

bool is_local_variable(CXCursor var) {
  if (kind_of(var) != CXCursor_VarDecl) return false;
  const CXCursor parent = clang_getCursorSemanticParent(var);
  return clang::is_function_like(kind_of(parent)) || kind_of(parent) == CXCursor_LambdaExpr;
}

bool is_literal(CXCursorKind kind) {
  return kind == CXCursor_IntegerLiteral || kind == CXCursor_FloatingLiteral || kind == CXCursor_CharacterLiteral ||
         kind == CXCursor_StringLiteral || kind == CXCursor_CXXBoolLiteralExpr ||
         kind == CXCursor_CXXNullPtrLiteralExpr;
}

/// The offset of a location in its file (after macro expansion), and the file.
std::pair<CXFile, unsigned> offset_of(CXSourceLocation location) {
  CXFile file = nullptr;
  unsigned offset = 0;
  clang_getExpansionLocation(location, &file, nullptr, nullptr, &offset);
  return {file, offset};
}

/// Whether `inner`'s source extent lies within `outer`'s (after macro expansion, in one file).
bool within(CXCursor inner, CXCursor outer) {
  const CXSourceRange in = clang_getCursorExtent(inner), out = clang_getCursorExtent(outer);
  const auto [file, start] = offset_of(clang_getRangeStart(in));
  const auto [outer_file, outer_start] = offset_of(clang_getRangeStart(out));
  return clang_File_isEqual(file, outer_file) != 0 && start >= outer_start &&
         offset_of(clang_getRangeEnd(in)).second <= offset_of(clang_getRangeEnd(out)).second;
}

/// Whether the && or || chain `chain`, whose parent (through parentheses and !) is `parent`, is part of
/// a condition the parent's site records: an enclosing && or ||, a statement's condition, the
/// condition of ?:. Not the value assigned or compared (`ok = a && b`, `(a && b) == c`), nor a
/// branch of ?:, which are conditions of their own.
bool part_of_outer_condition(CXCursor chain, CXCursor parent) {
  const CXCursorKind kind = clang_getCursorKind(parent);
  if (kind == CXCursor_BinaryOperator) {
    const CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(parent);
    return op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr;
  }
  if (kind == CXCursor_ConditionalOperator) {
    const auto kids = children_of(parent);
    return !kids.empty() && within(chain, kids.front());
  }
  return kind == CXCursor_IfStmt || kind == CXCursor_WhileStmt || kind == CXCursor_ForStmt || kind == CXCursor_DoStmt ||
         kind == CXCursor_SwitchStmt || kind == CXCursor_CXXForRangeStmt;
}

unsigned line_of(CXSourceLocation location) {
  unsigned line = 0;
  clang_getExpansionLocation(location, nullptr, &line, nullptr, nullptr);
  return line;
}

class Collector {
 public:
  Collector(CXCursor function, const LibraryFileTest& in_library)
      : function_(function), in_library_(in_library), unit_(clang_Cursor_getTranslationUnit(function)) {}

  void run(uncovered::BranchMap& map) {
    const CXSourceRange extent = clang_getCursorExtent(function_);
    const clang::Location declared = clang::location_of(clang_getCanonicalCursor(function_));
    name_ = qualified_name(function_);
    declared_file_ = declared.file;
    declared_line_ = declared.line;
    for (CXCursor child : children_of(function_)) walk(child, function_);
    map.functions.push_back({name_,
                             clang::location_of(function_).file,
                             line_of(clang_getRangeStart(extent)),
                             line_of(clang_getRangeEnd(extent)),
                             declared_file_,
                             declared_line_,
                             std::vector<std::string>(calls_.begin(), calls_.end()),
                             {},
                             overridden(function_),
                             reads_text(function_),
                             {},
                             made_values()});
    for (auto& [site, deps] : pending_) {
      const std::set<Source> sources = resolved(deps, site.line);
      site.sources.assign(sources.begin(), sources.end());
      site.constants = unique(deps.constants);
      std::set<std::string> seen(site.constants.begin(), site.constants.end());
      for (const auto& [label, line] : site.cases) {
        if (label != uncovered::kDefaultLabel && seen.insert(label).second) site.constants.push_back(label);
      }
      for (auto& [operand, operand_deps] : pending_operands_.front()) {
        const std::set<Source> operand_sources = resolved(operand_deps, site.line);
        operand.sources.assign(operand_sources.begin(), operand_sources.end());
        operand.constants = unique(operand_deps.constants);
        site.operands.push_back(std::move(operand));
      }
      pending_operands_.pop_front();
      map.sites.push_back(std::move(site));
    }
  }

 private:
  bool in_library(CXCursor declaration) const {
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(declaration)) != 0) return false;
    const std::string file = clang::location_of(declaration).file;
    return !file.empty() && in_library_(file);
  }

  Deps scan(CXCursor expression) {
    Deps deps;
    scan_into(expression, deps);
    return deps;
  }

  void scan_into(CXCursor c, Deps& deps) {
    const CXCursorKind kind = kind_of(c);
    if (kind == CXCursor_LambdaExpr) return;
    if (is_literal(kind)) {
      if (std::string text = literal_text(clang_getCursorExtent(c)); !text.empty())
        deps.constants.push_back(std::move(text));
      return;
    }
    if (kind == CXCursor_DeclRefExpr) {
      add_reference(clang_getCursorReferenced(c), deps);
      return;
    }
    if (kind == CXCursor_MemberRefExpr) {
      add_member(c, deps);
      return;
    }
    if (kind == CXCursor_CallExpr) {
      const CXCursor callee = clang_getCursorReferenced(c);
      if (!clang_Cursor_isNull(callee) && !in_library(callee) && reads_environment(callee))
        deps.sources.insert({Source::Kind::external_call, qualified_name(callee), "", ""});
    }
    // `readNumber(true)`: a flag passed, not a value the condition compares with (as it is for an
    // operator: `opt == true`).
    const bool flags_passed =
        kind == CXCursor_CallExpr && !clang::spelling_of(clang_getCursorReferenced(c)).starts_with("operator");
    for (CXCursor child : children_of(c)) {
      if (!flags_passed || kind_of(unwrapped(child)) != CXCursor_CXXBoolLiteralExpr) scan_into(child, deps);
    }
  }

  void add_reference(CXCursor declaration, Deps& deps) {
    switch (kind_of(declaration)) {
      case CXCursor_ParmDecl: {
        // A lambda's parameter gets what the code calling the lambda passes (std::sort, a
        // callback): values made inside, no input of the function.
        if (!own_parameter(declaration)) break;
        Source param{Source::Kind::param, clang::spelling_of(declaration),
                     clang::take(clang_getTypeSpelling(clang_getCursorType(declaration))), ""};
        // An out-parameter the body writes before the condition holds what was written there:
        // followed like a local, with the caller's value until a write that always happens (see
        // resolved).
        if (is_fillable(declaration)) {
          const std::string usr = clang::usr_of(declaration);
          deps.locals.insert(usr);
          out_params_.emplace(usr, std::move(param));
        } else {
          deps.sources.insert(std::move(param));
        }
        break;
      }
      case CXCursor_VarDecl:
        if (is_local_variable(declaration)) {
          deps.locals.insert(clang::usr_of(declaration));
        } else if (auto value = constant_value(declaration)) {
          deps.constants.push_back(std::move(*value));  // `static const int maxCapacity = 65536`
        } else if (!is_const(declaration)) {            // a constant is nothing a test could set (`std::string::npos`)
          deps.sources.insert({Source::Kind::global, qualified_name(declaration), "", ""});
        }
        break;
      case CXCursor_EnumConstantDecl:
        deps.constants.push_back(qualified_name(declaration));
        break;
      default:
        break;
    }
  }

  /// A variable no one can change: const itself, or an array of const elements (a lookup table).
  static bool is_const(CXCursor variable) {
    CXType type = clang_getCanonicalType(clang_getCursorType(variable));
    while (clang_getArrayElementType(type).kind != CXType_Invalid)
      type = clang_getCanonicalType(clang_getArrayElementType(type));
    return clang_isConstQualifiedType(type) != 0;
  }

  /// The value of a constant the library names (a const global or static member of a number type
  /// with its initialiser in view): what a condition compares with, not state a test could set.
  static std::optional<std::string> constant_value(CXCursor variable) {
    const CXType type = clang_getCanonicalType(clang_getCursorType(variable));
    // The standard library's (`std::string::npos`) are sentinels, no boundaries to test beside.
    if (clang_isConstQualifiedType(type) == 0 ||
        clang_Location_isInSystemHeader(clang_getCursorLocation(variable)) != 0)
      return std::nullopt;
    if (type.kind == CXType_Char_S || type.kind == CXType_Char_U)
      return std::nullopt;  // Literal spells them as numbers
    if (auto value = evaluated_literal(variable, false)) return value->value;
    return std::nullopt;
  }

  /// `base.member`, `base->member`, or `member` of `this`: a field read, or a method called.
  void add_member(CXCursor c, Deps& deps) {
    const CXCursor member = clang_getCursorReferenced(c);
    const auto inner = expression_children(c);
    const CXCursor base = inner.empty() ? clang_getNullCursor() : unwrapped(inner.front());
    const bool on_this = clang_Cursor_isNull(base) || kind_of(base) == CXCursor_CXXThisExpr;
    const CXCursor base_decl =
        !on_this && kind_of(base) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(base) : clang_getNullCursor();
    const bool on_param = !clang_Cursor_isNull(base_decl) && kind_of(base_decl) == CXCursor_ParmDecl;
    // `buffer_->…`: the object a field of this holds (null when the base is no such field).
    const CXCursor held = on_this ? clang_getNullCursor() : field_of_this(base);
    const bool on_held = !clang_Cursor_isNull(held) && in_library(member);
    switch (kind_of(member)) {
      case CXCursor_FieldDecl:
        if (on_this) {
          deps.sources.insert({Source::Kind::this_field, qualified_name(member), "", ""});
          return;
        }
        if (on_param) {
          deps.sources.insert({Source::Kind::param_field, qualified_name(member), "", clang::spelling_of(base_decl)});
          return;
        }
        if (on_held) {  // `buffer_->modCount_`
          deps.sources.insert({Source::Kind::this_field, qualified_name(member), "",
                               std::string(Source::kThisPrefix) + clang::spelling_of(held)});
          return;
        }
        break;
      case CXCursor_VarDecl:  // a static data member
        if (auto value = constant_value(member))
          deps.constants.push_back(std::move(*value));
        else if (!is_const(member))
          deps.sources.insert({Source::Kind::global, qualified_name(member), "", ""});
        return;
      case CXCursor_CXXMethod:
      case CXCursor_ConversionFunction:
        if ((on_this || on_param) && in_library(member)) {
          deps.sources.insert({Source::Kind::library_call, qualified_name(member), "",
                               on_this ? "this" : clang::spelling_of(base_decl)});
          return;
        }
        // `connection_->isReadOnly()`: the state that method reads, rather than the field itself.
        if (on_held) {
          deps.sources.insert({Source::Kind::library_call, qualified_name(member), "",
                               std::string(Source::kThisPrefix) + clang::spelling_of(held)});
          return;
        }
        break;
      default:
        break;
    }
    if (!on_this) scan_into(base, deps);
  }

  /// The field `base` names when it is `field_` or `this->field_`; null otherwise.
  static CXCursor field_of_this(CXCursor base) {
    if (kind_of(base) == CXCursor_CallExpr) {  // `impl_->f()` through a smart pointer
      const std::string through = clang::spelling_of(clang_getCursorReferenced(base));
      if (through != "operator->" && through != "operator*") return clang_getNullCursor();
      for (CXCursor part : expression_children(base)) {
        if (const CXCursor field = field_of_this(unwrapped(part)); !clang_Cursor_isNull(field)) return field;
      }
      return clang_getNullCursor();
    }
    if (kind_of(base) != CXCursor_MemberRefExpr) return clang_getNullCursor();
    const CXCursor field = clang_getCursorReferenced(base);
    if (kind_of(field) != CXCursor_FieldDecl) return clang_getNullCursor();
    const auto inner = expression_children(base);
    const CXCursor object = inner.empty() ? clang_getNullCursor() : unwrapped(inner.front());
    return clang_Cursor_isNull(object) || kind_of(object) == CXCursor_CXXThisExpr ? field : clang_getNullCursor();
  }

  /// `variable` gets what `deps` depends on, at `at` (inside the loops being walked); `replaces`
  /// when it takes that value rather than adding to what it held (`kept.push_back(v)`).
  void define_local(CXCursor variable, const Deps& deps, CXCursor at, bool replaces = true) {
    // A flag set to a constant under a condition carries what the condition depends on. A value
    // computed from something (`sz = m_vRPN.size()` under `if (optimize)`) carries only that.
    Deps guarded = deps;
    if (deps.sources.empty() && deps.locals.empty()) {
      for (const Deps* guard : guards_) {
        guarded.sources.insert(guard->sources.begin(), guard->sources.end());
        guarded.locals.insert(guard->locals.begin(), guard->locals.end());
      }
    }
    const bool certain = replaces && guards_.empty() && loops_.empty();
    locals_[clang::usr_of(variable)].push_back(
        {std::move(guarded), line_of(clang_getCursorLocation(at)), loops_, certain});
  }

  /// The local variable (or out-parameter) `c` names, when it names one.
  CXCursor local_named(CXCursor c) const {
    const CXCursor u = unwrapped(c);
    if (kind_of(u) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    const CXCursor declaration = clang_getCursorReferenced(u);
    const bool out_param =
        kind_of(declaration) == CXCursor_ParmDecl && own_parameter(declaration) && is_fillable(declaration);
    return is_local_variable(declaration) || out_param ? declaration : clang_getNullCursor();
  }

  /// Whether `param` is a parameter of the function collected, not of a lambda inside it.
  bool own_parameter(CXCursor param) const {
    const CXCursor parent = clang_getCursorSemanticParent(param);
    return clang_equalCursors(clang_getCanonicalCursor(parent), clang_getCanonicalCursor(function_)) != 0;
  }

  /// A reference to something not const: what the function writes there, its caller reads. Not a
  /// pointer (`*p = v` writes what it points at; `if (p)` still asks the caller), not a stream
  /// (reading one moves it, and its content is the caller's input).
  static bool is_fillable(CXCursor param) {
    const CXType type = clang_getCanonicalType(clang_getCursorType(param));
    const CXType referred = clang_getPointeeType(type);
    return type.kind == CXType_LValueReference && clang_isConstQualifiedType(referred) == 0 &&
           clang::take(clang_getTypeSpelling(referred)).find("stream") == std::string::npos;
  }

  /// `local.push_back(x)`, `local.insert(k, v)`, `local += x`: a method that changes a local object (or an
  /// out-parameter) adds what its arguments depend on to what it holds.
  void add_to_local(CXCursor call, CXCursor callee) {
    if (kind_of(callee) != CXCursor_CXXMethod || clang_CXXMethod_isConst(callee) != 0 ||
        clang_CXXMethod_isStatic(callee) != 0)
      return;
    const int count = clang_Cursor_getNumArguments(call);
    // A member operator's call (`scalar += ch`); of those, only the ones that add to the object
    // (not `=`, which replaces it, nor `[]`, which reads).
    const std::string spelling = clang::spelling_of(callee);
    const bool operator_call = spelling.starts_with("operator") && object_first(call, callee);
    static const std::set<std::string> adding{
        "operator+=", "operator-=", "operator*=",  "operator/=",  "operator%=", "operator&=",
        "operator|=", "operator^=", "operator<<=", "operator>>=", "operator<<"};
    if (operator_call && !adding.contains(spelling)) return;
    CXCursor target = clang_getNullCursor();
    if (operator_call) {
      target = local_named(clang_Cursor_getArgument(call, 0));
    } else {
      const auto parts = expression_children(call);
      if (parts.empty() || kind_of(parts.front()) != CXCursor_MemberRefExpr) return;
      const auto object = expression_children(parts.front());
      if (!object.empty()) target = local_named(object.front());
    }
    if (clang_Cursor_isNull(target)) return;
    Deps deps;
    for (int i = operator_call ? 1 : 0; i < count; ++i)
      scan_into(clang_Cursor_getArgument(call, static_cast<unsigned>(i)), deps);
    if (!deps.sources.empty() || !deps.locals.empty()) define_local(target, deps, call, false);
  }

  /// A member operator's call lists the object as its first argument (`in >> x`: the object, then x).
  static bool object_first(CXCursor call, CXCursor callee) {
    return kind_of(callee) == CXCursor_CXXMethod && clang_CXXMethod_isStatic(callee) == 0 &&
           clang_Cursor_getNumArguments(callee) + 1 == clang_Cursor_getNumArguments(call);
  }

  /// Whether argument `index` of a call of `callee` can be written by it: `&x`, or bound to a
  /// reference or pointer to non-const.
  static bool passed_to_fill(CXCursor call, CXCursor argument, CXCursor callee, int index) {
    if (kind_of(argument) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(argument) == CXUnaryOperator_AddrOf)
      return true;
    if (object_first(call, callee)) {
      if (index == 0) return clang_CXXMethod_isConst(callee) == 0;
      --index;
    }
    if (index < 0 || index >= clang_Cursor_getNumArguments(callee)) return false;
    const CXType type =
        clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(callee, static_cast<unsigned>(index))));
    return (type.kind == CXType_LValueReference || type.kind == CXType_Pointer) &&
           clang_isConstQualifiedType(clang_getPointeeType(type)) == 0;
  }

  void walk(CXCursor c, CXCursor parent) {
    const CXCursorKind kind = kind_of(c);
    const auto kids = children_of(c);
    const std::size_t sites_before = pending_.size();
    switch (kind) {
      case CXCursor_VarDecl:
        if (is_local_variable(c)) {
          Deps deps;
          for (CXCursor child : expression_children(c)) scan_into(child, deps);
          define_local(c, deps, c);
        }
        break;
      case CXCursor_BinaryOperator:
      case CXCursor_CompoundAssignOperator: {
        const CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        const auto operands = expression_children(c);
        if (kind == CXCursor_CompoundAssignOperator || op == CXBinaryOperator_Assign) {
          const CXCursor target = operands.empty() ? clang_getNullCursor() : local_named(operands.front());
          // `pos += n` adds to what the variable held; `pos = n` replaces it.
          if (!clang_Cursor_isNull(target) && operands.size() == 2)
            define_local(target, scan(operands.back()), c, kind != CXCursor_CompoundAssignOperator);
        } else if ((op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) && !part_of_outer_condition(c, parent)) {
          record(c, op == CXBinaryOperator_LAnd ? "&&" : "||", {c});
        }
        break;
      }
      case CXCursor_CallExpr: {
        const CXCursor callee = clang_getCursorReferenced(c);
        if (clang_Cursor_isNull(callee)) break;
        const bool ours = in_library(callee);
        if (ours && clang::is_function_like(kind_of(callee))) calls_.insert(qualified_name(callee));
        // `tok = reader->ReadNextToken()` with the operator= of a class of the library: the local
        // gets what the right side depends on, as a built-in assignment gives it, not what
        // operator= reads. (A standard string's assignment stays unfollowed, as before.)
        if (ours && clang::spelling_of(callee) == "operator=" && clang_Cursor_getNumArguments(c) == 2) {
          const CXCursor target = local_named(clang_Cursor_getArgument(c, 0));
          if (!clang_Cursor_isNull(target)) {
            define_local(target, scan(clang_Cursor_getArgument(c, 1)), c);
            break;
          }
        }
        add_to_local(c, callee);
        // A local filled in by the call: `std::getline(in, line)`, `fread(&x, ...)` read the world;
        // `readToken(token)` gives what the library's own state and input make.
        Deps filled;
        if (!ours && reads_environment(callee))
          filled.sources.insert({Source::Kind::external_call, qualified_name(callee), "", ""});
        else if (ours && clang::is_function_like(kind_of(callee)))
          filled.sources.insert({Source::Kind::library_call, qualified_name(callee), "", ""});
        if (filled.sources.empty()) break;
        const int count = clang_Cursor_getNumArguments(c);
        for (int i = 0; i < count; ++i) {
          const CXCursor argument = clang_Cursor_getArgument(c, static_cast<unsigned>(i));
          const CXCursor target = local_named(argument);
          if (!clang_Cursor_isNull(target) && passed_to_fill(c, argument, callee, i)) define_local(target, filled, c);
        }
        break;
      }
      case CXCursor_DeclRefExpr:
        if (const CXCursor referenced = clang_getCursorReferenced(c);
            kind_of(referenced) == CXCursor_EnumConstantDecl && !is_comparison(parent))
          makes_.push_back({qualified_name(referenced), line_of(clang_getCursorLocation(c)),
                            offset_of(clang_getCursorLocation(c)).second});
        break;
      case CXCursor_CaseStmt:
        if (const auto label = expression_children(c); !label.empty())
          compared_.push_back(extent_offsets(label.front()));
        break;
      case CXCursor_IfStmt: {
        const auto header = if_header(kids);
        if (record(c, "if", header) && header.size() < kids.size()) {
          const CXCursor report = broken_invariant_report(kids[header.size()]);
          if (!clang_Cursor_isNull(report)) {
            const CXSourceRange extent = clang_getCursorExtent(report);
            pending_.back().first.invariant_arm = {line_of(clang_getRangeStart(extent)),
                                                   line_of(clang_getRangeEnd(extent))};
          }
        }
        break;
      }
      case CXCursor_CXXForRangeStmt:
        // The loop variable takes its values from the range.
        if (kids.size() >= 3 && kind_of(kids[0]) == CXCursor_VarDecl) define_local(kids[0], scan(kids[1]), kids[0]);
        [[fallthrough]];
      case CXCursor_WhileStmt:
      case CXCursor_ForStmt:
        if (kids.size() >= 2)
          record(c, kind == CXCursor_WhileStmt ? "while" : "for", std::vector<CXCursor>(kids.begin(), kids.end() - 1));
        break;
      case CXCursor_SwitchStmt:
        if (kids.size() >= 2) {
          // The case labels are the values the switch tells apart.
          if (record(c, "switch", std::vector<CXCursor>(kids.begin(), kids.end() - 1)))
            add_case_labels(kids.back(), pending_.back().first.cases);
        }
        break;
      case CXCursor_DoStmt:
        if (kids.size() >= 2) record(c, "do", {kids.back()});
        break;
      case CXCursor_ConditionalOperator:
        if (!kids.empty()) record(c, "?:", {kids.front()});
        break;
      default:
        break;
    }
    const bool loop = kind == CXCursor_WhileStmt || kind == CXCursor_ForStmt || kind == CXCursor_DoStmt ||
                      kind == CXCursor_CXXForRangeStmt;
    if (loop) {
      const CXSourceRange extent = clang_getCursorExtent(c);
      loops_.emplace_back(line_of(clang_getRangeStart(extent)), line_of(clang_getRangeEnd(extent)));
    }
    const bool guards = pending_.size() > sites_before;  // this construct's condition was recorded
    // A for loop's declared init runs before its condition: `int i = 0` is no flag it guards.
    const bool init_first = kind == CXCursor_ForStmt && !kids.empty() && kind_of(kids.front()) == CXCursor_DeclStmt;
    if (init_first) walk(kids.front(), c);
    if (guards) guards_.push_back(&pending_.back().second);
    // Parentheses and ! are no parent: `a && (b || c)` is one chain, its || part of the &&
    // condition, and `if (!(a && b))` has one site, as short_circuit_operands sees it.
    const bool negation = kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_LNot;
    const CXCursor through = kind == CXCursor_ParenExpr || kind == CXCursor_UnexposedExpr || negation ? parent : c;
    for (std::size_t k = init_first ? 1 : 0; k < kids.size(); ++k) walk(kids[k], through);
    if (guards) guards_.pop_back();
    if (loop) loops_.pop_back();
  }

  void add_case_labels(CXCursor body, std::vector<std::pair<std::string, unsigned>>& cases) {
    for (CXCursor child : children_of(body)) {
      const CXCursorKind kind = kind_of(child);
      if (kind == CXCursor_SwitchStmt) continue;
      if (kind == CXCursor_CaseStmt) {
        const auto label = expression_children(child);
        if (!label.empty())
          cases.emplace_back(text_of(clang_getCursorExtent(label.front())), line_of(clang_getCursorLocation(child)));
      }
      if (kind == CXCursor_DefaultStmt)
        cases.emplace_back(uncovered::kDefaultLabel, line_of(clang_getCursorLocation(child)));
      if (kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt || kind == CXCursor_CompoundStmt)
        add_case_labels(child, cases);
    }
  }

  /// An if's init-statement, condition variable and condition: its children up to the one that
  /// a ')' separates from the next (the then-statement).
  std::vector<CXCursor> if_header(const std::vector<CXCursor>& kids) {
    for (std::size_t i = 0; i + 1 < kids.size(); ++i) {
      if (gap_holds_paren(kids[i], kids[i + 1])) return std::vector<CXCursor>(kids.begin(), kids.begin() + i + 1);
    }
    return kids.empty() ? kids : std::vector<CXCursor>{kids.front()};
  }

  bool gap_holds_paren(CXCursor before, CXCursor after) {
    const auto [file_a, end] = offset_of(clang_getRangeEnd(clang_getCursorExtent(before)));
    const auto [file_b, start] = offset_of(clang_getRangeStart(clang_getCursorExtent(after)));
    if (file_a == nullptr || clang_File_isEqual(file_a, file_b) == 0 || start < end) return false;
    std::size_t size = 0;
    const char* text = clang_getFileContents(unit_, file_a, &size);
    if (text == nullptr || start > size) return false;
    return std::string_view(text + end, start - end).find(')') != std::string_view::npos;
  }

  /// Adds a site to pending_; false when `c` is not the library's.
  bool record(CXCursor c, const char* construct, const std::vector<CXCursor>& header) {
    if (header.empty()) return false;
    const CXSourceRange first = clang_getCursorExtent(header.front());
    const CXSourceRange last = clang_getCursorExtent(header.back());
    BranchSite site;
    site.file = clang::location_of(header.front()).file;
    if (site.file.empty() || !in_library_(site.file)) return false;
    site.line = line_of(clang_getRangeStart(first));
    site.condition_end = std::max(site.line, line_of(clang_getRangeEnd(last)));
    site.end_line = std::max(site.condition_end, line_of(clang_getRangeEnd(clang_getCursorExtent(c))));
    site.construct = construct;
    site.function = name_;
    site.declared_file = declared_file_;
    site.declared_line = declared_line_;
    const CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(c));
    // assert(...) expands to a `?:` whose other side is the abort: by design, never to be taken.
    if (written_at(start).starts_with("assert") && !is_word(written_at(start).substr(6, 1))) return false;
    site.condition = from_macro(clang_getRangeStart(first)) || from_macro(clang_getRangeEnd(last))
                         ? lines_text(clang_getRangeStart(first), site.line, site.condition_end)
                         : text_of(clang_getRange(clang_getRangeStart(first), clang_getRangeEnd(last)));
    if (site.condition.size() > kConditionTextLimit)
      site.condition = site.condition.substr(0, kConditionTextLimit) + "...";
    Deps deps;
    for (CXCursor part : header) {
      scan_into(part, deps);
      compared_.push_back(extent_offsets(part));
    }
    std::vector<std::pair<uncovered::Operand, Deps>> operands;
    std::vector<CXCursor> leaves;
    const bool chain =
        site.construct == "if" || site.construct == "while" || site.construct == "&&" || site.construct == "||";
    if (chain && short_circuit_operands(header.back(), leaves) && leaves.size() > 1) {
      for (CXCursor leaf : leaves) {
        Deps operand_deps;
        scan_into(leaf, operand_deps);
        const CXSourceRange extent = clang_getCursorExtent(leaf);
        operands.emplace_back(uncovered::Operand{text_of(extent), line_of(clang_getRangeStart(extent)), {}, {}},
                              std::move(operand_deps));
      }
    }
    pending_.emplace_back(std::move(site), std::move(deps));
    pending_operands_.push_back(std::move(operands));
    return true;
  }

  /// The operands of `e` when it is a chain of && and || (through parentheses and !), in the order
  /// they are evaluated; false when an operand branches itself (a ?:, or a && inside a call), as
  /// its branches would come between the chain's on gcov's line.
  static bool short_circuit_operands(CXCursor e, std::vector<CXCursor>& operands) {
    CXCursor core = e;
    while (
        kind_of(core) == CXCursor_UnexposedExpr || kind_of(core) == CXCursor_ParenExpr ||
        (kind_of(core) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(core) == CXUnaryOperator_LNot)) {
      const auto inner = expression_children(core);
      if (inner.size() != 1) break;
      core = inner.front();
    }
    if (kind_of(core) == CXCursor_BinaryOperator) {
      const CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(core);
      if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
        const auto sides = expression_children(core);
        return sides.size() == 2 && short_circuit_operands(sides[0], operands) &&
               short_circuit_operands(sides[1], operands);
      }
    }
    if (branches_within(core)) return false;
    // One a macro writes (`errno == ERANGE`) has no text of its own to show.
    const CXSourceRange extent = clang_getCursorExtent(e);
    if (from_macro(clang_getRangeStart(extent)) || from_macro(clang_getRangeEnd(extent))) return false;
    operands.push_back(e);
    return true;
  }

  /// A comparison: built in, or an operator a class defines (`tok.kind() == Kind::a`).
  static bool is_comparison(CXCursor c) {
    if (kind_of(c) == CXCursor_CallExpr) {
      const std::string callee = clang::spelling_of(clang_getCursorReferenced(c));
      return callee == "operator==" || callee == "operator!=" || callee == "operator<" || callee == "operator>" ||
             callee == "operator<=" || callee == "operator>=" || callee == "operator<=>";
    }
    if (kind_of(c) != CXCursor_BinaryOperator) return false;
    const CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    return op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE || op == CXBinaryOperator_LT ||
           op == CXBinaryOperator_GT || op == CXBinaryOperator_LE || op == CXBinaryOperator_GE;
  }

  static std::pair<unsigned, unsigned> extent_offsets(CXCursor c) {
    const CXSourceRange extent = clang_getCursorExtent(c);
    return {offset_of(clang_getRangeStart(extent)).second, offset_of(clang_getRangeEnd(extent)).second};
  }

  /// The enumerators the body gives as values: those outside any condition and case label.
  std::vector<std::pair<std::string, unsigned>> made_values() const {
    std::vector<std::pair<std::string, unsigned>> made;
    for (const auto& m : makes_) {
      const bool compared = std::any_of(compared_.begin(), compared_.end(), [&](const auto& span) {
        return span.first <= m.offset && m.offset < span.second;
      });
      if (!compared) made.emplace_back(m.value, m.line);
    }
    return made;
  }

  static bool branches_within(CXCursor c) {
    for (CXCursor child : children_of(c)) {
      const CXCursorKind kind = kind_of(child);
      if (kind == CXCursor_ConditionalOperator || kind == CXCursor_LambdaExpr) return true;
      if (kind == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(child) == CXBinaryOperator_LAnd ||
                                              clang_getCursorBinaryOperatorKind(child) == CXBinaryOperator_LOr))
        return true;
      if (branches_within(child)) return true;
    }
    return false;
  }

  static std::vector<std::string> unique(const std::vector<std::string>& items) {
    std::vector<std::string> result;
    std::set<std::string> seen;
    for (const auto& item : items) {
      if (seen.insert(item).second) result.push_back(item);
    }
    return result;
  }

  /// Whether a parameter of `function` is text to read (see FunctionSpan::reads_text).
  static bool reads_text(CXCursor function) {
    const int count = clang_Cursor_getNumArguments(function);
    for (int i = 0; i < count; ++i) {
      const CXType type =
          clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(function, static_cast<unsigned>(i))));
      const CXType pointee = clang_getCanonicalType(clang_getPointeeType(type));
      const std::string spelled = clang::take(clang_getTypeSpelling(type));
      const bool characters =
          type.kind == CXType_Pointer && clang_isConstQualifiedType(pointee) != 0 &&
          (pointee.kind == CXType_Char_S || pointee.kind == CXType_Char_U || pointee.kind == CXType_WChar ||
           pointee.kind == CXType_Char16 || pointee.kind == CXType_Char32);
      const bool string = spelled.find("basic_string") != std::string::npos &&
                          (type.kind == CXType_Record || type.kind == CXType_Elaborated ||
                           (type.kind == CXType_LValueReference && clang_isConstQualifiedType(pointee) != 0));
      const bool stream = spelled.find("basic_istream") != std::string::npos;
      const CXType record =
          type.kind == CXType_LValueReference && clang_isConstQualifiedType(pointee) != 0 ? pointee : type;
      if (characters || string || stream || is_string_view(record)) return true;
    }
    return false;
  }

  /// A class made from characters that hands them back (data, and size or length), as a string
  /// view does: re2::StringPiece.
  static bool is_string_view(CXType type) {
    const CXCursor declaration = clang_getTypeDeclaration(clang_getCanonicalType(type));
    const CXCursorKind kind = kind_of(declaration);
    if (kind != CXCursor_ClassDecl && kind != CXCursor_StructDecl) return false;
    bool data = false, size = false, from_characters = false;
    for (CXCursor member : children_of(declaration)) {
      const std::string name = clang::spelling_of(member);
      if (kind_of(member) == CXCursor_CXXMethod) {
        data = data || name == "data";
        size = size || name == "size" || name == "length";
      } else if (kind_of(member) == CXCursor_Constructor && clang_Cursor_getNumArguments(member) == 1) {
        const CXType param = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(member, 0)));
        const CXType pointee = clang_getCanonicalType(clang_getPointeeType(param));
        from_characters =
            from_characters || (param.kind == CXType_Pointer && clang_isConstQualifiedType(pointee) != 0 &&
                                (pointee.kind == CXType_Char_S || pointee.kind == CXType_Char_U));
      }
    }
    return data && size && from_characters;
  }

  static std::vector<std::string> overridden(CXCursor method) {
    CXCursor* bases = nullptr;
    unsigned count = 0;
    clang_getOverriddenCursors(method, &bases, &count);
    std::vector<std::string> names;
    for (unsigned i = 0; i < count; ++i) names.push_back(qualified_name(bases[i]));
    if (bases != nullptr) clang_disposeOverriddenCursors(bases);
    std::sort(names.begin(), names.end());
    return names;
  }

  static bool is_word(std::string_view text) { return !text.empty() && text::is_identifier_char(text.front()); }

  static bool from_macro(CXSourceLocation location) {
    unsigned spelled = 0, expanded = 0;
    CXFile spelled_file = nullptr, expanded_file = nullptr;
    clang_getSpellingLocation(location, &spelled_file, nullptr, nullptr, &spelled);
    clang_getExpansionLocation(location, &expanded_file, nullptr, nullptr, &expanded);
    return spelled != expanded || clang_File_isEqual(spelled_file, expanded_file) == 0;
  }

  /// The source text from `location` (after macro expansion: where the macro is used) to the end
  /// of its file.
  std::string_view written_at(CXSourceLocation location) const {
    const auto [file, offset] = offset_of(location);
    if (file == nullptr) return {};
    std::size_t size = 0;
    const char* text = clang_getFileContents(unit_, file, &size);
    return text == nullptr || offset > size ? std::string_view() : std::string_view(text + offset, size - offset);
  }

  /// Lines `first` to `last` of the file `location` is in, as written, spaces collapsed: the
  /// condition of a construct that macros make.
  std::string lines_text(CXSourceLocation location, unsigned first, unsigned last) const {
    const auto [file, offset] = offset_of(location);
    std::size_t size = 0;
    const char* contents = file == nullptr ? nullptr : clang_getFileContents(unit_, file, &size);
    if (contents == nullptr) return {};
    const std::string_view all(contents, size);
    std::size_t begin = std::min<std::size_t>(offset, size);
    while (begin > 0 && all[begin - 1] != '\n') --begin;
    std::size_t end = begin;
    for (unsigned line = first; line <= last && end < size; ++line) {
      end = all.find('\n', end);
      if (end == std::string_view::npos) end = size;
      if (line < last && end < size) ++end;
    }
    std::string text;
    for (const char ch : all.substr(begin, end - begin)) {
      const bool space = std::isspace(static_cast<unsigned char>(ch)) != 0;
      if (space && (text.empty() || text.back() == ' ')) continue;
      text += space ? ' ' : ch;
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    return text.size() > kConditionTextLimit ? text.substr(0, kConditionTextLimit) + "..." : text;
  }

  /// The sources of `deps`, used at `line`, with its local variables followed to theirs: to the
  /// definitions that can reach the use (written before it, or in a loop around both).
  std::set<Source> resolved(const Deps& deps, unsigned line) const {
    std::set<Source> sources = deps.sources;
    std::set<std::pair<std::string, unsigned>> seen;
    std::deque<std::pair<std::string, unsigned>> queue;
    for (const auto& local : deps.locals) queue.emplace_back(local, line);
    while (!queue.empty()) {
      const auto [local, use] = queue.front();
      queue.pop_front();
      if (!seen.insert({local, use}).second || seen.size() > 10000) continue;
      const auto found = locals_.find(local);
      // An out-parameter holds the caller's value until a write that always happens, before the
      // use, replaces it (not one under a condition, in a loop, or the one being computed).
      if (const auto param = out_params_.find(local); param != out_params_.end()) {
        const bool overwritten =
            found != locals_.end() && std::any_of(found->second.begin(), found->second.end(),
                                                  [&](const Definition& d) { return d.certain && d.line < use; });
        if (!overwritten) sources.insert(param->second);
      }
      if (found == locals_.end()) continue;
      for (const Definition& definition : found->second) {
        if (!definition.reaches(use)) continue;
        sources.insert(definition.deps.sources.begin(), definition.deps.sources.end());
        for (const auto& next : definition.deps.locals) queue.emplace_back(next, definition.line);
      }
    }
    return sources;
  }

  /// The one statement of an arm that only reports a broken invariant, else a null cursor: a call
  /// or throw (a macro's, too) that names unreachable code or aborts (`JSON_ASSERT_UNREACHABLE`,
  /// `abort()`, `assert(false)`), or hands over an internal error's code or type
  /// (`Error(ecINTERNAL_ERROR, ...)`, `throw InternalError(...)`). Its authors mean the condition
  /// never to hold; a rejected input (`throw std::invalid_argument`) is no such report.
  CXCursor broken_invariant_report(CXCursor arm) const {
    while (kind_of(arm) == CXCursor_CompoundStmt) {
      const auto inner = children_of(arm);
      if (inner.size() != 1) return clang_getNullCursor();
      arm = inner.front();
    }
    const CXCursorKind kind = kind_of(arm);
    const bool report = kind == CXCursor_CallExpr || kind == CXCursor_CXXThrowExpr || kind == CXCursor_UnexposedExpr ||
                        from_macro(clang_getRangeStart(clang_getCursorExtent(arm)));
    if (!report) return clang_getNullCursor();
    CXToken* tokens = nullptr;
    unsigned count = 0;
    clang_tokenize(unit_, clang_getCursorExtent(arm), &tokens, &count);
    std::vector<std::string> words;  // in lower case; a literal is "<literal>", but for false and 0
    for (unsigned i = 0; i < count; ++i) {
      const CXTokenKind token_kind = clang_getTokenKind(tokens[i]);
      if (token_kind == CXToken_Comment) continue;
      const std::string spelled = clang::take(clang_getTokenSpelling(unit_, tokens[i]));
      words.push_back(token_kind == CXToken_Literal && spelled != "0" ? "<literal>" : text::lowered(spelled));
    }
    if (tokens != nullptr) clang_disposeTokens(unit_, tokens, count);
    std::size_t name = 0;  // what is called, thrown or expanded, past `throw`, `::` and `std`
    while (name < words.size() && (words[name] == "throw" || words[name] == "::" || words[name] == "std")) ++name;
    if (name >= words.size()) return clang_getNullCursor();
    const std::string& callee = words[name];
    const bool internal_error = [&] {
      for (std::size_t i = name; i < words.size(); ++i) {
        if (words[i].find("internal") != std::string::npos && words[i].find("err") != std::string::npos) return true;
      }
      return false;
    }();
    const bool aborts = callee.find("unreachable") != std::string::npos || callee == "abort" || callee == "terminate" ||
                        (callee == "assert" && name + 2 < words.size() && words[name + 1] == "(" &&
                         (words[name + 2] == "false" || words[name + 2] == "0"));
    return aborts || internal_error ? arm : clang_getNullCursor();
  }

  /// The literal tokens `range` starts with ("a" "b" concatenated is two). A literal a macro
  /// expands (`#define FullMatchState reinterpret_cast<State*>(2)`) can get a range that runs on
  /// past its definition: only its own tokens are the constant.
  std::string literal_text(CXSourceRange range) const {
    std::string text;
    for_each_token(range, [&](CXTokenKind kind, const std::string& token) {
      // true, false and nullptr are keywords to the tokenizer.
      const bool keyword = kind == CXToken_Keyword && (token == "true" || token == "false" || token == "nullptr");
      if (kind != CXToken_Literal && !(keyword && text.empty())) return false;
      if (!text.empty()) text += ' ';
      text += token;
      return !keyword && text.size() <= kConditionTextLimit;
    });
    return text;
  }

  /// The tokens of `range`, spaced only where two words would run together.
  std::string text_of(CXSourceRange range) const {
    std::string text;
    for_each_token(range, [&](CXTokenKind, const std::string& token) {
      if (!text.empty() && !token.empty() && text::is_identifier_char(text.back()) &&
          text::is_identifier_char(token.front()))
        text += ' ';
      text += token;
      return text.size() <= kConditionTextLimit;
    });
    return text;
  }

  /// Calls `visit(kind, spelling)` for the tokens of `range` in order, while it returns true.
  template <typename Visit>
  void for_each_token(CXSourceRange range, const Visit& visit) const {
    CXToken* tokens = nullptr;
    unsigned count = 0;
    clang_tokenize(unit_, range, &tokens, &count);
    for (unsigned i = 0; i < count; ++i) {
      if (!visit(clang_getTokenKind(tokens[i]), clang::take(clang_getTokenSpelling(unit_, tokens[i])))) break;
    }
    if (tokens != nullptr) clang_disposeTokens(unit_, tokens, count);
  }

  CXCursor function_;
  const LibraryFileTest& in_library_;
  CXTranslationUnit unit_;
  std::string name_, declared_file_;
  unsigned declared_line_ = 0;
  /// One assignment (or initialisation) of a local variable.
  struct Definition {
    Deps deps;
    unsigned line = 0;
    std::vector<std::pair<unsigned, unsigned>> loops;  ///< the lines of the loops around it
    bool certain = false;                              ///< it replaces the value, outside any condition or loop

    bool reaches(unsigned use) const {
      return line <= use ||
             std::any_of(loops.begin(), loops.end(), [&](const auto& l) { return l.first <= use && use <= l.second; });
    }
  };

  std::map<std::string, std::vector<Definition>> locals_;
  std::map<std::string, Source> out_params_;  ///< USR -> the parameter, of those read as locals
  std::vector<std::pair<unsigned, unsigned>> loops_;
  /// The conditions of the constructs being walked (in pending_, which is a deque: stable addresses).
  std::vector<const Deps*> guards_;
  std::deque<std::pair<BranchSite, Deps>> pending_;
  std::deque<std::vector<std::pair<uncovered::Operand, Deps>>> pending_operands_;  ///< of each in pending_
  std::set<std::string> calls_;
  struct Made {
    std::string value;
    unsigned line = 0, offset = 0;
  };
  std::vector<Made> makes_;
  std::vector<std::pair<unsigned, unsigned>> compared_;  ///< the offsets of conditions and case labels
};

constexpr std::array<std::string_view, 55> kEnvironmentFunctions{
    "getenv",       "secure_getenv", "fopen",  "freopen", "fread",   "fgets",  "fgetc",    "getc",
    "getchar",      "fscanf",        "scanf",  "read",    "pread",   "open",   "openat",   "stat",
    "lstat",        "fstat",         "access", "opendir", "readdir", "time",   "clock",    "clock_gettime",
    "gettimeofday", "rand",          "random", "socket",  "connect", "accept", "recv",     "recvfrom",
    "send",         "select",        "poll",   "getpid",  "system",  "popen",  "ferror",   "feof",
    "ftell",        "fseek",         "mmap",   "isatty",  "getline", "getcwd", "realpath", "readlink",
    "fileno",       "fflush",        "fwrite", "fputs",   "fprintf", "write",  "uname"};

// Streams a caller hands in are input, not the environment: only file streams and devices count.
constexpr std::array<std::string_view, 6> kEnvironmentClasses{"std::basic_ifstream", "std::basic_fstream",
                                                              "std::basic_filebuf",  "std::basic_ofstream",
                                                              "std::random_device",  "std::thread"};

}  // namespace

bool reads_environment(CXCursor callee) {
  const std::string name = qualified_name(callee);
  if (name.starts_with("std::filesystem::") || name.starts_with("std::this_thread::")) return true;
  if (name.starts_with("std::chrono::") && name.ends_with("::now")) return true;
  const std::string plain = name.starts_with("std::") ? name.substr(5) : name;
  if (std::find(kEnvironmentFunctions.begin(), kEnvironmentFunctions.end(), plain) != kEnvironmentFunctions.end())
    return true;
  const CXCursor parent = clang_getCursorSemanticParent(callee);
  if (kind_of(parent) == CXCursor_ClassDecl || kind_of(parent) == CXCursor_StructDecl ||
      kind_of(parent) == CXCursor_ClassTemplate) {
    const std::string owner = qualified_name(parent);
    if (std::find(kEnvironmentClasses.begin(), kEnvironmentClasses.end(), owner) != kEnvironmentClasses.end())
      return true;
  }
  // Another library's code (not the system's, not the standard library's): outside our reach too.
  return clang_Location_isInSystemHeader(clang_getCursorLocation(callee)) == 0 && !name.starts_with("std::");
}

void collect_branches(CXCursor definition, const LibraryFileTest& in_library, uncovered::BranchMap& map) {
  Collector(definition, in_library).run(map);
}

}  // namespace palus::analysis
