#include "palus/merge/shard_merge.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "core/text.hpp"

namespace palus::merge {
namespace {

std::set<std::uint32_t> blocks_of(const WrittenSuite& suite) {
  std::set<std::uint32_t> blocks;
  for (const WrittenTest& t : suite.tests) blocks.insert(t.record.blocks.begin(), t.record.blocks.end());
  return blocks;
}

/// "Statement_close_12" -> "Statement_close"; a name without a number stays as it is.
std::string base_of(const std::string& name) {
  const std::size_t cut = name.find_last_not_of("0123456789");
  if (cut == std::string::npos || cut + 1 == name.size() || name[cut] != '_') return name;
  return name.substr(0, cut);
}

bool all_in(const std::vector<std::uint32_t>& blocks, const std::set<std::uint32_t>& covered) {
  return std::all_of(blocks.begin(), blocks.end(), [&](std::uint32_t b) { return covered.count(b) > 0; });
}

}  // namespace

std::string body_key(const std::string& text) {
  std::istringstream in(text);
  std::string line, key;
  std::getline(in, line);  // TEST(Suite, Name) {
  while (std::getline(in, line)) {
    if (text::trim(line).rfind("// palus:", 0) == 0) continue;
    key += line;
    key += '\n';
  }
  return key;
}

MergePlan plan_merge(const std::vector<WrittenSuite>& suites) {
  MergePlan plan;
  std::vector<std::pair<std::size_t, const WrittenSuite*>> ranked;
  for (const WrittenSuite& s : suites) ranked.emplace_back(blocks_of(s).size(), &s);
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    const auto key = [](const auto& entry) {
      const WrittenSuite& s = *entry.second;
      const std::uint32_t index = s.report.shard ? s.report.shard->index : 0;
      const std::uint64_t seed = s.report.shard ? s.report.shard->seed : s.report.seed;
      return std::make_tuple(~entry.first, index, seed, s.dir.generic_string());
    };
    return key(a) < key(b);
  });
  plan.blocks_compared = !suites.empty() && std::all_of(suites.begin(), suites.end(), [&](const WrittenSuite& s) {
    return !s.harness_code.empty() && s.harness_code == suites.front().harness_code;
  });

  // A suspect's identity does not hide a confident failure of the same identity in a later shard.
  std::set<std::string> bodies, identities, suspect_identities;
  std::set<std::uint32_t> covered;
  std::map<std::string, std::set<std::string>> names;  ///< per GoogleTest suite, the names taken
  bool first = true;
  for (const auto& [blocks, suite] : ranked) {
    plan.order.push_back(suite);
    for (const WrittenTest& test : suite->tests) {
      ++plan.tests_read;
      const writer::ManifestTest& r = test.record;
      const bool seen_identity =
          !r.identity.empty() &&
          (identities.count(r.identity) > 0 || (!r.suspicion.empty() && suspect_identities.count(r.identity)));
      const bool adds_blocks = plan.blocks_compared && !r.blocks.empty() && !all_in(r.blocks, covered);
      if (!bodies.insert(body_key(test.rendered.text)).second ||
          (seen_identity && (r.kind == generation::TestKind::failure || !adds_blocks))) {
        ++plan.cut_duplicate;
        continue;
      }
      if (!first && r.kind == generation::TestKind::regression && plan.blocks_compared && !r.blocks.empty() &&
          !adds_blocks) {
        ++plan.cut_no_new_blocks;
        continue;
      }
      if (!r.identity.empty()) (r.suspicion.empty() ? identities : suspect_identities).insert(r.identity);
      covered.insert(r.blocks.begin(), r.blocks.end());
      writer::TestName name = r.name;
      std::set<std::string>& taken = names[name.suite];
      if (taken.count(name.name)) {
        const std::string base = base_of(name.name);
        for (unsigned n = 1; taken.count(name.name); ++n) name.name = base + "_" + std::to_string(n);
        ++plan.renamed;
      }
      taken.insert(name.name);
      plan.kept.push_back({suite, &test, name});
    }
    first = false;
  }
  return plan;
}

}  // namespace palus::merge
