#include "models/ktail.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace palus::models {
namespace {

constexpr int kEnds = -1;         // closes a tail that stops at a node without outgoing transitions
using Tail = std::vector<int>;    // label numbers
using Tails = std::vector<Tail>;  // sorted, distinct

/// The k-tails of a class model's nodes, labels numbered so tails compare cheaply.
class TailFinder {
 public:
  explicit TailFinder(const ClassModel& model) : outgoing_(model.nodes.size()) {
    std::map<TransitionLabel, int> numbers;
    for (const Transition& t : model.transitions) {
      const int number = numbers.try_emplace(label_of(t), static_cast<int>(numbers.size())).first->second;
      outgoing_[t.from].emplace_back(number, t.to);
    }
  }

  const Tails& tails(std::uint32_t node, std::uint32_t length) {
    const auto known = memo_.find({node, length});
    if (known != memo_.end()) return known->second;
    Tails found;
    if (length == 0) {
      found.emplace_back();
    } else if (outgoing_[node].empty()) {
      found.push_back({kEnds});
    } else {
      for (const auto& [label, to] : outgoing_[node]) {
        for (const Tail& rest : tails(to, length - 1)) {
          Tail tail{label};
          tail.insert(tail.end(), rest.begin(), rest.end());
          found.push_back(std::move(tail));
        }
      }
      std::sort(found.begin(), found.end());
      found.erase(std::unique(found.begin(), found.end()), found.end());
    }
    return memo_.emplace(std::pair(node, length), std::move(found)).first->second;
  }

 private:
  std::vector<std::vector<std::pair<int, std::uint32_t>>> outgoing_;  // per node: (label, to)
  std::map<std::pair<std::uint32_t, std::uint32_t>, Tails> memo_;
};

/// Merges the nodes of `model` with equal k-tails; returns the new id of every old node.
std::vector<std::uint32_t> merge_class(ClassModel& model, std::uint32_t k) {
  const std::size_t count = model.nodes.size();
  TailFinder finder(model);
  std::vector<std::uint32_t> kept(count, 0);  // the node each one merges into: the first with its tails
  std::map<Tails, std::uint32_t> first_with;
  for (std::uint32_t n = 1; n < count; ++n) kept[n] = first_with.try_emplace(finder.tails(n, k), n).first->second;

  std::vector<std::uint32_t> new_id(count, 0);
  std::uint32_t next = 0;
  for (std::uint32_t n = 0; n < count; ++n) {
    if (kept[n] == n) new_id[n] = next++;
  }
  for (std::uint32_t n = 0; n < count; ++n) new_id[n] = new_id[kept[n]];

  std::vector<Node> nodes(next);
  for (std::uint32_t n = 0; n < count; ++n) {
    Node& into = nodes[new_id[n]];
    into.id = new_id[n];
    into.objects += model.nodes[n].objects;
    for (const auto& profile : model.nodes[n].profiles) detail::add_distinct(into.profiles, profile, std::equal_to<>());
  }

  std::vector<Transition> transitions;
  std::map<std::tuple<std::uint32_t, TransitionLabel, std::uint32_t>, std::size_t> index;
  for (Transition& t : model.transitions) {
    t.from = new_id[t.from];
    t.to = new_id[t.to];
    const auto [it, added] = index.try_emplace({t.from, label_of(t), t.to}, transitions.size());
    if (added) {
      transitions.push_back(std::move(t));
    } else {
      absorb(transitions[it->second], t);
    }
  }
  model.nodes = std::move(nodes);
  model.transitions = std::move(transitions);
  return new_id;
}

void renumber_dependences(Model& model, const std::map<std::string, std::vector<std::uint32_t>>& new_ids) {
  for (ClassModel& cls : model.classes) {
    for (Transition& t : cls.transitions) {
      for (SlotConstraint& slot : t.slots) {
        std::vector<Dependence> renumbered;
        for (Dependence d : slot.dependences) {
          const auto ids = new_ids.find(d.cls);
          if (ids != new_ids.end() && d.node < ids->second.size()) d.node = ids->second[d.node];
          detail::add_distinct(renumbered, d, std::equal_to<>());
        }
        slot.dependences = std::move(renumbered);
      }
    }
  }
}

}  // namespace

void merge_ktail(Model& model, std::uint32_t k) {
  if (k == 0) return;
  model.ktail = k;
  std::map<std::string, std::vector<std::uint32_t>> new_ids;
  for (ClassModel& cls : model.classes) new_ids[cls.cls] = merge_class(cls, k);
  renumber_dependences(model, new_ids);
}

}  // namespace palus::models
