#include "palus/analysis/body_visitor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/clang/clang_util.hpp"

namespace palus::analysis {
namespace {

using palus::clang::children_of;
using palus::clang::qualified_name;

enum Access : unsigned { kRead = 1, kWrite = 2, kReadWrite = 3 };

bool is_field(CXCursor decl) {
  const CXCursorKind kind = clang_getCursorKind(decl);
  if (kind == CXCursor_FieldDecl) return true;
  if (kind != CXCursor_VarDecl) return false;
  const CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(decl));
  return parent == CXCursor_ClassDecl || parent == CXCursor_StructDecl || parent == CXCursor_ClassTemplate ||
         parent == CXCursor_ClassTemplatePartialSpecialization;
}

bool refers_to_nonconst(CXType type) {
  CXType canonical = clang_getCanonicalType(type);
  if (canonical.kind != CXType_LValueReference && canonical.kind != CXType_Pointer) return false;
  return !clang_isConstQualifiedType(clang_getPointeeType(canonical));
}

bool is_const_method(CXCursor method) {
  return clang_getCursorKind(method) == CXCursor_CXXMethod && clang_CXXMethod_isConst(method);
}

int argument_index(CXCursor call, CXCursor node) {
  const int count = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < count; ++i) {
    if (clang_equalCursors(clang_Cursor_getArgument(call, static_cast<unsigned>(i)), node)) return i;
  }
  return -1;
}

/// How a call uses its argument number `index`.
unsigned access_through_call(CXCursor call, int index) {
  CXCursor callee = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(callee)) return kRead;
  const CXCursorKind kind = clang_getCursorKind(callee);
  if (kind == CXCursor_CXXMethod && clang_CXXMethod_isStatic(callee) == 0 &&
      clang_Cursor_getNumArguments(callee) + 1 == clang_Cursor_getNumArguments(call)) {
    // A member operator call: argument 0 is the object.
    if (index == 0) return is_const_method(callee) ? kRead : kReadWrite;
    --index;
  }
  const int params = clang_Cursor_getNumArguments(callee);
  if (index < 0 || index >= params) return kRead;
  CXType param = clang_getCursorType(clang_Cursor_getArgument(callee, static_cast<unsigned>(index)));
  return refers_to_nonconst(param) ? kReadWrite : kRead;
}

/// What a member of a standard container does to the container when its non-const overload is
/// chosen (it is, on a non-const container): `find` and `begin` look; `at` and a sequence's
/// `operator[]` give an element, whose use decides; the others (`push_back`, a map's `[]`) change it.
enum class StdMember { changes, looks, element };

StdMember std_member(CXCursor method) {
  const std::string owner = qualified_name(clang_getCursorSemanticParent(method));
  if (owner.rfind("std::", 0) != 0) return StdMember::changes;
  const std::string name = palus::clang::spelling_of(method);
  static const std::set<std::string, std::less<>> looks = {
      "begin", "end", "rbegin", "rend", "find", "lower_bound", "upper_bound", "equal_range", "count", "contains"};
  if (looks.contains(name)) return StdMember::looks;
  const bool associative = owner.find("map") != std::string::npos || owner.find("set") != std::string::npos;
  if (name == "at" || name == "front" || name == "back" || name == "data" || (name == "operator[]" && !associative))
    return StdMember::element;
  return StdMember::changes;
}

bool written_by_ourselves(CXCursor literal) {
  CXFile file = nullptr;
  unsigned line = 0, column = 0;
  clang_getSpellingLocation(clang_getCursorLocation(literal), &file, &line, &column, nullptr);
  // Literals spelled nowhere (scratch space of #x, __FILE__, __LINE__) or inside a system
  // header's macro (assert's `void(0)`) are not the library's own.
  if (file == nullptr) return false;
  CXSourceLocation spelled = clang_getLocation(clang_Cursor_getTranslationUnit(literal), file, line, column);
  return clang_Location_isInSystemHeader(spelled) == 0;
}

class BodyWalker {
 public:
  explicit BodyWalker(CXCursor function) : result_type_(clang_getResultType(clang_getCursorType(function))) {}

  void walk(CXCursor cursor) {
    on_cursor(cursor);
    stack_.push_back(cursor);
    for (CXCursor child : children_of(cursor)) walk(child);
    stack_.pop_back();
  }

  BodyFacts facts;

 private:
  void on_cursor(CXCursor cursor) {
    switch (clang_getCursorKind(cursor)) {
      case CXCursor_MemberRefExpr:
      case CXCursor_DeclRefExpr: {
        CXCursor decl = clang_getCursorReferenced(cursor);
        if (is_field(decl)) record(qualified_name(decl), classify(cursor));
        record_table_literals(decl);
        break;
      }
      case CXCursor_ReturnStmt:
        if (stack_.empty() || !inside_lambda()) {
          ++facts.returns;
          facts.returns_this += returns_this(cursor);
        }
        break;
      case CXCursor_MemberRef: {  // a constructor's member initialiser
        CXCursor decl = clang_getCursorReferenced(cursor);
        if (is_field(decl)) record(qualified_name(decl), kWrite);
        break;
      }
      case CXCursor_CallExpr: {
        CXCursor callee = clang_getCursorReferenced(cursor);
        if (!clang_Cursor_isNull(callee) && is_merged_callee(callee)) {
          facts.merged_callees.insert(clang::usr_of(clang_getCanonicalCursor(callee)));
        }
        break;
      }
      case CXCursor_IntegerLiteral:
      case CXCursor_FloatingLiteral:
      case CXCursor_CharacterLiteral:
        record_literal(cursor);
        break;
      case CXCursor_StringLiteral:
        record_string_literal(cursor);
        break;
      default:
        break;
    }
  }

  void record(const std::string& field, unsigned access) {
    if (access & kRead) ++facts.reads[field];
    if (access & kWrite) ++facts.writes[field];
  }

  /// Follows the expression outwards from a field reference to see what is done with it.
  unsigned classify(CXCursor reference) const {
    CXCursor node = reference;
    for (std::size_t i = stack_.size(); i-- > 0;) {
      CXCursor parent = stack_[i];
      std::vector<CXCursor> kids = children_of(parent);
      const bool is_first = !kids.empty() && clang_equalCursors(kids.front(), node);
      switch (clang_getCursorKind(parent)) {
        case CXCursor_UnexposedExpr:
        case CXCursor_ParenExpr:
          node = parent;
          continue;
        case CXCursor_MemberRefExpr: {
          CXCursor member = clang_getCursorReferenced(parent);
          if (is_field(member) || !is_first) {
            node = parent;
            continue;
          }
          if (is_const_method(member)) return kRead;  // `field.method(...)`
          if (i == 0 || clang_getCursorKind(stack_[i - 1]) != CXCursor_CallExpr) return kReadWrite;
          switch (std_member(member)) {
            case StdMember::changes:
              return kReadWrite;
            case StdMember::looks:
              return iterator_use(i - 1);
            case StdMember::element:
              node = stack_[--i];  // the call: what is done with the element
              continue;
          }
          return kReadWrite;
        }
        case CXCursor_ArraySubscriptExpr:
          if (is_first) {
            node = parent;
            continue;
          }
          return kRead;
        case CXCursor_UnaryOperator: {
          const CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(parent);
          if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
              op == CXUnaryOperator_PreDec) {
            return kReadWrite;
          }
          if (op == CXUnaryOperator_AddrOf) {
            node = parent;
            continue;
          }
          return kRead;
        }
        case CXCursor_BinaryOperator:
          if (is_first && clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Assign) return kWrite;
          return kRead;
        case CXCursor_CompoundAssignOperator:
          return is_first ? kReadWrite : kRead;
        case CXCursor_CallExpr: {
          const int index = argument_index(parent, node);
          if (index < 0) return kRead;
          // `field[i]` of a std::vector: a member operator whose argument 0 is the object.
          CXCursor callee = clang_getCursorReferenced(parent);
          if (index == 0 && !clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_CXXMethod &&
              !is_const_method(callee) &&
              clang_Cursor_getNumArguments(callee) + 1 == clang_Cursor_getNumArguments(parent) &&
              std_member(callee) == StdMember::element) {
            node = parent;
            continue;
          }
          return access_through_call(parent, index);
        }
        case CXCursor_VarDecl:
          return refers_to_nonconst(clang_getCursorType(parent)) ? kReadWrite : kRead;
        case CXCursor_ReturnStmt:
          return refers_to_nonconst(result_type_) ? kReadWrite : kRead;
        default:
          return kRead;
      }
    }
    return kRead;
  }

  /// How the iterator that the call `stack_[call]` returns (`field.begin()`, `field.find(k)`) uses
  /// the field: given to a function (`std::sort(v.begin(), v.end())`) it may change it; compared,
  /// kept or dereferenced for reading it only looks.
  unsigned iterator_use(std::size_t call) const {
    CXCursor node = stack_[call];
    for (std::size_t i = call; i-- > 0;) {
      CXCursor parent = stack_[i];
      const CXCursorKind kind = clang_getCursorKind(parent);
      if (kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr) {
        node = parent;
        continue;
      }
      if (kind != CXCursor_CallExpr || argument_index(parent, node) < 0) return kRead;
      const std::string callee = palus::clang::spelling_of(clang_getCursorReferenced(parent));
      return callee.rfind("operator", 0) == 0 ? kRead : kReadWrite;
    }
    return kRead;
  }

  void record_string_literal(CXCursor literal) {
    if (!written_by_ourselves(literal)) return;
    if (auto text = string_literal_value(clang::spelling_of(literal))) {
      facts.literals.insert(api::Literal{api::Literal::Kind::string, std::move(*text)});
    }
  }

  void record_literal(CXCursor literal) {
    if (!written_by_ourselves(literal)) return;
    CXCursor evaluated = literal;
    if (!stack_.empty() && clang_getCursorKind(stack_.back()) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(stack_.back()) == CXUnaryOperator_Minus) {
      evaluated = stack_.back();
    }
    if (auto value = evaluated_literal(evaluated, clang_getCursorKind(literal) == CXCursor_CharacterLiteral)) {
      facts.literals.insert(std::move(*value));
    }
  }

  /// The texts and characters in the initialiser of a variable outside any function that the
  /// body reads (`static const char* kOperators[] = {"<=", ">=", ...}`, a keyword table): what the
  /// code compares its input with through the table. Numbers are left out (a table of 256
  /// character classes is no set of interesting values), and a table is read up to a budget.
  void record_table_literals(CXCursor decl) {
    if (clang_getCursorKind(decl) != CXCursor_VarDecl) return;
    const CXCursorKind scope = clang_getCursorKind(clang_getCursorSemanticParent(decl));
    if (scope != CXCursor_Namespace && scope != CXCursor_TranslationUnit && scope != CXCursor_LinkageSpec &&
        !is_field(decl))
      return;
    CXCursor definition = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(definition) || !tables_seen_.insert(clang::usr_of(definition)).second) return;
    TableWalk walk{this};
    clang_visitChildren(definition, &BodyWalker::visit_table, &walk);
  }

  struct TableWalk {
    BodyWalker* walker;
    std::size_t nodes = 0, literals = 0;
  };

  static CXChildVisitResult visit_table(CXCursor node, CXCursor, CXClientData data) {
    constexpr std::size_t kMaxNodes = 4096, kMaxLiterals = 256;
    auto& walk = *static_cast<TableWalk*>(data);
    if (++walk.nodes > kMaxNodes || walk.literals >= kMaxLiterals) return CXChildVisit_Break;
    const std::size_t before = walk.walker->facts.literals.size();
    switch (clang_getCursorKind(node)) {
      case CXCursor_StringLiteral:
        walk.walker->record_string_literal(node);
        break;
      case CXCursor_CharacterLiteral:
        walk.walker->record_character_literal(node);
        break;
      default:
        return CXChildVisit_Recurse;
    }
    walk.literals += walk.walker->facts.literals.size() - before;
    return CXChildVisit_Continue;
  }

  void record_character_literal(CXCursor literal) {
    if (!written_by_ourselves(literal)) return;
    if (auto value = evaluated_literal(literal, true)) facts.literals.insert(std::move(*value));
  }

  bool inside_lambda() const {
    return std::any_of(stack_.begin(), stack_.end(),
                       [](CXCursor c) { return clang_getCursorKind(c) == CXCursor_LambdaExpr; });
  }

  /// Whether `return_stmt` returns `*this` or `this` (through parentheses and implicit casts).
  static bool returns_this(CXCursor return_stmt) {
    const std::vector<CXCursor> children = children_of(return_stmt);
    if (children.size() != 1) return false;
    CXCursor e = children.front();
    bool dereferenced = false;
    for (;;) {
      const CXCursorKind kind = clang_getCursorKind(e);
      if (kind == CXCursor_CXXThisExpr) return true;
      const bool deref = kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref;
      if (!deref && kind != CXCursor_UnexposedExpr && kind != CXCursor_ParenExpr) return false;
      if (deref && dereferenced) return false;
      dereferenced = dereferenced || deref;
      const std::vector<CXCursor> inner = children_of(e);
      if (inner.size() != 1) return false;
      e = inner.front();
    }
  }

  CXType result_type_;
  std::vector<CXCursor> stack_;
  std::set<std::string> tables_seen_;  ///< USRs of the tables whose literals are recorded
};

}  // namespace

std::optional<std::string> string_literal_value(std::string spelling) {
  if (spelling.rfind("u8", 0) == 0) spelling.erase(0, 2);
  if (spelling.rfind("R\"", 0) == 0) {
    const auto open = spelling.find('(');
    const auto close = spelling.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open) return std::nullopt;
    return spelling.substr(open + 1, close - open - 1);
  }
  if (spelling.size() < 2 || spelling.front() != '"' || spelling.back() != '"') return std::nullopt;
  const std::string body = spelling.substr(1, spelling.size() - 2);
  std::string text;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\' || i + 1 == body.size()) {
      text += body[i];
      continue;
    }
    const char e = body[++i];
    switch (e) {
      case 'n':
        text += '\n';
        break;
      case 't':
        text += '\t';
        break;
      case 'r':
        text += '\r';
        break;
      case 'a':
        text += '\a';
        break;
      case 'b':
        text += '\b';
        break;
      case 'f':
        text += '\f';
        break;
      case 'v':
        text += '\v';
        break;
      case 'x': {
        std::size_t end = i + 1;
        while (end < body.size() && std::isxdigit(static_cast<unsigned char>(body[end]))) ++end;
        text += static_cast<char>(std::stoi(body.substr(i + 1, end - i - 1), nullptr, 16));
        i = end - 1;
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          std::size_t end = i;
          while (end < body.size() && end < i + 3 && body[end] >= '0' && body[end] <= '7') ++end;
          text += static_cast<char>(std::stoi(body.substr(i, end - i), nullptr, 8));
          i = end - 1;
        } else {
          text += e;  // \\ \" \' \?
        }
    }
  }
  return text;
}

std::optional<api::Literal> evaluated_literal(CXCursor expression, bool character) {
  // A negated literal too big for a signed type (-9223372036854775808) evaluates as unsigned.
  const bool negated = clang_getCursorKind(expression) == CXCursor_UnaryOperator &&
                       clang_getCursorUnaryOperatorKind(expression) == CXUnaryOperator_Minus;
  CXEvalResult result = clang_Cursor_Evaluate(expression);
  if (result == nullptr) return std::nullopt;
  std::optional<api::Literal> value;
  switch (clang_EvalResult_getKind(result)) {
    case CXEval_Int:
      value = api::Literal{character ? api::Literal::Kind::character : api::Literal::Kind::integer,
                           clang_EvalResult_isUnsignedInt(result) != 0 && !negated
                               ? std::to_string(clang_EvalResult_getAsUnsigned(result))
                               : std::to_string(clang_EvalResult_getAsLongLong(result))};
      break;
    case CXEval_Float:
      value = api::Literal{api::Literal::Kind::floating, fmt::format("{}", clang_EvalResult_getAsDouble(result))};
      break;
    default:
      break;
  }
  clang_EvalResult_dispose(result);
  return value;
}

bool is_merged_callee(CXCursor callee) {
  switch (clang_getCursorKind(callee)) {
    case CXCursor_Constructor:
      return true;
    case CXCursor_CXXMethod:
    case CXCursor_Destructor:
    case CXCursor_ConversionFunction: {
      const CX_CXXAccessSpecifier access = clang_getCXXAccessSpecifier(callee);
      return access == CX_CXXPrivate || access == CX_CXXProtected;
    }
    case CXCursor_FunctionDecl: {
      const CXLinkageKind linkage = clang_getCursorLinkage(callee);
      return linkage == CXLinkage_Internal || linkage == CXLinkage_UniqueExternal;
    }
    default:
      return false;
  }
}

BodyFacts collect_body_facts(CXCursor definition) {
  BodyWalker walker(definition);
  for (CXCursor child : children_of(definition)) walker.walk(child);
  return std::move(walker.facts);
}

}  // namespace palus::analysis
