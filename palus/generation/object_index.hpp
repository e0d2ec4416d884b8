#pragma once
// Where Palus Figure 8 looks for an object argument before it falls back to the type: sequences
// whose object reached a given model node (GetSequenceByState) and sequences whose object ended
// with a given abstract profile (GetSequenceByProfile). Both keep a bounded random sample.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "palus/generation/model_guide.hpp"
#include "palus/generation/random.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// A sequence and the statement whose result is the object it is about.
struct Tracked {
  Sequence sequence;
  std::uint32_t statement = 0;
};

class ObjectIndex {
 public:
  explicit ObjectIndex(std::size_t cap_per_key = 256) : cap_(cap_per_key) {}

  void reached(NodeKey node, Tracked tracked, Random& random);
  std::optional<Tracked> by_state(NodeKey node, Random& random) const;

  void profiled(const std::string& type, const std::string& profile, Tracked tracked, Random& random);
  std::optional<Tracked> by_profile(const std::string& type, const std::string& profile, Random& random) const;

  std::size_t states() const { return by_state_.size(); }
  std::size_t profiles() const { return by_profile_.size(); }

 private:
  void keep(std::vector<Tracked>& list, Tracked tracked, Random& random) const;
  std::size_t cap_;
  std::map<NodeKey, std::vector<Tracked>> by_state_;
  std::map<std::pair<std::string, std::string>, std::vector<Tracked>> by_profile_;
};

}  // namespace palus::generation
