#include "palus/analysis/dependence.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace palus::analysis {

const char* const kTfidfFormula =
    "relevance(f, g) = sum over fields v that f reads and g writes or reads of tf(v, f) * idf(v); "
    "tf(v, f) = accesses of v in f / all field accesses in f; "
    "idf(v) = 1 + ln(methods in the class / methods of the class accessing v)";

BodyFacts merged_facts(const std::string& usr, const std::map<std::string, BodyFacts>& facts_by_usr) {
  BodyFacts merged;
  std::set<std::string> seen{usr};
  std::vector<std::string> pending{usr};
  while (!pending.empty()) {
    std::string next = std::move(pending.back());
    pending.pop_back();
    auto found = facts_by_usr.find(next);
    if (found == facts_by_usr.end()) continue;
    const BodyFacts& facts = found->second;
    for (const auto& [field, count] : facts.reads) merged.reads[field] += count;
    for (const auto& [field, count] : facts.writes) merged.writes[field] += count;
    merged.literals.insert(facts.literals.begin(), facts.literals.end());
    for (const auto& callee : facts.merged_callees) {
      if (seen.insert(callee).second) pending.push_back(callee);
    }
  }
  merged.merged_callees = std::move(seen);
  merged.merged_callees.erase(usr);
  return merged;
}

namespace {

int accesses(const MethodDocument& doc, const std::string& field) {
  int total = 0;
  if (auto r = doc.reads.find(field); r != doc.reads.end()) total += r->second;
  if (auto w = doc.writes.find(field); w != doc.writes.end()) total += w->second;
  return total;
}

int all_accesses(const MethodDocument& doc) {
  int total = 0;
  for (const auto& [field, count] : doc.reads) total += count;
  for (const auto& [field, count] : doc.writes) total += count;
  return total;
}

}  // namespace

double tfidf(const std::string& field, const MethodDocument& doc, const std::vector<MethodDocument>& corpus) {
  const int in_doc = accesses(doc, field);
  const int doc_total = all_accesses(doc);
  if (in_doc == 0 || doc_total == 0) return 0;
  const auto containing =
      std::count_if(corpus.begin(), corpus.end(), [&](const MethodDocument& d) { return accesses(d, field) > 0; });
  const double idf =
      1.0 + std::log(static_cast<double>(corpus.size()) / static_cast<double>(std::max<long>(containing, 1)));
  return static_cast<double>(in_doc) / static_cast<double>(doc_total) * idf;
}

std::vector<api::Dependence> compute_dependences(const std::vector<MethodDocument>& corpus) {
  std::vector<api::Dependence> result;
  for (const auto& f : corpus) {
    for (const auto& g : corpus) {
      api::Dependence dep{f.method, g.method, false, false, {}, 0.0};
      for (const auto& [field, count] : f.reads) {
        const bool g_writes = g.writes.contains(field);
        const bool g_reads = g.reads.contains(field);
        if (!g_writes && !g_reads) continue;
        dep.write_read |= g_writes;
        dep.read_read |= g_reads;
        dep.fields.push_back(field);
        dep.relevance += tfidf(field, f, corpus);
      }
      if (!dep.fields.empty()) result.push_back(std::move(dep));
    }
  }
  std::sort(result.begin(), result.end(), [](const api::Dependence& a, const api::Dependence& b) {
    return std::tie(a.method, a.on) < std::tie(b.method, b.on);
  });
  return result;
}

}  // namespace palus::analysis
