#pragma once
// The default contracts as palus sees them (DESIGN §8): how many objects each checks, to which
// classes it applies, and how a generated GoogleTest asserts it. The checks themselves, compiled
// into the harness, are the headers beside this one (contracts.hpp).

#include <string>
#include <string_view>
#include <vector>

#include "core/api.hpp"
#include "oracles/contracts/contract_id.hpp"

namespace palus::oracles {

/// One default contract: everything palus knows about it is in its row of contract_catalog().
struct Contract {
  using Lines = std::vector<std::string>;

  std::string_view name;      ///< as oracles.contracts in palus.yaml names it
  unsigned arity = 1;         ///< objects the check takes
  bool harness_check = true;  ///< false for destructor_does_not_throw: the harness's destroy phase reports it
  std::string_view summary;   ///< what it states, e.g. "a == a"
  /// Whether the class traits give the operations the check uses.
  bool (*fits)(const api::ClassTraits&) = nullptr;
  /// The GoogleTest lines of the check (see render_contract_check).
  Lines (*assertion)(const Contract&, const std::string& type, const std::vector<std::string>& variables) = nullptr;
  std::string_view include;     ///< a standard header those lines need, e.g. "<functional>"; "" for none
  bool changes_object = false;  ///< the check changes its object (a = a): a read-only object cannot take it

  /// True when the contract makes sense for objects of `cls`: a concrete class whose traits
  /// (api.yaml) provide the operations the contract uses.
  bool applies(const api::Class& cls) const;
};

/// All default contracts, in a fixed order.
const std::vector<Contract>& contract_catalog();

/// Their names, in the same order: what oracles.contracts accepts and "default" enables.
const std::vector<std::string>& contract_names();

/// The contract named `name`; null when there is none.
const Contract* find_contract(std::string_view name);

/// The harness checks of the enabled contracts (`enabled`: names, as in Config::oracles.contracts)
/// that apply to `cls`, in catalogue order. Contracts without a harness check are left out.
/// Throws std::invalid_argument for a name that is not a contract.
std::vector<ContractUse> contract_uses(const api::Class& cls, const std::vector<std::string>& enabled);

/// GoogleTest lines that assert `use` on `variables` (use.arity names of objects of use.type),
/// using only the library's public API, GoogleTest and the standard library; a violated contract
/// fails the test with a message naming the contract. Empty for destructor_does_not_throw (the
/// end of the test's scope destroys the objects). Throws std::invalid_argument for an unknown
/// contract or a wrong number of variables.
std::vector<std::string> render_contract_check(const ContractUse& use, const std::vector<std::string>& variables);

/// The standard headers the lines of render_contract_check(use, ...) need besides GoogleTest and
/// the library's own, e.g. "<functional>" for std::hash.
std::vector<std::string> contract_check_includes(const ContractUse& use);

}  // namespace palus::oracles
