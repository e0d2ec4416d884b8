#pragma once
// `palus merge`: shard folders joined into one suite (DESIGN §12). Reads every shard's
// report.yaml, tests.yaml and test files, keeps the tests plan_merge keeps, writes them with the
// build fragments, tests.yaml and a report.yaml holding each shard's own figures. The joined
// suite's coverage comes afterwards from `palus report`'s stage.

#include <filesystem>
#include <string>
#include <vector>

#include "palus/config/config.hpp"
#include "palus/report/run_report.hpp"

namespace palus {

struct MergeRequest {
  const Config* config = nullptr;  ///< output.dir is where the joined suite goes
  std::vector<std::filesystem::path> shards;
  std::string command;  ///< as typed, for report.yaml and the files' headers
};

/// Throws UserError when a shard folder is missing or damaged, or is the output folder itself.
report::RunReport merge_stage(const MergeRequest& request);

}  // namespace palus
