#pragma once
// A mini Randoop for the throughput benchmark: random, type-correct call sequences over the
// callables a harness offers. Good enough to load the harness realistically; not the generator.

#include <cstdint>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/names.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::bench {

/// The harness's callables (in harness-table order) with what api.yaml says about each.
struct Catalog {
  const api::Api* api = nullptr;
  std::vector<const api::Callable*> callables;  ///< null where the id is not in api.yaml
};

/// Throws std::runtime_error when no harness callable is found in the Api.
Catalog make_catalog(const api::Api& api, const std::vector<std::string>& harness_ids);

using names::smart_pointee;  // T of std::unique_ptr<T> / std::shared_ptr<T>

/// The record type a statement calling `c` leaves in the pool ("" if none): the owner for
/// constructors, T for results of type T, std::unique_ptr<T> or std::shared_ptr<T>.
std::string yielded_type(const api::Callable& c);

/// The object `p` wants from the pool ("" for literals): its `base`. A statement yielding
/// std::unique_ptr<T> supplies both T (the harness dereferences) and std::unique_ptr<T>.
std::string wanted_type(const api::TypeRef& p);

struct SequenceOptions {
  std::size_t count = 50000;
  std::size_t min_length = 1, max_length = 20;
  std::uint64_t seed = 0;
};

/// `count` sequences; sequence_id is the position, observe is left true. Deterministic for a seed.
std::vector<harness::protocol::RunRequest> random_sequences(const Catalog& catalog, const SequenceOptions& options);

}  // namespace palus::bench
