#pragma once
// What one function body does to fields (DESIGN §5): which fields it reads and writes, which
// non-public callees' effects must be merged into it, and which literals it mentions.

#include <clang-c/Index.h>

#include <map>
#include <optional>
#include <set>
#include <string>

#include "core/api.hpp"

namespace palus::analysis {

struct BodyFacts {
  /// Qualified field ("ns::Class::field_") -> number of access sites. A site counts as a read
  /// unless it is only the target of a plain assignment; it also counts as a write when it is
  /// assigned, compound-assigned, incremented/decremented, has a non-const method called on
  /// it, is passed by non-const reference or pointer, bound to a non-const reference, or
  /// returned by non-const reference. Member chains (`a_.b_ = 1`) write every link.
  std::map<std::string, int> reads, writes;
  /// USRs of called private/protected methods, constructors and internal-linkage functions.
  std::set<std::string> merged_callees;
  std::set<api::Literal> literals;
  /// Return statements, and those that return the object itself (`return *this;`, `return this;`).
  int returns = 0, returns_this = 0;
};

/// Walks the definition's body, and a constructor's member initialisers.
BodyFacts collect_body_facts(CXCursor definition);

/// True for callees whose effects Palus merges into their caller (Palus §3.2.1).
bool is_merged_callee(CXCursor callee);

/// The characters of a narrow string literal as spelled in the source ("a\\n", u8"x", R"(y)");
/// nullopt for wide and UTF-16/32 literals, which the literal pool does not hold.
std::optional<std::string> string_literal_value(std::string spelling);

/// The constant value of an integer, bool, character or floating expression (`-1`, `true`,
/// `2.5`); an integer value is a character literal when `character`. nullopt when the
/// expression has no such constant value.
std::optional<api::Literal> evaluated_literal(CXCursor expression, bool character);

}  // namespace palus::analysis
