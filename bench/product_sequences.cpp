#include "bench/product_sequences.hpp"

#include <set>

#include "palus/generation/literal_pool.hpp"
#include "palus/generation/pool.hpp"
#include "palus/generation/random_step.hpp"
#include "palus/writer/suite_writer.hpp"

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

/// `#include` spellings of the headers that declare the api: relative to `include_dir` when
/// under it, absolute otherwise.
std::vector<std::string> api_includes(const api::Api& api, const fs::path& include_dir) {
  std::set<std::string> files;
  auto add = [&](const std::string& file) {
    if (file.empty()) return;
    const fs::path path = fs::path(file).lexically_normal();
    const fs::path rel = path.lexically_relative(include_dir.lexically_normal());
    const bool inside = !rel.empty() && *rel.begin() != "..";
    files.insert("\"" + (inside ? rel.generic_string() : path.generic_string()) + "\"");
  };
  for (const auto& c : api.classes) add(c.file);
  for (const auto& f : api.functions) add(f.file);
  for (const auto& e : api.enums) add(e.file);
  return {files.begin(), files.end()};
}

}  // namespace

std::vector<generation::Sequence> random_sequences(const generation::Catalog& catalog, std::size_t count,
                                                   std::size_t max_statements, std::uint64_t seed,
                                                   harness::Executor& executor) {
  const generation::LiteralPool literals(*catalog.api);
  generation::StepOptions options;
  options.max_statements = max_statements;
  generation::RandomStep step(catalog, literals, options);
  generation::Pool pool;
  generation::Random random(seed);
  std::vector<generation::Sequence> out;
  constexpr std::size_t kRound = 500;
  for (std::size_t attempt = 0; out.size() < count && attempt < count * 20;) {
    const std::size_t first = out.size();
    std::vector<harness::protocol::RunRequest> requests;
    for (; out.size() < std::min(count, first + kRound) && attempt < count * 20; ++attempt) {
      std::optional<generation::Sequence> next = step.next(pool, random);
      if (!next) continue;
      requests.push_back(next->request(out.size(), false));
      out.push_back(std::move(*next));
    }
    const std::vector<harness::Outcome> outcomes = executor.run_batch(requests);
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
      const generation::Sequence& s = out[first + k];
      if (outcomes[k].kind == harness::OutcomeKind::normal) pool.add(s, generation::yields_of(s, catalog), random);
    }
  }
  return out;
}

std::vector<RegressionSource> regression_sources(const generation::Catalog& catalog,
                                                 const std::vector<generation::Sequence>& sequences, std::size_t count,
                                                 harness::Executor& executor, const fs::path& include_dir) {
  writer::SuiteOptions options;
  options.includes = api_includes(*catalog.api, include_dir);
  writer::SuiteWriter writer(options, catalog);
  std::vector<RegressionSource> out;
  for (std::size_t k = 0; k < sequences.size() && out.size() < count; ++k) {
    const harness::Outcome outcome = executor.run(sequences[k].request(k, true));
    if (outcome.kind != harness::OutcomeKind::normal) continue;
    generation::TestCase test;
    test.kind = generation::TestKind::regression;
    test.sequence = sequences[k];
    test.result = outcome.result;
    test.subject = generation::subject_of(catalog.callables[sequences[k][sequences[k].size() - 1].callable]);
    out.push_back({writer.render_for_check({test}, {writer.reserve_name(test)}).text, sequences[k].size()});
  }
  return out;
}

}  // namespace palus::bench
