#pragma once
// The pool of normal sequences (DESIGN §6), indexed by the record types their statements leave
// behind, so that an input of type T can be drawn from a sequence that makes a T.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "palus/generation/random.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

class Pool {
 public:
  /// `cap_per_type`: at most this many sequences are kept per type; past it a new one replaces a
  /// randomly chosen one, so memory stays bounded on long runs.
  explicit Pool(std::size_t cap_per_type = 5000) : cap_(cap_per_type) {}

  /// A statement index of a sequence and the type it yields there.
  struct Yield {
    std::uint32_t statement = 0;
    std::string type;
  };

  /// Adds a sequence whose execution was normal. Returns false for an exact duplicate.
  bool add(const Sequence& sequence, const std::vector<Yield>& yields, Random& random);

  /// Whether some sequence yields `type`.
  bool has(const std::string& type) const;

  struct Pick {
    Sequence sequence;
    std::uint32_t statement = 0;  ///< where in `sequence` the object of the type is made
  };
  /// A random sequence yielding `type`, and one of the statements that yields it.
  std::optional<Pick> pick(const std::string& type, Random& random) const;

  std::size_t size() const { return size_; }  ///< sequences added (duplicates excluded)
  std::size_t types() const { return by_type_.size(); }

 private:
  struct Entry {
    Sequence sequence;
    std::vector<std::uint32_t> statements;  ///< statements yielding the type this entry is listed under
  };
  std::size_t cap_;
  std::size_t size_ = 0;
  std::map<std::string, std::vector<std::shared_ptr<const Entry>>> by_type_;
  std::unordered_set<std::uint64_t> hashes_;  ///< of every sequence added, to drop exact duplicates
};

}  // namespace palus::generation
