#include "palus/model_stage.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "models/model_inference.hpp"
#include "models/model_yaml.hpp"
#include "models/probe_table.hpp"
#include "models/trace_reader.hpp"

namespace fs = std::filesystem;

namespace palus {

ModelStageResult model_stage(const Config& config, const fs::path& work_dir, const api::Api& api) {
  const fs::path trace_file = work_dir / "trace" / "trace";
  const fs::path probes_file = work_dir / "trace" / "probes.yaml";
  for (const auto& f : {trace_file, probes_file})
    if (!fs::exists(f)) throw UserError(fmt::format("{}: not found (run 'palus trace' first)", f.string()));
  models::Trace trace;
  models::ProbeTable probes;
  try {
    probes = models::read_probe_table(probes_file);
    trace = models::read_trace(trace_file);
  } catch (const std::runtime_error& e) {
    throw UserError(e.what());
  }
  if (trace.table_hash != probes.hash)
    throw UserError(fmt::format("{}: recorded with another instrumented build than {} (rerun 'palus trace')",
                                trace_file.string(), probes_file.string()));
  ModelStageResult out;
  out.events = trace.events.size();
  out.complete_trace = trace.complete;
  out.model = models::infer_model(trace, probes.probes, api, config.model.ktail);
  out.file = work_dir / "model.yaml";
  models::write_model_yaml(out.model, out.file);
  for (const auto& cls : out.model.classes) {
    out.nodes += cls.nodes.size();
    out.transitions += cls.transitions.size();
    for (const auto& t : cls.transitions)
      for (const auto& slot : t.slots) out.dependences += slot.dependences.size();
  }
  return out;
}

std::optional<models::Model> read_model(const fs::path& work_dir) {
  const fs::path file = work_dir / "model.yaml";
  if (!fs::exists(file)) return std::nullopt;
  try {
    return models::read_model_yaml(file);
  } catch (const std::runtime_error& e) {
    throw UserError(e.what());
  }
}

}  // namespace palus
