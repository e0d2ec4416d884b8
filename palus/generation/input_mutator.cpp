#include "palus/generation/input_mutator.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string_view>

#include "palus/generation/scalar_type.hpp"
#include "palus/generation/token_swap.hpp"

namespace palus::generation {
namespace {

using api::TypeCategory;

/// Whether `in` holds a value of type `t` (characters are signed inputs whatever their type).
bool fits(const ScalarType& t, const Input& in) {
  if (in.kind == InputKind::signed_integer)
    return t.is_signed ? in.i >= t.min() && in.i <= t.max() : in.i >= 0 && static_cast<std::uint64_t>(in.i) <= t.umax();
  if (in.kind == InputKind::unsigned_integer)
    return t.is_signed ? in.u <= static_cast<std::uint64_t>(t.max()) : in.u <= t.umax();
  return false;
}

std::string param_name(const InputNeed& need) { return need.param ? need.param->name : std::string(); }

/// A span [begin, end) of ASCII digits in `s` (with a leading '-'), or begin == end when none.
std::pair<std::size_t, std::size_t> digits_at(const std::string& s, std::size_t from) {
  auto is_digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  std::size_t begin = from;
  while (begin < s.size() && !is_digit(s[begin])) ++begin;
  if (begin == s.size()) return {0, 0};
  std::size_t end = begin;
  while (end < s.size() && is_digit(s[end])) ++end;
  if (begin > 0 && s[begin - 1] == '-') --begin;
  return {begin, end};
}

}  // namespace

bool InputMutator::mutable_input(const Input& input, const InputNeed& need) {
  if (!need.literal || need.derived || need.type.category == TypeCategory::ostream ||
      need.type.category == TypeCategory::function_pointer)
    return false;
  switch (input.kind) {
    case InputKind::ref:
    case InputKind::null_pointer:
      return false;
    default:
      return true;
  }
}

Input InputMutator::fresh(const InputNeed& need, const CallableInfo& callable, Random& random) const {
  return literals_.pick(need.type, callable.callable, random, param_name(need));
}

Input InputMutator::mutate(const Input& input, const InputNeed& need, const CallableInfo& callable, Random& random,
                           const std::vector<std::string>& others) const {
  if (!mutable_input(input, need)) return input;
  switch (input.kind) {
    case InputKind::boolean:
      return Input::boolean(input.i == 0);
    case InputKind::string: {
      static const std::vector<std::string> none;
      const std::vector<std::string>& dictionary =
          callable.callable ? literals_.dictionary(*callable.callable, param_name(need)) : none;
      std::string bytes = mutate_bytes(input.s, dictionary, others, random);
      // A C string ends at its first NUL: what follows it is no part of the input.
      if (need.type.category == TypeCategory::cstring) bytes.erase(std::min(bytes.find('\0'), bytes.size()));
      return Input::string(std::move(bytes));
    }
    case InputKind::floating:
      return mutate_floating(input, need, callable, random);
    case InputKind::signed_integer:
    case InputKind::unsigned_integer:
      if (need.type.category == TypeCategory::enumeration) return fresh(need, callable, random);
      return mutate_integer(input, need, callable, random);
    default:
      return input;
  }
}

Input InputMutator::mutate_integer(const Input& input, const InputNeed& need, const CallableInfo& callable,
                                   Random& random) const {
  const ScalarType t = scalar_type(need.type.base);
  if (random.chance(0.3)) return fresh(need, callable, random);
  const bool is_signed = input.kind == InputKind::signed_integer;
  // Arithmetic on the two's complement bits, then checked against the type's range.
  const std::uint64_t bits = is_signed ? static_cast<std::uint64_t>(input.i) : input.u;
  std::uint64_t changed = bits;
  switch (random.below(5)) {
    case 0:
    case 1: {  // a small step
      const auto step = static_cast<std::uint64_t>(1 + random.below(16));
      changed = random.chance(0.5) ? bits + step : bits - step;
      break;
    }
    case 2: {  // a bit flipped, below a signed type's sign bit (which would leave its range)
      const unsigned width = std::max(1u, std::min(t.bits, 64u) - (t.is_signed && t.bits > 1 ? 1 : 0));
      changed = bits ^ (std::uint64_t{1} << random.below(width));
      break;
    }
    case 3: {
      const bool doubled = random.chance(0.5);
      changed = doubled ? bits * 2 : (is_signed ? static_cast<std::uint64_t>(input.i / 2) : bits / 2);
      break;
    }
    default:
      changed = ~bits + 1;  // negated
      break;
  }
  Input out = is_signed ? Input::integer(static_cast<std::int64_t>(changed)) : Input::unsigned_integer(changed);
  if (need.type.category == TypeCategory::character || t.known) {
    if (!fits(t, out)) return fresh(need, callable, random);
  }
  return out;
}

Input InputMutator::mutate_floating(const Input& input, const InputNeed& need, const CallableInfo& callable,
                                    Random& random) const {
  const double v = input.d;
  double out = v;
  switch (random.below(6)) {
    case 0:
      return fresh(need, callable, random);
    case 1:
      out = -v;
      break;
    case 2:
      out = v * 2;
      break;
    case 3:
      out = v / 2;
      break;
    case 4: {
      const double sign = random.chance(0.5) ? 1.0 : -1.0;
      out = v + sign * static_cast<double>(1 + random.below(10));
      break;
    }
    default:
      out = std::trunc(v);
      break;
  }
  // The written test spells a NaN as quiet_NaN(), whose sign bit is clear; a float parameter
  // cannot hold a finite double past its range.
  if (std::isnan(out)) return Input::floating(std::numeric_limits<double>::quiet_NaN());
  if (scalar_type(need.type.base).bits == 32 && std::isfinite(out) &&
      std::fabs(out) > std::numeric_limits<float>::max())
    return fresh(need, callable, random);
  return Input::floating(out);
}

std::string InputMutator::mutate_bytes(std::string s, const std::vector<std::string>& dictionary,
                                       const std::vector<std::string>& others, Random& random) const {
  auto position = [&](bool at_end_too) { return random.below(s.size() + (at_end_too ? 1 : 0)); };
  auto token = [&]() -> std::string_view {
    if (!dictionary.empty() && (others.empty() || random.chance(0.8))) return random.one_of(dictionary);
    if (!others.empty()) {
      const std::string& other = random.one_of(others);
      if (other.empty()) return {};
      const std::size_t from = random.below(other.size());
      return std::string_view(other).substr(from, 1 + random.below(std::min<std::size_t>(other.size() - from, 32)));
    }
    return {};
  };
  switch (random.below(s.empty() ? 3 : 11)) {
    case 0: {  // a byte inserted: mostly printable, sometimes any
      const auto byte =
          random.chance(0.9) ? static_cast<char>(32 + random.below(95)) : static_cast<char>(random.below(256));
      s.insert(position(true), 1, byte);
      break;
    }
    case 1:
    case 2: {  // a token of the library's literals (or of another input) inserted
      const std::string_view t = token();
      s.insert(position(true), t);
      break;
    }
    case 3: {  // a range erased
      const std::size_t at = position(false);
      s.erase(at, 1 + random.below(std::min<std::size_t>(s.size() - at, 8)));
      break;
    }
    case 4: {  // a token written over what is there
      const std::string_view t = token();
      const std::size_t at = position(false);
      s.replace(at, std::min(t.size(), s.size() - at), t);
      break;
    }
    case 5: {  // a byte changed
      char& byte = s[position(false)];
      byte = random.chance(0.5) ? static_cast<char>(32 + random.below(95))
                                : static_cast<char>(byte ^ (1 << random.below(8)));
      break;
    }
    case 6: {  // a part of itself copied elsewhere (nesting: "[[[", "<a><a>")
      const std::size_t from = position(false);
      const std::string part = s.substr(from, 1 + random.below(std::min<std::size_t>(s.size() - from, 16)));
      s.insert(position(true), part);
      break;
    }
    case 7: {  // spliced: this one's head and another's tail
      if (others.empty()) break;
      const std::string& other = random.one_of(others);
      const std::size_t head = position(true);
      const std::size_t tail = other.empty() ? 0 : random.below(other.size());
      s = s.substr(0, head) + other.substr(tail);
      break;
    }
    case 8: {  // a number in the text changed
      const auto [begin, end] = digits_at(s, position(false));
      if (begin == end) break;
      static const std::vector<std::string> numbers{"0",
                                                    "-1",
                                                    "1",
                                                    "2",
                                                    "10",
                                                    "255",
                                                    "256",
                                                    "65536",
                                                    "2147483648",
                                                    "-2147483649",
                                                    "18446744073709551616",
                                                    "1e308",
                                                    "0.5",
                                                    "1e-400"};
      s.replace(begin, end - begin, random.one_of(numbers));
      break;
    }
    case 9: {  // a token of the dictionary in the text swapped for another of its kind
      if (!swap_token(s, dictionary, random)) s.insert(position(true), token());
      break;
    }
    default:  // cut short
      s.resize(random.below(s.size()));
      break;
  }
  if (s.size() > max_string_) s.resize(max_string_);
  return s;
}

}  // namespace palus::generation
