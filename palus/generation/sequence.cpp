#include "palus/generation/sequence.hpp"

#include <bit>
#include <cstring>

#include "core/hash.hpp"

namespace palus::generation {
namespace {

/// hash_mix over every statement and input, then a final avalanche.
std::uint64_t hash_of(const std::vector<Statement>& statements) {
  std::uint64_t h = hash::kSeed;
  for (const auto& s : statements) {
    h = hash::mix(h, s.callable);
    for (const auto& in : s.inputs) {
      h = hash::mix(h, static_cast<std::uint64_t>(in.kind));
      switch (in.kind) {
        case InputKind::ref:
          h = hash::mix(h, in.ref);
          break;
        case InputKind::null_pointer:
          break;
        case InputKind::boolean:
        case InputKind::signed_integer:
          h = hash::mix(h, static_cast<std::uint64_t>(in.i));
          break;
        case InputKind::unsigned_integer:
          h = hash::mix(h, in.u);
          break;
        case InputKind::floating:
          h = hash::mix(h, std::bit_cast<std::uint64_t>(in.d));
          break;
        case InputKind::string:
          for (unsigned char ch : in.s) h = hash::mix(h, ch);
          h = hash::mix(h, in.s.size());
          break;
      }
    }
    h = hash::mix(h, 0xff);
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

}  // namespace

bool same_input(const Input& a, const Input& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case InputKind::ref:
      return a.ref == b.ref;
    case InputKind::null_pointer:
      return true;
    case InputKind::boolean:
    case InputKind::signed_integer:
      return a.i == b.i;
    case InputKind::unsigned_integer:
      return a.u == b.u;
    case InputKind::floating:
      return std::bit_cast<std::uint64_t>(a.d) == std::bit_cast<std::uint64_t>(b.d);
    case InputKind::string:
      return a.s == b.s;
  }
  return false;
}

Sequence::Sequence() : Sequence(std::vector<Statement>{}) {}

Sequence::Sequence(std::vector<Statement> statements)
    : statements_(std::make_shared<const std::vector<Statement>>(std::move(statements))),
      hash_(hash_of(*statements_)) {}

Sequence Sequence::extended(Statement statement) const {
  std::vector<Statement> more;
  more.push_back(std::move(statement));
  return extended(std::move(more));
}

Sequence Sequence::extended(std::vector<Statement> more) const {
  std::vector<Statement> out;
  out.reserve(size() + more.size());
  out.insert(out.end(), statements_->begin(), statements_->end());
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  return Sequence(std::move(out));
}

Sequence Sequence::concatenated(const std::vector<const Sequence*>& parts, std::vector<std::uint32_t>& offsets) {
  std::vector<Statement> out;
  offsets.clear();
  for (const Sequence* part : parts) {
    const auto offset = static_cast<std::uint32_t>(out.size());
    offsets.push_back(offset);
    for (Statement s : part->statements()) {
      for (auto& in : s.inputs)
        if (in.kind == InputKind::ref) in.ref += offset;
      out.push_back(std::move(s));
    }
  }
  return Sequence(std::move(out));
}

bool Sequence::is_used(std::size_t index) const {
  for (std::size_t k = index + 1; k < size(); ++k)
    for (const auto& in : (*statements_)[k].inputs)
      if (in.kind == InputKind::ref && in.ref == index) return true;
  return false;
}

std::optional<Sequence> Sequence::without(std::size_t index) const {
  if (index >= size() || is_used(index)) return std::nullopt;
  std::vector<Statement> out;
  out.reserve(size() - 1);
  for (std::size_t k = 0; k < size(); ++k) {
    if (k == index) continue;
    Statement s = (*statements_)[k];
    for (auto& in : s.inputs)
      if (in.kind == InputKind::ref && in.ref > index) --in.ref;
    out.push_back(std::move(s));
  }
  return Sequence(std::move(out));
}

Sequence Sequence::prefix(std::size_t count) const {
  if (count >= size()) return *this;
  return Sequence(
      std::vector<Statement>(statements_->begin(), statements_->begin() + static_cast<std::ptrdiff_t>(count)));
}

Sequence Sequence::with_input(std::size_t statement, std::size_t input, Input value) const {
  std::vector<Statement> out = *statements_;
  out.at(statement).inputs.at(input) = std::move(value);
  return Sequence(std::move(out));
}

harness::protocol::RunRequest Sequence::request(std::uint64_t id, bool observe) const {
  harness::protocol::RunRequest r;
  r.sequence_id = id;
  r.observe = observe;
  r.statements = *statements_;
  return r;
}

bool Sequence::operator==(const Sequence& other) const {
  if (hash_ != other.hash_ || size() != other.size()) return false;
  for (std::size_t k = 0; k < size(); ++k) {
    const Statement& a = (*statements_)[k];
    const Statement& b = other[k];
    if (a.callable != b.callable || a.inputs.size() != b.inputs.size()) return false;
    for (std::size_t i = 0; i < a.inputs.size(); ++i)
      if (!same_input(a.inputs[i], b.inputs[i])) return false;
  }
  return true;
}

}  // namespace palus::generation
