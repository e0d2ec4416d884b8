#pragma once
// `palus model` (DESIGN §3): the trace of the sample execution into call-sequence models with
// argument constraints (Palus §3.1), written to model.yaml.

#include <filesystem>

#include "core/api.hpp"
#include "models/model.hpp"
#include "palus/config/config.hpp"

namespace palus {

struct ModelStageResult {
  models::Model model;
  std::filesystem::path file;  ///< .palus/model.yaml
  std::size_t events = 0, nodes = 0, transitions = 0, dependences = 0;
  bool complete_trace = false;
};

/// Reads the trace of each sample program (.palus/trace/trace, trace-2, ...) and probes.yaml, and
/// infers one model from them all; throws UserError for a missing, truncated or mismatched trace.
ModelStageResult model_stage(const Config& config, const std::filesystem::path& work_dir, const api::Api& api);

/// model.yaml of an earlier `palus model`, or nullopt when there is none.
std::optional<models::Model> read_model(const std::filesystem::path& work_dir);

}  // namespace palus
