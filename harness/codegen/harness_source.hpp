#pragma once
// Writes the per-project harness.cpp: one thunk per callable, observers per class, upcasts
// (DESIGN §7). The runtime it plugs into is harness/runtime/palus_harness.hpp.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "callable_plan.hpp"
#include "palus/analysis/api.hpp"

namespace palus::harness {

struct HarnessSource {
  std::string text;
  std::vector<std::string> callables;  ///< ids in the order of the harness's callable table
  std::vector<Uncallable> uncallable;
  std::size_t observers = 0;
};

HarnessSource generate_harness_source(const api::Api& api, const std::vector<std::filesystem::path>& headers,
                                      const std::map<std::string, std::string>& dropped = {});

}  // namespace palus::harness
