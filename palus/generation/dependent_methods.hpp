#pragma once
// GetDependentMethod of Palus Figure 8: after a call of m, a method that depends on m (reads a
// field m writes, or one both read; api.yaml `dependences`), drawn with probability proportional
// to its tf-idf relevance.

#include <map>
#include <string>
#include <vector>

#include "palus/generation/catalog.hpp"
#include "palus/generation/random.hpp"

namespace palus::generation {

class DependentMethods {
 public:
  explicit DependentMethods(const Catalog& catalog);
  /// A usable callable depending on `callable_id`, or null when none does.
  const CallableInfo* pick(const std::string& callable_id, Random& random) const;
  /// The callables depending on `callable_id` with their relevance (for tests and the run log).
  struct Weighted {
    const CallableInfo* callable = nullptr;
    double relevance = 0;
  };
  const std::vector<Weighted>& of(const std::string& callable_id) const;

 private:
  std::map<std::string, std::vector<Weighted>> by_target_;
};

}  // namespace palus::generation
