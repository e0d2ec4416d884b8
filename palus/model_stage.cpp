#include "palus/model_stage.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"
#include "models/model_inference.hpp"
#include "models/model_yaml.hpp"
#include "models/probe_table.hpp"
#include "models/trace_merge.hpp"
#include "models/trace_reader.hpp"
#include "palus/trace_stage.hpp"

namespace fs = std::filesystem;

namespace palus {

ModelStageResult model_stage(const Config& config, const fs::path& work_dir, const api::Api& api) {
  const fs::path probes_file = work_dir / "trace" / "probes.yaml";
  std::vector<fs::path> trace_files;
  for (std::size_t i = 0; i < std::max<std::size_t>(1, config.samples.size()); ++i)
    trace_files.push_back(work_dir / "trace" / trace_file_name(i));
  for (const auto& f : trace_files)
    if (!fs::exists(f)) throw UserError(fmt::format("{}: not found (run 'palus trace' first)", f.string()));
  if (!fs::exists(probes_file))
    throw UserError(fmt::format("{}: not found (run 'palus trace' first)", probes_file.string()));
  std::vector<models::Trace> traces;
  models::ProbeTable probes;
  try {
    probes = models::read_probe_table(probes_file);
    for (const auto& f : trace_files) traces.push_back(models::read_trace(f));
  } catch (const std::runtime_error& e) {
    throw UserError(e.what());
  }
  for (std::size_t i = 0; i < traces.size(); ++i)
    if (traces[i].table_hash != probes.hash)
      throw UserError(fmt::format("{}: recorded with another instrumented build than {} (rerun 'palus trace')",
                                  trace_files[i].string(), probes_file.string()));
  const models::Trace trace = models::merge_traces(std::move(traces));
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
