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
    /// Reached through a const reference or pointer to const (Value::nullSingleton()): only
    /// calls that leave it unchanged may take it.
    bool read_only = false;
  };

  /// Adds a sequence whose execution was normal. Returns false for an exact duplicate.
  bool add(const Sequence& sequence, const std::vector<Yield>& yields, Random& random);

  /// Whether some sequence yields `type`; with `writable`, one that a call may change.
  bool has(const std::string& type, bool writable = false) const;

  struct Pick {
    Sequence sequence;
    std::uint32_t statement = 0;  ///< where in `sequence` the object of the type is made
  };
  /// A random sequence yielding `type`, and one of the statements that yields it; with
  /// `writable`, never an object reached only through a const reference or pointer to const.
  std::optional<Pick> pick(const std::string& type, Random& random, bool writable = false) const;

  std::size_t size() const { return size_; }  ///< sequences added (duplicates excluded)
  std::size_t types() const { return by_type_.size(); }

 private:
  struct Entry {
    Sequence sequence;
    std::vector<std::uint32_t> statements;  ///< statements yielding the type this entry is listed under
  };
  std::size_t cap_;
  std::size_t size_ = 0;
  using Entries = std::vector<std::shared_ptr<const Entry>>;
  /// The entries of `type` (read-only ones listed under a key of their own).
  const Entries* entries(const std::string& type, bool read_only) const;

  std::map<std::string, Entries> by_type_;
  std::unordered_set<std::uint64_t> hashes_;  ///< of every sequence added, to drop exact duplicates
};

}  // namespace palus::generation
