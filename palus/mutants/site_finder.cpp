#include "palus/mutants/site_finder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include "core/clang/clang_util.hpp"

namespace palus::mutants {
namespace {

using clang::children_of;

constexpr std::size_t kShownTextLimit = 120;

CXCursorKind kind_of(CXCursor c) { return clang_getCursorKind(c); }

/// The byte range of `c` in the main file, when all of it is written there (not by a macro).
std::optional<std::pair<unsigned, unsigned>> range_of(CXCursor c) {
  const CXSourceRange extent = clang_getCursorExtent(c);
  const CXSourceLocation start = clang_getRangeStart(extent), end = clang_getRangeEnd(extent);
  if (!clang_Location_isFromMainFile(start) || !clang_Location_isFromMainFile(end)) return std::nullopt;
  unsigned begin_expanded = 0, begin_spelled = 0, end_expanded = 0, end_spelled = 0;
  clang_getExpansionLocation(start, nullptr, nullptr, nullptr, &begin_expanded);
  clang_getSpellingLocation(start, nullptr, nullptr, nullptr, &begin_spelled);
  clang_getExpansionLocation(end, nullptr, nullptr, nullptr, &end_expanded);
  clang_getSpellingLocation(end, nullptr, nullptr, nullptr, &end_spelled);
  if (begin_expanded != begin_spelled || end_expanded != end_spelled || end_expanded <= begin_expanded)
    return std::nullopt;
  return std::make_pair(begin_expanded, end_expanded);
}

CXTypeKind canonical_kind(CXType type) { return clang_getCanonicalType(type).kind; }

bool arithmetic(CXType type) {
  const CXTypeKind kind = canonical_kind(type);
  return kind >= CXType_Bool && kind <= CXType_LongDouble;
}

/// Whether evaluating `text` may change something: a call, ++, --.
bool may_have_effects(std::string_view text) {
  if (text.find("++") != std::string_view::npos || text.find("--") != std::string_view::npos) return true;
  for (std::size_t k = text.find('('); k != std::string_view::npos; k = text.find('(', k + 1)) {
    std::size_t before = k;
    while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) --before;
    if (before > 0 && (std::isalnum(static_cast<unsigned char>(text[before - 1])) || text[before - 1] == '_' ||
                       text[before - 1] == '>' || text[before - 1] == ']' || text[before - 1] == ')'))
      return true;
  }
  return false;
}

/// The expression as written: without the implicit conversions around it.
CXCursor written(CXCursor c) {
  for (;;) {
    if (kind_of(c) != CXCursor_UnexposedExpr) return c;
    const auto children = children_of(c);
    if (children.size() != 1 || !clang_isExpression(kind_of(children[0]))) return c;
    c = children[0];
  }
}

std::string canonical_spelling(CXType type) {
  return clang::take(clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(type))));
}

std::string shown(std::string_view text) {
  std::string out;
  bool space = false;
  for (char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += ch;
  }
  if (out.size() > kShownTextLimit) out = out.substr(0, kShownTextLimit - 3) + "...";
  return out;
}

struct BinaryRule {
  CXBinaryOperatorKind kind;
  const char* spelling;
  const char* op;           ///< the schema's palus_mutant::op
  const char* alternative;  ///< the mutant's palus_mutant::op
  const char* alternative_spelling;
  Operator category;
  bool any_comparable;  ///< pointers and enumerations too (== and !=)
};

constexpr BinaryRule kBinaryRules[] = {
    {CXBinaryOperator_Add, "+", "add", "sub", "-", Operator::arithmetic, false},
    {CXBinaryOperator_Sub, "-", "sub", "add", "+", Operator::arithmetic, false},
    {CXBinaryOperator_Mul, "*", "mul", "div", "/", Operator::arithmetic, false},
    {CXBinaryOperator_Div, "/", "div", "mul", "*", Operator::arithmetic, false},
    {CXBinaryOperator_Rem, "%", "rem", "mul", "*", Operator::arithmetic, false},
    {CXBinaryOperator_Shl, "<<", "shl", "shr", ">>", Operator::bitwise, false},
    {CXBinaryOperator_Shr, ">>", "shr", "shl", "<<", Operator::bitwise, false},
    {CXBinaryOperator_And, "&", "band", "bor", "|", Operator::bitwise, false},
    {CXBinaryOperator_Or, "|", "bor", "band", "&", Operator::bitwise, false},
    {CXBinaryOperator_Xor, "^", "bxor", "band", "&", Operator::bitwise, false},
    {CXBinaryOperator_LT, "<", "lt", "le", "<=", Operator::relational, false},
    {CXBinaryOperator_LE, "<=", "le", "lt", "<", Operator::relational, false},
    {CXBinaryOperator_GT, ">", "gt", "ge", ">=", Operator::relational, false},
    {CXBinaryOperator_GE, ">=", "ge", "gt", ">", Operator::relational, false},
    {CXBinaryOperator_EQ, "==", "eq", "ne", "!=", Operator::relational, true},
    {CXBinaryOperator_NE, "!=", "ne", "eq", "==", Operator::relational, true},
};

const BinaryRule* rule_for(CXBinaryOperatorKind kind) {
  for (const auto& rule : kBinaryRules)
    if (rule.kind == kind) return &rule;
  return nullptr;
}

/// The value of an integer literal's spelling, when it is a plain one.
std::optional<unsigned long long> literal_value(std::string_view spelling) {
  std::string digits;
  for (char ch : spelling)
    if (ch != '\'') digits += ch;
  while (!digits.empty() && std::strchr("uUlLzZ", digits.back()) != nullptr) digits.pop_back();
  if (digits.empty()) return std::nullopt;
  int base = 10;
  std::size_t from = 0;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    from = 2;
  } else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) {
    base = 2;
    from = 2;
  } else if (digits.size() > 1 && digits[0] == '0') {
    base = 8;
  }
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(digits.c_str() + from, &end, base);
  if (errno != 0 || end == nullptr || *end != '\0') return std::nullopt;
  return value;
}

class Walker {
 public:
  Walker(const std::string& text, std::vector<Site>& sites) : text_(text), sites_(sites) {}

  void function(CXCursor definition) {
    CXCursor body = clang_getNullCursor();
    for (CXCursor child : children_of(definition))
      if (kind_of(child) == CXCursor_CompoundStmt) body = child;
    if (clang_Cursor_isNull(body)) return;
    // A constexpr or consteval function may run in a constant expression, where no switch can.
    const auto range = range_of(definition);
    const auto body_range = range_of(body);
    if (!range || !body_range) return;
    const std::string_view head(text_.data() + range->first, body_range->first - range->first);
    if (head.find("constexpr") != std::string_view::npos || head.find("consteval") != std::string_view::npos) return;
    const CXType result = clang_getCursorResultType(definition);
    returns_number_ =
        kind_of(definition) != CXCursor_Constructor && kind_of(definition) != CXCursor_Destructor && arithmetic(result);
    result_spelling_ = returns_number_ ? canonical_spelling(result) : "";
    visit(body);
  }

 private:
  void visit(CXCursor c) {
    switch (kind_of(c)) {
      case CXCursor_StaticAssert:
      case CXCursor_UnaryExpr:  // sizeof, alignof: not evaluated
      case CXCursor_TemplateRef:
      case CXCursor_TypeRef:
        return;
      case CXCursor_CaseStmt:
        // Its label is a constant; the statement after it is not.
        for (CXCursor child : children_of(c))
          if (!clang_isExpression(kind_of(child))) visit(child);
        return;
      case CXCursor_UnexposedExpr: {
        // A 0 that stands for a null pointer (or converts to a class) is no number to change.
        const auto children = children_of(c);
        if (!arithmetic(clang_getCursorType(c)) && children.size() == 1 &&
            kind_of(children[0]) == CXCursor_IntegerLiteral)
          return;
        break;
      }
      case CXCursor_CXXMethod:
      case CXCursor_FunctionDecl:
      case CXCursor_Constructor:
      case CXCursor_Destructor:
      case CXCursor_ConversionFunction: {
        // A method of a class defined inside the function: its returns are its own.
        const bool saved = returns_number_;
        const std::string saved_spelling = result_spelling_;
        if (clang_isCursorDefinition(c)) function(c);
        returns_number_ = saved;
        result_spelling_ = saved_spelling;
        return;
      }
      case CXCursor_LambdaExpr: {
        const bool saved = returns_number_;
        returns_number_ = false;  // its returns are its own, of a type not known here
        for (CXCursor child : children_of(c)) visit(child);
        returns_number_ = saved;
        return;
      }
      case CXCursor_VarDecl:
      case CXCursor_FieldDecl:
        declaration(c);
        return;
      case CXCursor_BinaryOperator:
        binary(c);
        break;
      case CXCursor_IntegerLiteral:
        literal(c);
        return;
      case CXCursor_IfStmt:
        if (if_constexpr(c)) {
          const auto children = children_of(c);
          for (std::size_t k = 1; k < children.size(); ++k) visit(children[k]);
          return;
        }
        condition(c);
        break;
      case CXCursor_WhileStmt:
      case CXCursor_ConditionalOperator:
        condition(c);
        break;
      case CXCursor_CompoundStmt:
        statements(c);
        break;
      case CXCursor_ReturnStmt:
        returned(c);
        break;
      default:
        break;
    }
    for (CXCursor child : children_of(c)) visit(child);
  }

  /// A variable's initialiser is mutated, but not its type (array bounds, template arguments)
  /// and not when it is const (it may be used in a constant expression).
  void declaration(CXCursor c) {
    const CXType type = clang_getCursorType(c);
    if (clang_isConstQualifiedType(type)) return;
    const bool array = canonical_kind(type) == CXType_ConstantArray;
    unsigned name_offset = 0;
    clang_getExpansionLocation(clang_getCursorLocation(c), nullptr, nullptr, nullptr, &name_offset);
    for (CXCursor child : children_of(c)) {
      const auto child_range = range_of(child);
      if (!child_range || child_range->first < name_offset) continue;
      if (array && kind_of(child) != CXCursor_InitListExpr) continue;  // the bound
      visit(child);
    }
  }

  bool if_constexpr(CXCursor c) const {
    const auto range = range_of(c);
    if (!range) return true;
    std::string_view head(text_.data() + range->first, range->second - range->first);
    head.remove_prefix(std::min<std::size_t>(2, head.size()));  // "if"
    while (!head.empty() && std::isspace(static_cast<unsigned char>(head.front()))) head.remove_prefix(1);
    return head.starts_with("constexpr") || head.starts_with("consteval") || head.starts_with("!");
  }

  std::string_view slice(std::pair<unsigned, unsigned> r) const {
    return std::string_view(text_).substr(r.first, r.second - r.first);
  }

  Site& add(std::pair<unsigned, unsigned> range, CXCursor at, Operator op, int nesting) {
    Site site;
    site.begin = range.first;
    site.end = range.second;
    clang_getExpansionLocation(clang_getCursorLocation(at), nullptr, &site.line, &site.column, nullptr);
    site.op = op;
    site.nesting = nesting;
    site.original = shown(slice(range));
    sites_.push_back(std::move(site));
    return sites_.back();
  }

  void binary(CXCursor c) {
    const CXBinaryOperatorKind kind = clang_getCursorBinaryOperatorKind(c);
    const auto children = children_of(c);
    const auto range = range_of(c);
    if (children.size() != 2 || !range) return;
    const auto left = range_of(children[0]), right = range_of(children[1]);
    if (!left || !right || left->second > right->first) return;
    std::string_view between = std::string_view(text_).substr(left->second, right->first - left->second);
    while (!between.empty() && std::isspace(static_cast<unsigned char>(between.front()))) between.remove_prefix(1);
    while (!between.empty() && std::isspace(static_cast<unsigned char>(between.back()))) between.remove_suffix(1);
    const std::string_view left_text = slice(*left), right_text = slice(*right);
    if (kind == CXBinaryOperator_LAnd || kind == CXBinaryOperator_LOr) {
      const bool is_and = kind == CXBinaryOperator_LAnd;
      if (between != (is_and ? "&&" : "||")) return;
      // Built-in only: not a type of a template parameter, whose && may be its own.
      if (!arithmetic(clang_getCursorType(children[0])) || !arithmetic(clang_getCursorType(children[1]))) return;
      Site& site = add(*range, c, Operator::logical, 0);
      site.pieces = {fmt::format("palus_mutant::logic({{0}}, {}, [&]() -> bool {{ return static_cast<bool>(",
                                 is_and ? "true" : "false"),
                     "); }, [&]() -> bool { return static_cast<bool>(", "); })"};
      site.holes = {*left, *right};
      site.replacements = {shown(fmt::format("{} {} {}", left_text, is_and ? "||" : "&&", right_text))};
      return;
    }
    const BinaryRule* rule = rule_for(kind);
    if (rule == nullptr || between != rule->spelling) return;
    // The left operand of a shift is evaluated first (C++17); as the schema's arguments it is not.
    if ((kind == CXBinaryOperator_Shl || kind == CXBinaryOperator_Shr) &&
        (may_have_effects(left_text) || may_have_effects(right_text)))
      return;
    const CXType left_type = clang_getCursorType(children[0]), right_type = clang_getCursorType(children[1]);
    const bool numbers = arithmetic(left_type) && arithmetic(right_type);
    // Pointers and enumerations are passed as written, so as written they must compare alike: not
    // a pointer with a 0, not a class that converts to one.
    const auto alike = [](CXType a, CXType b) {
      const auto group = [](CXType t) {
        const CXTypeKind kind = canonical_kind(t);
        return kind == CXType_Pointer || kind == CXType_NullPtr ? 1 : kind == CXType_Enum ? 2 : 0;
      };
      return group(a) != 0 && group(a) == group(b);
    };
    if (!numbers && !(rule->any_comparable &&
                      alike(clang_getCursorType(written(children[0])), clang_getCursorType(written(children[1])))))
      return;
    Site& site = add(*range, c, rule->category, 0);
    const auto operand = [&](CXType type) {
      // Converted as the operator converts it: an operand of a class type with a conversion (an
      // atomic, a bit-field proxy) is copied as the number it stands for.
      return numbers ? fmt::format("static_cast<{}>(", canonical_spelling(type)) : std::string("(");
    };
    site.pieces = {fmt::format("palus_mutant::bin<palus_mutant::op::{}, palus_mutant::op::{}>({{0}}, {}", rule->op,
                               rule->alternative, operand(left_type)),
                   "), " + operand(right_type), "))"};
    site.holes = {*left, *right};
    site.replacements = {shown(fmt::format("{} {} {}", left_text, rule->alternative_spelling, right_text))};
  }

  void literal(CXCursor c) {
    const auto range = range_of(c);
    if (!range) return;
    // Template arguments (get<0>, array<int, 4>) must be constants.
    std::size_t before = range->first;
    while (before > 0 && std::isspace(static_cast<unsigned char>(text_[before - 1]))) --before;
    std::size_t after = range->second;
    while (after < text_.size() && std::isspace(static_cast<unsigned char>(text_[after]))) ++after;
    if ((before > 0 && text_[before - 1] == '<') || (after < text_.size() && text_[after] == '>')) return;
    const std::string spelling(slice(*range));
    const auto value = literal_value(spelling);
    if (!value) return;
    Site& site = add(*range, c, Operator::constant, 0);
    if (*value == 0) {
      site.pieces = {fmt::format("palus_mutant::lit({{0}}, {}, 1)", spelling)};
      site.replacements = {"1"};
    } else {
      site.pieces = {fmt::format("palus_mutant::lit({{0}}, {{1}}, {}, 0, {})", spelling, *value + 1)};
      site.replacements = {"0", std::to_string(*value + 1)};
    }
  }

  /// The condition of an if, while or ?: negated; not a declaration (`if (auto* p = find())`).
  void condition(CXCursor c) {
    const auto children = children_of(c);
    if (children.empty() || !clang_isExpression(kind_of(children[0]))) return;
    const auto range = range_of(children[0]);
    if (!range) return;
    // Not an init statement (`if (x = f(); x > 0)`): the condition ends at `)`, or at `?`.
    std::size_t after = range->second;
    while (after < text_.size() && std::isspace(static_cast<unsigned char>(text_[after]))) ++after;
    if (after >= text_.size() || text_[after] != (kind_of(c) == CXCursor_ConditionalOperator ? '?' : ')')) return;
    Site& site = add(*range, children[0], Operator::negated_condition, -1);
    site.pieces = {"palus_mutant::flip({0}, static_cast<bool>(", "))"};
    site.holes = {*range};
    site.replacements = {shown(fmt::format("!({})", slice(*range)))};
  }

  /// Calls and assignments standing as statements of a block, each not executed.
  void statements(CXCursor block) {
    for (CXCursor statement : children_of(block)) {
      // A call whose temporaries are destroyed at its end is wrapped in one more node.
      if (kind_of(statement) == CXCursor_UnexposedExpr && children_of(statement).size() == 1)
        statement = children_of(statement).front();
      const CXCursorKind kind = kind_of(statement);
      bool deletable = false;
      if (kind == CXCursor_CallExpr) {
        const CXCursorKind callee = kind_of(clang_getCursorReferenced(statement));
        deletable = callee == CXCursor_FunctionDecl || callee == CXCursor_CXXMethod;
      } else if (kind == CXCursor_BinaryOperator) {
        deletable = clang_getCursorBinaryOperatorKind(statement) == CXBinaryOperator_Assign;
      } else if (kind == CXCursor_CompoundAssignOperator) {
        deletable = true;
      }
      const auto range = range_of(statement);
      if (!deletable || !range || range->second >= text_.size()) continue;
      std::size_t after = range->second;
      while (after < text_.size() && std::isspace(static_cast<unsigned char>(text_[after]))) ++after;
      if (after >= text_.size() || text_[after] != ';') continue;
      Site& site = add(*range, statement, Operator::deleted_statement, -2);
      site.pieces = {"if (!palus_mutant::on({0})) ", ""};
      site.holes = {*range};
      site.replacements = {"(not executed) " + shown(slice(*range))};
    }
  }

  void returned(CXCursor c) {
    if (!returns_number_) return;
    const auto children = children_of(c);
    if (children.size() != 1 || !arithmetic(clang_getCursorType(children[0]))) return;
    const auto range = range_of(children[0]);
    if (!range) return;
    Site& site = add(*range, children[0], Operator::return_value, -1);
    site.pieces = {fmt::format("palus_mutant::ret({{0}}, static_cast<{}>(", result_spelling_), "))"};
    site.holes = {*range};
    site.replacements = {result_spelling_ == "bool" ? shown(fmt::format("!({})", slice(*range)))
                                                    : shown(fmt::format("({}) == 0 ? 1 : 0", slice(*range)))};
  }

  const std::string& text_;
  std::vector<Site>& sites_;
  bool returns_number_ = false;
  std::string result_spelling_;
};

}  // namespace

std::vector<Site> find_sites(const analysis::TranslationUnit& unit, const std::string& text) {
  std::vector<Site> sites;
  Walker walker(text, sites);
  clang::for_each_function(
      unit.root(),
      [](CXCursor c, bool) {
        // Only what this file itself writes.
        return clang_Location_isFromMainFile(clang_getCursorLocation(c)) != 0;
      },
      [&](CXCursor function) {
        if (clang_isCursorDefinition(function)) walker.function(function);
      });
  std::stable_sort(sites.begin(), sites.end(), [](const Site& a, const Site& b) {
    if (a.begin != b.begin) return a.begin < b.begin;
    if (a.end != b.end) return a.end > b.end;
    return a.nesting < b.nesting;
  });
  return sites;
}

}  // namespace palus::mutants
