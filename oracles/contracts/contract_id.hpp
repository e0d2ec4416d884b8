#pragma once
// How a default contract check appears in the harness's callable table (DESIGN §8):
//   palus::contract::<name>(<type>)            one object, e.g. equals_reflexive
//   palus::contract::<name>(<type>, <type>)    two objects, e.g. equals_hash_consistent
// The check's result is a string: empty when the contract holds, else what was violated.

#include <optional>
#include <string>

namespace palus::oracles {

struct ContractUse {
  std::string name;    ///< one of contract_names() (contract_catalog.hpp)
  std::string type;    ///< qualified record type checked
  unsigned arity = 1;  ///< objects the check takes
};

std::string contract_id(const ContractUse& use);

/// nullopt when `id` is not a contract check id.
std::optional<ContractUse> parse_contract_id(const std::string& id);

}  // namespace palus::oracles
