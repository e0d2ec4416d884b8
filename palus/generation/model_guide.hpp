#pragma once
// The call-sequence models of `palus model` bound to the harness's callables: which transitions
// the generator can follow (their callable is in the harness and puts the model's object where
// the transition says), what leaves each node, and which callables no model covers (Figure 7).

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "models/model.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// A node of one class model: (index in Model::classes, node id).
struct NodeKey {
  std::uint32_t model = 0;
  std::uint32_t node = 0;
  auto operator<=>(const NodeKey&) const = default;
};

struct GuidedTransition {
  std::uint32_t model = 0;
  const models::Transition* transition = nullptr;
  const CallableInfo* callable = nullptr;
  /// What the sample passed in input `slot`, or null when nothing was recorded there.
  const models::SlotConstraint* constraint(std::uint32_t slot) const;
  NodeKey to() const { return {model, transition->to}; }
};

class ModelGuide {
 public:
  ModelGuide(const models::Model& model, const Catalog& catalog);

  const models::Model& model() const { return model_; }
  /// Followable transitions leaving `node` (empty for leaves and unknown nodes).
  const std::vector<GuidedTransition>& outgoing(NodeKey node) const;
  /// Models whose root has a followable transition.
  const std::vector<std::uint32_t>& rooted() const { return rooted_; }
  std::optional<std::uint32_t> model_of(const std::string& cls) const;
  /// Usable callables (not contracts) that no followable transition calls.
  const std::vector<const CallableInfo*>& uncovered() const { return uncovered_; }
  std::size_t followable() const { return followable_; }
  std::size_t unfollowable() const { return unfollowable_; }

 private:
  const models::Model& model_;
  std::map<NodeKey, std::vector<GuidedTransition>> outgoing_;
  std::vector<std::uint32_t> rooted_;
  std::vector<const CallableInfo*> uncovered_;
  std::map<std::string, std::uint32_t> model_by_class_;
  std::size_t followable_ = 0, unfollowable_ = 0;
};

/// A value the sample passed, as an input of a parameter of `type`; nullopt when it does not fit.
std::optional<Input> recorded_input(const api::TypeRef& type, const models::TraceValue& value);

/// Whether an object of class `cls` can be passed where `record` is wanted (same class or a base).
bool passes_as(const api::Api* api, const std::string& cls, const std::string& record);

}  // namespace palus::generation
