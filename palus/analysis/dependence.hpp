#pragma once
// Method dependence and relevance (Palus §3.2): merging the effects of private callees, then
// write-read / read-read dependence weighted by tf-idf.

#include <map>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "palus/analysis/body_visitor.hpp"

namespace palus::analysis {

/// The facts of `usr` together with those of every callee it reaches through merged callees
/// (private/protected methods, constructors, internal functions), each counted once, cycles
/// allowed. Unknown USRs (no body seen) contribute nothing.
BodyFacts merged_facts(const std::string& usr, const std::map<std::string, BodyFacts>& facts_by_usr);

/// One method as a tf-idf document: the fields it accesses are its words.
struct MethodDocument {
  std::string method;
  std::map<std::string, int> reads, writes;
};

/// tf(v, m) = accesses of v in m / all field accesses in m;
/// idf(v) = 1 + ln(N / number of methods accessing v), N = number of documents.
/// The 1 + keeps a field that every method uses from weighing nothing: it still ties them.
double tfidf(const std::string& field, const MethodDocument& doc, const std::vector<MethodDocument>& corpus);

/// Every ordered pair (f, g), f == g included, where f reads a field g writes or reads;
/// relevance W(f, g) = sum of tfidf(v, f) over those fields. Sorted by (method, on).
std::vector<api::Dependence> compute_dependences(const std::vector<MethodDocument>& corpus);

extern const char* const kTfidfFormula;

}  // namespace palus::analysis
