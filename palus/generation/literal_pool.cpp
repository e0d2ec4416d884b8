#include "palus/generation/literal_pool.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>

#include "core/api_rules.hpp"
#include "core/names.hpp"
#include "harness/codegen/callable_plan.hpp"
#include "palus/generation/scalar_type.hpp"
#include "palus/generation/token_swap.hpp"

namespace palus::generation {
namespace {

using api::TypeCategory;
using harness::protocol::Input;

std::optional<std::int64_t> parse_integer(const std::string& text) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::optional<std::uint64_t> parse_unsigned(const std::string& text) {
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::optional<double> parse_floating(const std::string& text) {
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

void mine(const std::vector<api::Literal>& literals, const std::vector<LiteralPool::Mined*>& into) {
  for (const auto& literal : literals) {
    for (auto* mined : into) {
      switch (literal.kind) {
        case api::Literal::Kind::integer:
          if (auto v = parse_integer(literal.value))
            mined->integers.push_back(*v);
          else if (auto u = parse_unsigned(literal.value))
            mined->above_int64.push_back(*u);
          break;
        case api::Literal::Kind::character:
          if (auto v = parse_integer(literal.value)) mined->characters.push_back(*v);
          break;
        case api::Literal::Kind::floating:
          if (auto v = parse_floating(literal.value)) mined->floats.push_back(*v);
          break;
        case api::Literal::Kind::string:
          mined->strings.push_back(literal.value);
          break;
      }
    }
  }
}

/// An integer input for `type` when `v` fits it; nullopt otherwise.
std::optional<Input> integer_input(const ScalarType& t, std::int64_t v) {
  if (t.is_signed) {
    if (v < t.min() || v > t.max()) return std::nullopt;
    return Input::integer(v);
  }
  if (v < 0 || static_cast<std::uint64_t>(v) > t.umax()) return std::nullopt;
  return Input::unsigned_integer(static_cast<std::uint64_t>(v));
}

std::vector<Input> integer_boundaries(const ScalarType& t) {
  std::vector<Input> out;
  for (std::int64_t v : {0, 1, -1, 2, 3, 10, 100, -100})
    if (auto in = integer_input(t, v)) out.push_back(*in);
  if (t.is_signed) {
    out.push_back(Input::integer(t.min()));
    out.push_back(Input::integer(t.max()));
  } else {
    out.push_back(Input::unsigned_integer(t.umax()));
  }
  return out;
}

std::vector<Input> floating_boundaries(const ScalarType& t) {
  const bool single = t.bits == 32;
  std::vector<Input> out;
  for (double v : {0.0, -0.0, 1.0, -1.0, 0.5, 3.25, -1e3}) out.push_back(Input::floating(v));
  out.push_back(Input::floating(std::numeric_limits<double>::quiet_NaN()));
  out.push_back(Input::floating(std::numeric_limits<double>::infinity()));
  out.push_back(Input::floating(-std::numeric_limits<double>::infinity()));
  out.push_back(Input::floating(single ? std::numeric_limits<float>::max() : std::numeric_limits<double>::max()));
  out.push_back(Input::floating(single ? std::numeric_limits<float>::lowest() : std::numeric_limits<double>::lowest()));
  out.push_back(Input::floating(single ? std::numeric_limits<float>::min() : std::numeric_limits<double>::min()));
  return out;
}

std::vector<Input> string_boundaries() {
  return {Input::string(""),
          Input::string("a"),
          Input::string("hello world"),
          Input::string("0"),
          Input::string(" "),
          Input::string("line\nbreak\t\"quoted\"\\"),
          Input::string(std::string(300, 'x'))};
}

/// The last enumerator `name` = `value`, after `position` others, is the enum's count (jsoncpp's
/// numberOfCommentPlacement, FOO_COUNT, kNumColors): no value a caller passes, and one the library
/// indexes its arrays with.
bool is_count_sentinel(const std::string& name, std::int64_t value, std::size_t position) {
  if (value != static_cast<std::int64_t>(position)) return false;
  const std::vector<std::string> words = names::words_of(name);
  auto has = [&](const char* w) { return std::find(words.begin(), words.end(), w) != words.end(); };
  // Two words at least: a lone `Max` or `Num` may be a value (`{Min, Mean, Max}`).
  return words.size() >= 2 && ((has("number") && has("of")) || has("count") || has("num") || has("size") || has("max"));
}

}  // namespace

LiteralPool::LiteralPool(const api::Api& api) {
  for (const auto& e : api.enums) {
    auto& values = enums_[e.name];
    for (std::size_t k = 0; k < e.values.size(); ++k)
      if (!(k + 1 == e.values.size() && is_count_sentinel(e.values[k].first, e.values[k].second, k)))
        values.push_back(e.values[k].second);
  }
  auto add = [&](const api::Callable& c) {
    std::vector<Mined*> into{&by_callable_[c.id], &everywhere_};
    if (!c.owner.empty()) into.push_back(&by_class_[c.owner]);
    mine(c.literals, into);
  };
  for (const auto& cls : api.classes) {
    for (const auto& c : cls.constructors) add(c);
    for (const auto& c : cls.methods) add(c);
  }
  for (const auto& f : api.functions) add(f);
  add_param_values(api);
}

void LiteralPool::add_param_values(const api::Api& api) {
  std::vector<const api::Callable*> all;
  for (const auto& cls : api.classes) {
    for (const auto& c : cls.constructors) all.push_back(&c);
    for (const auto& c : cls.methods) all.push_back(&c);
  }
  for (const auto& f : api.functions) all.push_back(&f);
  for (const auto& o : api.oracles) all.push_back(&o.function);
  for (const auto& given : api.param_values) {
    Mined values;
    mine(given.values, {&values});
    if (given.callable.empty()) {
      Mined& into = by_type_[given.type];
      mine(given.values, {&into});
      continue;
    }
    for (const api::Callable* c : all) {
      if (api::written_name(*c) != given.callable) continue;
      for (const auto& p : c->params)
        if (p.name == given.param) add_values(c->id, p.name, given_values(p.type, values));
    }
  }
}

std::vector<Input> LiteralPool::given_values(const api::TypeRef& type, const Mined& given) const {
  std::vector<Input> out;
  switch (type.category) {
    case TypeCategory::boolean:
      for (std::int64_t v : given.integers) out.push_back(Input::boolean(v != 0));
      return out;
    case TypeCategory::enumeration:
      for (std::int64_t v : given.integers) out.push_back(Input::integer(v));
      return out;
    case TypeCategory::character: {
      const ScalarType t = scalar_type(type.base);
      for (const auto* list : {&given.characters, &given.integers})
        for (std::int64_t v : *list)
          if (integer_input(t, v)) out.push_back(Input::integer(v));
      return out;
    }
    default:
      return mined_values(type, given);
  }
}

void LiteralPool::add_sample_texts(const std::vector<std::string>& texts) {
  std::set<std::string> known;
  for (const auto& in : sample_texts_) known.insert(in.s);
  for (const auto& text : texts) {
    if (!known.insert(text).second) continue;
    sample_texts_.push_back(Input::string(text));
    if (text.size() >= kDocument) sample_documents_.push_back(Input::string(text));
  }
  dictionaries_.clear();
}

void LiteralPool::add_values(const std::string& callable_id, const std::string& param, std::vector<Input> values) {
  auto& list = extra_[callable_id + "\n" + param];
  list.insert(list.end(), std::make_move_iterator(values.begin()), std::make_move_iterator(values.end()));
}

std::vector<Input> LiteralPool::boundary_values(const api::TypeRef& type) const {
  switch (type.category) {
    case TypeCategory::boolean:
      return {Input::boolean(false), Input::boolean(true)};
    case TypeCategory::integer:
      return integer_boundaries(scalar_type(type.base));
    case TypeCategory::character: {
      std::vector<Input> out;
      for (std::int64_t ch : {'a', 'Z', '0', ' ', '\0', '\n', '\''}) out.push_back(Input::integer(ch));
      return out;
    }
    case TypeCategory::floating:
      return floating_boundaries(scalar_type(type.base));
    case TypeCategory::string:
    case TypeCategory::cstring:
    case TypeCategory::istream:
      return string_boundaries();
    case TypeCategory::ostream:           // a fresh stream: nothing to choose
    case TypeCategory::function_pointer:  // one function (AnyFunction)
      return {Input::string("")};
    case TypeCategory::enumeration: {
      std::vector<Input> out;
      if (auto found = enums_.find(type.base); found != enums_.end())
        for (std::int64_t v : found->second) out.push_back(Input::integer(v));
      if (out.empty()) out.push_back(Input::integer(0));
      return out;
    }
    default:
      return {};
  }
}

std::vector<Input> LiteralPool::mined_values(const api::TypeRef& type, const Mined& mined) const {
  std::vector<Input> out;
  switch (type.category) {
    case TypeCategory::integer: {
      const ScalarType t = scalar_type(type.base);
      for (std::int64_t v : mined.integers)
        if (auto in = integer_input(t, v)) out.push_back(*in);
      if (!t.is_signed)
        for (std::uint64_t v : mined.above_int64)
          if (v <= t.umax()) out.push_back(Input::unsigned_integer(v));
      break;
    }
    case TypeCategory::character:
      for (std::int64_t v : mined.characters) out.push_back(Input::integer(v));
      break;
    case TypeCategory::floating:
      for (double v : mined.floats) out.push_back(Input::floating(v));
      for (std::int64_t v : mined.integers) out.push_back(Input::floating(static_cast<double>(v)));
      break;
    case TypeCategory::string:
    case TypeCategory::cstring:
    case TypeCategory::istream:
      for (const auto& s : mined.strings) out.push_back(Input::string(s));
      break;
    default:
      break;
  }
  return out;
}

const std::vector<Input>& LiteralPool::values_for(const api::TypeRef& type, const Mined* mined) const {
  auto key = std::make_tuple(mined, type.category, type.base);
  auto found = values_.find(key);
  if (found == values_.end())
    found = values_.emplace(std::move(key), mined ? mined_values(type, *mined) : boundary_values(type)).first;
  return found->second;
}

Input LiteralPool::pick(const api::TypeRef& type, const api::Callable* callable, Random& random,
                        const std::string& param) const {
  if (type.category == TypeCategory::ostream || type.category == TypeCategory::function_pointer)
    return Input::string("");
  const bool text = type.category == TypeCategory::string || type.category == TypeCategory::cstring ||
                    type.category == TypeCategory::istream;
  if (callable && !param.empty()) {
    auto found = extra_.find(callable->id + "\n" + param);
    if (found != extra_.end() && !found->second.empty() && random.chance(0.5)) {
      return neighbour(random.one_of(found->second), *callable, param, random);
    }
  }
  if (text &&
      !sample_texts_.empty()) {  // one time in ten a whole document (a fuzzer's seed corpus), one in twenty any text
    const double dice = random.unit();
    if (dice < 0.1 && !sample_documents_.empty()) return random.one_of(sample_documents_);
    if (dice < 0.15) return random.one_of(sample_texts_);
  }
  if (callable) {
    if (auto typed = by_type_.find(type.base); typed != by_type_.end()) {
      const std::vector<Input>& given = typed_values(type, typed->second);
      if (!given.empty() && random.chance(0.5)) return random.one_of(given);
    }
    // Mined literals: the callable's own first, then its class's, then the library's.
    const double dice = random.unit();
    const Mined* source = nullptr;
    if (dice < 0.35) {
      if (auto own = by_callable_.find(callable->id); own != by_callable_.end()) source = &own->second;
    } else if (dice < 0.5) {
      source = mined_for_class(callable->owner);
    } else if (dice < 0.6) {
      source = &everywhere_;
    }
    if (source) {
      const std::vector<Input>& mined = values_for(type, source);
      if (!mined.empty()) return random.one_of(mined);
    }
  }
  const std::vector<Input>& values = values_for(type, nullptr);
  if (values.empty()) return Input::integer(0);
  return random.one_of(values);
}

const std::vector<Input>& LiteralPool::typed_values(const api::TypeRef& type, const Mined& given) const {
  auto key = std::make_pair(type.category, type.base);
  auto found = typed_.find(key);
  if (found == typed_.end()) found = typed_.emplace(std::move(key), given_values(type, given)).first;
  return found->second;
}

Input LiteralPool::neighbour(const Input& text, const api::Callable& callable, const std::string& param,
                             Random& random) const {
  if (text.kind != harness::protocol::InputKind::string || !random.chance(1.0 / 3)) return text;
  std::string swapped = text.s;
  if (!swap_token(swapped, dictionary(callable, param), random)) return text;
  return Input::string(std::move(swapped));
}

const std::vector<std::string>& LiteralPool::dictionary(const api::Callable& callable, const std::string& param) const {
  const std::string key = callable.id + "\n" + param;
  if (auto found = dictionaries_.find(key); found != dictionaries_.end()) return found->second;
  // The library's own strings are mostly messages; only its short ones look like syntax.
  constexpr std::size_t kShortString = 16;
  std::set<std::string> tokens;
  auto add_mined = [&](const Mined* mined, std::size_t max_length) {
    if (!mined) return;
    for (const auto& s : mined->strings)
      if (!s.empty() && s.size() <= max_length) tokens.insert(s);
    for (std::int64_t ch : mined->characters)
      if (ch > 0 && ch < 256) tokens.insert(std::string(1, static_cast<char>(ch)));
  };
  if (auto own = by_callable_.find(callable.id); own != by_callable_.end()) add_mined(&own->second, 256);
  add_mined(mined_for_class(callable.owner), 256);
  add_mined(&everywhere_, kShortString);
  // A user's short texts ("Name", "<node>") are tokens, the first kSampleTokens of them (the
  // callable's own stay most of the dictionary); the long ones are drawn whole by pick().
  constexpr std::size_t kSampleToken = 64, kSampleTokens = 64;
  std::size_t taken = 0;
  for (const auto& in : sample_texts_)
    if (in.s.size() <= kSampleToken && taken++ < kSampleTokens) tokens.insert(in.s);
  if (auto extra = extra_.find(key); extra != extra_.end())
    for (const auto& in : extra->second)
      if (in.kind == harness::protocol::InputKind::string && !in.s.empty()) tokens.insert(in.s);
  return dictionaries_.emplace(key, std::vector<std::string>(tokens.begin(), tokens.end())).first->second;
}

const LiteralPool::Mined* LiteralPool::mined_for_class(const std::string& owner) const {
  auto found = by_class_.find(owner);
  return found == by_class_.end() ? nullptr : &found->second;
}

}  // namespace palus::generation
