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
  /// `cap_per_type`: at most this many entries are listed per type, so memory stays bounded on long
  /// runs; past it a new one takes the place of a random one of the callable that made the most.
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
  /// Half the draws take every object listed as likely as another, so what runs make most (the
  /// model's and the sample's ways) comes most; the other half take every callable that made one
  /// as likely as another, so an object only a rare call makes (Value(bool) beside a thousand
  /// Value::operator[] results) still reaches the calls that take one (GRT's diversity of inputs).
  std::optional<Pick> pick(const std::string& type, Random& random, bool writable = false) const;

  std::size_t size() const { return size_; }  ///< sequences added (duplicates excluded)
  std::size_t types() const { return by_type_.size(); }

 private:
  struct Entry {
    Sequence sequence;
    std::vector<std::uint32_t> statements;  ///< statements yielding the type, all made by one callable
  };
  using Entries = std::vector<std::shared_ptr<const Entry>>;
  /// The entries of one type, by the callable that made the object (a sequence making it in two
  /// ways is listed under both), cap_ in all; a maker is listed only while it has an entry.
  struct Makers {
    std::map<std::uint32_t, Entries> by_maker;
    std::size_t total = 0;  ///< entries over all makers
  };
  std::size_t cap_;
  std::size_t size_ = 0;
  /// The entries of `type` (read-only ones listed under a key of their own); null when none.
  const Makers* listed(const std::string& type, bool read_only) const;
  std::map<std::string, Makers> by_type_;
  std::unordered_set<std::uint64_t> hashes_;  ///< of every sequence added, to drop exact duplicates
};

}  // namespace palus::generation
