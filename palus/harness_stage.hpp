#pragma once
// `palus harness`: api.yaml -> harness.cpp -> built palus-harness, with the list of callables it
// can call and why it cannot call the others (DESIGN §3, §7).

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "palus/config/config.hpp"

namespace palus {

struct HarnessStageResult {
  std::filesystem::path executable;
  std::vector<std::string> callables;
  std::vector<harness::Uncallable> uncallable;
  std::vector<std::string> palus_bugs;  ///< generated calls that did not compile, with the harness line
};

/// The callables the last build of the harness variant for `sanitizers` under `work_dir` left out
/// (a template instantiation that does not compile, a type only declared), by id, with the
/// reason: none before its first build.
std::map<std::string, std::string> callables_left_out(const std::filesystem::path& work_dir,
                                                      const std::vector<std::string>& sanitizers);

/// Builds the harness variant for `sanitizers` (the config's unless given).
HarnessStageResult build_harness_stage(const Config& config, const std::filesystem::path& work_dir, const api::Api& api,
                                       const std::vector<std::string>& sanitizers);

}  // namespace palus
