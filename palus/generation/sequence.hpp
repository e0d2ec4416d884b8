#pragma once
// A call sequence (DESIGN §6): statements whose inputs are literals or results of earlier
// statements. A Sequence is an immutable value; extending or editing one makes a new one.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "harness/protocol/protocol.hpp"

namespace palus::generation {

using harness::protocol::Input;
using harness::protocol::InputKind;
using harness::protocol::Statement;

class Sequence {
 public:
  Sequence();

  const std::vector<Statement>& statements() const { return *statements_; }
  const Statement& operator[](std::size_t i) const { return (*statements_)[i]; }
  std::size_t size() const { return statements_->size(); }
  bool empty() const { return statements_->empty(); }

  /// This sequence and then `statement` (whose refs point into this sequence).
  Sequence extended(Statement statement) const;
  /// This sequence and then `more`, in order (one copy, however many there are).
  Sequence extended(std::vector<Statement> more) const;

  /// The parts one after another; refs of each part are moved by its offset. `offsets[i]` is
  /// where part i starts in the result.
  static Sequence concatenated(const std::vector<const Sequence*>& parts, std::vector<std::uint32_t>& offsets);

  /// Without statement `index`, later refs renumbered; nullopt when a later statement uses its result.
  std::optional<Sequence> without(std::size_t index) const;

  /// Statements `[0, count)`.
  Sequence prefix(std::size_t count) const;

  /// The same statements with input `input` of statement `statement` replaced by `value` (a
  /// literal, or a ref to an earlier statement).
  Sequence with_input(std::size_t statement, std::size_t input, Input value) const;

  /// Whether a later statement uses the result of statement `index`.
  bool is_used(std::size_t index) const;

  harness::protocol::RunRequest request(std::uint64_t id, bool observe) const;

  /// Structural hash and equality: same callables with the same inputs, in the same order.
  std::uint64_t hash() const { return hash_; }
  bool operator==(const Sequence& other) const;

 private:
  explicit Sequence(std::vector<Statement> statements);

  std::shared_ptr<const std::vector<Statement>> statements_;
  std::uint64_t hash_ = 0;
};

/// Equality of two inputs, bit-exact for floating point (so -0.0 != 0.0 and NaN == NaN).
bool same_input(const Input& a, const Input& b);

}  // namespace palus::generation
