#include "palus/generation/minimise.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace palus::generation {

std::vector<bool> needed_by_tail(const Sequence& s, std::size_t keep_last) {
  const std::size_t n = s.size();
  std::vector<bool> needed(n, false);
  for (std::size_t k = n > keep_last ? n - keep_last : 0; k < n; ++k) needed[k] = true;
  auto refers_to_needed = [&](const Statement& statement) {
    for (const Input& in : statement.inputs)
      if (in.kind == InputKind::ref && in.ref < n && needed[in.ref]) return true;
    return false;
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t k = n; k-- > 0;) {
      if (!needed[k] && refers_to_needed(s[k])) {  // it may change an object the tail uses
        needed[k] = true;
        grew = true;
      }
      if (!needed[k]) continue;
      for (const Input& in : s[k].inputs) {
        if (in.kind != InputKind::ref || in.ref >= n || needed[in.ref]) continue;
        needed[in.ref] = true;
        grew = true;
      }
    }
  }
  return needed;
}

namespace {

/// `s` with only the statements `keep` marks; nullopt when a kept statement uses a dropped one.
std::optional<Sequence> only(const Sequence& s, const std::vector<bool>& keep) {
  Sequence out = s;
  for (std::size_t k = s.size(); k-- > 0;) {
    if (keep[k]) continue;
    std::optional<Sequence> shorter = out.without(k);
    if (!shorter) return std::nullopt;
    out = std::move(*shorter);
  }
  return out;
}

}  // namespace

Sequence minimise(const Sequence& failing, std::size_t keep_last,
                  const std::function<bool(const Sequence&)>& still_fails, std::size_t max_attempts) {
  Sequence current = failing;
  std::size_t attempts = 0;
  // First all at once: what the tail's objects do not involve. A long random sequence usually
  // fails on a few of its statements, and removing the others one by one cost a run each (a crash
  // costs a process), which the time allowed for minimising did not always cover.
  // A slice that did not fail: removing one statement can give it again (when it lacks only that
  // one), and it is not run twice.
  std::optional<Sequence> failed_slice;
  const std::vector<bool> needed = needed_by_tail(current, keep_last);
  if (std::find(needed.begin(), needed.end(), false) != needed.end() && attempts < max_attempts) {
    if (std::optional<Sequence> slice = only(current, needed)) {
      ++attempts;
      if (still_fails(*slice))
        current = std::move(*slice);
      else
        failed_slice = std::move(slice);
    }
  }
  bool changed = true;
  while (changed && attempts < max_attempts) {
    changed = false;
    // From the end, so that removing a statement frees the statements whose results it used.
    for (std::size_t k = current.size() > keep_last ? current.size() - keep_last : 0; k-- > 0;) {
      if (attempts >= max_attempts) break;
      auto shorter = current.without(k);
      if (!shorter || shorter == failed_slice) continue;
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
