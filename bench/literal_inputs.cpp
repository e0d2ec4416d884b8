#include "bench/literal_inputs.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace palus::bench {
namespace {

using harness::protocol::Input;

// Strings for tinysql-like libraries, grouped by the parameter names they suit.
const std::vector<std::string> kUrls{"tinysql:demo", "tinysql:t", "tinysql:db_1",
                                     "tinysql:", "jdbc:mysql://localhost/x"};
const std::vector<std::string> kSql{
    "create table t (id int, name text)",
    "CREATE TABLE people (id INT, name TEXT, age INT)",
    "insert into t values (1, 'a')",
    "insert into t values (2, 'b'), (3, NULL)",
    "INSERT INTO people VALUES (1, 'alice', 34), (2, 'bob', 27)",
    "select * from t",
    "select name from t where id > 0",
    "SELECT name, age FROM people WHERE age >= 30",
    "update t set name = 'c' where id = 1",
    "delete from t where id < 2",
    "drop table t",
    "select from",
};
const std::vector<std::string> kKeys{"user", "User", "readonly", "ReadOnly", "password", ""};
const std::vector<std::string> kValues{"true", "false", "yes", "no", "1", "0", "maybe", "demo", "", "it's"};
const std::vector<std::string> kTables{"t", "people", "T", "missing", ""};
const std::vector<std::string> kColumns{"id", "name", "age", "NAME", "missing", ""};

std::vector<std::string> all_strings() {
  std::vector<std::string> all;
  for (const auto* pool : {&kUrls, &kSql, &kKeys, &kValues, &kTables, &kColumns})
    all.insert(all.end(), pool->begin(), pool->end());
  return all;
}

const std::vector<std::string>& strings_for(const std::string& param_name) {
  static const std::vector<std::string> all = all_strings();
  std::string name = param_name;
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return std::tolower(ch); });
  if (name.find("url") != std::string::npos) return kUrls;
  if (name.find("sql") != std::string::npos || name.find("query") != std::string::npos) return kSql;
  if (name.find("key") != std::string::npos) return kKeys;
  if (name.find("value") != std::string::npos || name.find("text") != std::string::npos) return kValues;
  if (name.find("table") != std::string::npos) return kTables;
  if (name.find("column") != std::string::npos || name == "name") return kColumns;
  return all;
}

std::vector<std::string> mined(const api::Callable& c, api::Literal::Kind kind) {
  std::vector<std::string> out;
  for (const auto& literal : c.literals)
    if (literal.kind == kind) out.push_back(literal.value);
  return out;
}

std::optional<std::int64_t> parse_integer(const std::string& text) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

Input integer_for(const api::Callable& c, const api::TypeRef& type, std::mt19937_64& rng) {
  const bool is_unsigned = is_unsigned_type(type.base);
  if (rng() % 4 == 0) {
    std::vector<std::int64_t> from_body;
    for (const auto& text : mined(c, api::Literal::Kind::integer))
      if (auto v = parse_integer(text); v && (!is_unsigned || *v >= 0) && *v > -1000 && *v < 1000)
        from_body.push_back(*v);
    if (!from_body.empty()) {
      std::int64_t v = one_of(from_body, rng);
      return is_unsigned ? Input::unsigned_integer(static_cast<std::uint64_t>(v)) : Input::integer(v);
    }
  }
  static const std::vector<std::int64_t> small_signed{-1, 0, 1, 1, 2, 2, 3, 5, 100};
  static const std::vector<std::int64_t> small_unsigned{0, 0, 1, 1, 2, 3, 5};
  if (is_unsigned) return Input::unsigned_integer(static_cast<std::uint64_t>(one_of(small_unsigned, rng)));
  return Input::integer(one_of(small_signed, rng));
}

}  // namespace

bool is_unsigned_type(const std::string& base) {
  return base.find("unsigned") != std::string::npos || base.find("size_t") != std::string::npos ||
         base.find("uint") != std::string::npos;
}

LiteralPicker::LiteralPicker(const api::Api& api) {
  for (const auto& e : api.enums) {
    auto& values = enums_[e.name];
    for (const auto& [name, value] : e.values) values.push_back(value);
  }
}

std::optional<Input> LiteralPicker::pick(const api::Callable& c, const api::Param& p, std::mt19937_64& rng) const {
  switch (p.type.category) {
    case api::TypeCategory::boolean:
      return Input::boolean(rng() % 2 == 1);
    case api::TypeCategory::integer:
      return integer_for(c, p.type, rng);
    case api::TypeCategory::floating: {
      static const std::vector<double> values{0.0, 1.5, -2.25, 1e3, 0.1};
      return Input::floating(one_of(values, rng));
    }
    case api::TypeCategory::character:
      return Input::integer('a' + static_cast<std::int64_t>(rng() % 26));
    case api::TypeCategory::string:
    case api::TypeCategory::cstring:
      return Input::string(pick_string(c, p, rng));
    case api::TypeCategory::enumeration: {
      auto it = enums_.find(p.type.base);
      if (it == enums_.end() || it->second.empty()) return Input::integer(0);
      return Input::integer(one_of(it->second, rng));
    }
    default:
      return std::nullopt;
  }
}

std::string LiteralPicker::pick_string(const api::Callable& c, const api::Param& p, std::mt19937_64& rng) const {
  if (rng() % 4 == 0) {
    std::vector<std::string> from_body = mined(c, api::Literal::Kind::string);
    if (!from_body.empty()) return one_of(from_body, rng);
  }
  return one_of(strings_for(p.name), rng);
}

}  // namespace palus::bench
