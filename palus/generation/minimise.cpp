#include "palus/generation/minimise.hpp"

namespace palus::generation {

Sequence minimise(const Sequence& failing, std::size_t keep_last,
                  const std::function<bool(const Sequence&)>& still_fails, std::size_t max_attempts) {
  Sequence current = failing;
  std::size_t attempts = 0;
  bool changed = true;
  while (changed && attempts < max_attempts) {
    changed = false;
    // From the end, so that removing a statement frees the statements whose results it used.
    for (std::size_t k = current.size() > keep_last ? current.size() - keep_last : 0; k-- > 0;) {
      if (attempts >= max_attempts) break;
      auto shorter = current.without(k);
      if (!shorter) continue;
      ++attempts;
      if (still_fails(*shorter)) {
        current = std::move(*shorter);
        changed = true;
      }
    }
  }
  return current;
}

}  // namespace palus::generation
