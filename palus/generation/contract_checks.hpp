#pragma once
// Default contracts on the objects a sequence makes (DESIGN §8): the contract callables of the
// harness appended after the sequence's own statements, so one execution runs both.

#include <map>
#include <string>
#include <vector>

#include "palus/generation/catalog.hpp"
#include "palus/generation/random.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

class ContractChecks {
 public:
  explicit ContractChecks(const Catalog& catalog);

  /// `sequence` followed by checks of the object its last statement yields and of its
  /// receiver; two-object contracts pair that object with another of its type in the sequence.
  Sequence appended(const Sequence& sequence, Random& random) const;

  bool empty() const { return by_type_.empty(); }

 private:
  const Catalog& catalog_;
  std::map<std::string, std::vector<const CallableInfo*>> by_type_;  ///< contract callables per type
};

}  // namespace palus::generation
