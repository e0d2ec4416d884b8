#pragma once
// Writes the per-project harness.cpp: one thunk per callable, then one per default contract check
// (DESIGN §8), observers per class, upcasts (DESIGN §7). The runtime it plugs into is
// harness/runtime/palus_harness.hpp; the contract checks are oracles/contracts/contracts.hpp.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "callable_plan.hpp"
#include "core/api.hpp"

namespace palus::harness {

struct HarnessSource {
  std::string text;
  std::vector<std::string> callables;  ///< ids in the order of the harness's callable table
  std::vector<Uncallable> uncallable;
  std::size_t observers = 0;
};

/// `dropped`: callables (api.yaml or contract ids) to leave out, with the reason. `contracts`: the
/// enabled default contracts (Config::oracles.contracts); each that applies to a class the harness
/// can produce becomes a callable `palus::contract::<name>(<type>...)` (oracles/contracts/contract_id.hpp),
/// listed after all api.yaml callables so their indices do not depend on the contracts.
/// `profile_functions`: models::render_profile_functions for the same headers; when given, the
/// harness reports the abstract profile of each object it observes. `theories_headers`: the
/// headers of api.yaml's theories and invariants; each whose inputs the harness can supply becomes
/// a callable with the oracle's function id, after the contracts.
HarnessSource generate_harness_source(const api::Api& api, const std::vector<std::filesystem::path>& headers,
                                      const std::map<std::string, std::string>& dropped = {},
                                      const std::vector<std::string>& contracts = {},
                                      const std::string& profile_functions = {},
                                      const std::vector<std::filesystem::path>& theories_headers = {});

}  // namespace palus::harness
