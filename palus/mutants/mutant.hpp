#pragma once
// Mutants of the library's sources for `palus mutate` (issue 21, DESIGN §8): where a small change
// is made, what it changes, and how it is written into a mutant schema, one copy of each source
// file holding all of its mutants, each switched on at run time by its id.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace palus::mutants {

/// The mutation operators, as the mutation-testing literature names them.
enum class Operator : std::uint8_t {
  arithmetic,         ///< AOR: + - * / % swapped
  relational,         ///< ROR: < <= > >= == != moved to a neighbour
  logical,            ///< LCR: && and || swapped
  bitwise,            ///< BOR: & | ^ << >> swapped
  constant,           ///< CRP: an integer constant to 0, or to one more
  negated_condition,  ///< NEG: the condition of an if, while or ?: negated
  deleted_statement,  ///< SDL: a call or assignment statement not executed
  return_value,       ///< RVR: a returned number or bool replaced (0 or 1, or negated)
};

std::string_view name_of(Operator op);

/// One place of a file that mutants rewrite: the byte range of an expression, the text the schema
/// puts there, and the mutants it switches between (one, or two for a constant).
///
/// The schema text is `pieces[0] hole[0] pieces[1] hole[1] ... pieces[n]`: each hole is a byte range
/// of the original file (inside `begin..end`) that is written as it is, with the sites inside it
/// rewritten in turn.
struct Site {
  unsigned begin = 0, end = 0;  ///< byte offsets in the original file, end exclusive
  unsigned line = 0, column = 0;
  Operator op = Operator::arithmetic;
  /// For sites of the same range (a condition that is itself a comparison), the outer one first.
  int nesting = 0;
  std::vector<std::string> pieces;
  std::vector<std::pair<unsigned, unsigned>> holes;
  std::vector<std::uint32_t> ids;         ///< one per mutant, set by number_mutants
  std::vector<std::string> replacements;  ///< one per mutant: the changed text, as a person reads it
  std::string original;                   ///< the original text, as a person reads it
};

/// One mutant: a change at one site.
struct Mutant {
  std::uint32_t id = 0;  ///< 1, 2, ...: the value of PALUS_MUTANT that switches it on
  std::string file;      ///< as given to the finder
  unsigned line = 0, column = 0;
  Operator op = Operator::arithmetic;
  std::string original, replacement;
};

/// Gives every mutant of `sites` an id, from `next` on, and returns the mutants in id order.
std::vector<Mutant> number_mutants(const std::string& file, std::vector<Site>& sites, std::uint32_t& next);

}  // namespace palus::mutants
