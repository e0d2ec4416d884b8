#pragma once
// Memory the library freed under the sequence's hands (issue 23, "ownership the library takes"):
// a handle, iterator or child the sequence still holds, used after a later call freed what it
// points to (a document reloaded, a parent that deleted its child). Using it is the sequence's
// misuse, unless the library keeps track of such objects (a result set its statement points to,
// a fail-fast iterator reading its list's modification count): then it had to guard the use.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/executor/outcome.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// A call that frees the objects of a type made before it from one of its inputs: after a
/// statement calling `freeing`, objects of type `dead` that earlier statements made from its input
/// `from_input` (or that input itself) are no longer usable.
struct FreesRule {
  std::uint32_t freeing = 0;     ///< the callable (harness index)
  std::string dead;              ///< the record type of the objects it frees
  std::uint32_t from_input = 0;  ///< 0 is the receiver of a method (a document reloaded), then the arguments
  auto operator<=>(const FreesRule&) const = default;
};

/// For a heap use after free at statement `failing` whose memory a call of another statement
/// freed (the sanitizer's free stack ran through that callable's thunk): the rule it shows, when
/// the use went through an object made before that call from what the call was given (a node of
/// the document it reloaded, the child it removed), other than its receiver, of a type the
/// library does not keep track of. nullopt: the library's own use after free. When the harness
/// saw which statement freed the memory (Outcome::freed_statement), only that one is considered,
/// and the failing call may be a call of the freeing callable too (a child removed twice). Not
/// knowing which, `same_callable` accepts that case as well: an earlier call may have freed the
/// object, or this very call did (a library bug), which the stacks cannot tell apart.
std::optional<FreesRule> freed_under_the_sequence(const harness::Outcome& outcome, const Sequence& sequence,
                                                  std::size_t failing, const Catalog& catalog,
                                                  bool same_callable = false);

/// Whether `sequence` uses, after a call of a rule's callable, an object of the rule's type that
/// an earlier statement made from the rule's input of that call.
bool uses_freed_object(const Sequence& sequence, const std::vector<FreesRule>& rules, const Catalog& catalog);

/// "pugi::xml_document::load_string(const char_t *) frees the pugi::xml_node objects made from its
/// object before it".
std::string describe(const FreesRule& rule, const Catalog& catalog);

}  // namespace palus::generation
