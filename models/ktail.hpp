#pragma once
// kTail generalisation of call-sequence models (Biermann and Feldman; Palus §5.4.6).

#include <cstdint>

#include "models/model.hpp"

namespace palus::models {

/// Merges, in every class model, the nodes whose k-tails are equal, then renumbers each model's
/// nodes densely (the root stays 0, the others keep their relative order) and every Dependence
/// into the new numbering. The k-tail of a node is the set of label sequences of length k that
/// leave it, plus the shorter ones that end at a node without outgoing transitions (marked as
/// ending). Tails are computed once, on the model as given. The root is never merged. Merged
/// transitions with the same (from, label, to) become one (absorb()). Sets model.ktail = k;
/// k == 0 does nothing.
void merge_ktail(Model& model, std::uint32_t k);

}  // namespace palus::models
