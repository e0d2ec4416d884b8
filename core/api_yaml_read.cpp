#include "core/api_yaml_read.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include "core/api_yaml_keys.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "core/yaml_describe.hpp"
#include "core/yaml_reader.hpp"

namespace palus::analysis {
namespace {

namespace fs = std::filesystem;

// Every value of each enum, so a spelling is parsed back by matching it against to_string().
constexpr std::array passings{api::Passing::value,      api::Passing::ref,     api::Passing::const_ref,
                              api::Passing::rvalue_ref, api::Passing::pointer, api::Passing::const_pointer};
constexpr std::array categories{
    api::TypeCategory::void_type,       api::TypeCategory::boolean,     api::TypeCategory::integer,
    api::TypeCategory::floating,        api::TypeCategory::character,   api::TypeCategory::string,
    api::TypeCategory::cstring,         api::TypeCategory::enumeration, api::TypeCategory::record,
    api::TypeCategory::other,           api::TypeCategory::istream,     api::TypeCategory::ostream,
    api::TypeCategory::function_pointer};
constexpr std::array callable_kinds{api::CallableKind::constructor, api::CallableKind::method,
                                    api::CallableKind::static_method, api::CallableKind::function};
constexpr std::array literal_kinds{api::Literal::Kind::integer, api::Literal::Kind::floating,
                                   api::Literal::Kind::string, api::Literal::Kind::character};
constexpr std::array oracle_kinds{api::Oracle::Kind::theory, api::Oracle::Kind::invariant};

class Reader : public YamlReader {
 public:
  Reader(std::string display, fs::path base) : YamlReader(std::move(display)), base_(std::move(base)) {}

  api::Api read(const YAML::Node& root) const {
    text(root, "palus_version");
    api::Api api;
    api.tfidf_formula = text(root, "relevance");
    for (const auto& n : list(root, "classes")) api.classes.push_back(cls(n));
    for (const auto& n : list(root, "functions")) api.functions.push_back(callable(n, ""));
    for (const auto& n : list(root, "enums")) api.enums.push_back(enumeration(n));
    for (const auto& n : list(root, "unsupported")) {
      api.unsupported.push_back({text(n, "entity"), text(n, "reason"), path(n, "file"), whole<unsigned>(n, "line")});
    }
    for (const auto& n : optional_list(root, "oracles")) api.oracles.push_back(oracle(n));
    for (const auto& n : optional_list(root, "param_values")) api.param_values.push_back(param_values(n));
    return api;
  }

 private:
  std::string text(const YAML::Node& map, std::string_view key) const { return scalar(get(map, key), key); }

  std::optional<std::string> optional_text(const YAML::Node& map, std::string_view key) const {
    if (map.IsMap() && !map[std::string(key)].IsDefined()) return std::nullopt;
    return text(map, key);
  }

  std::string path(const YAML::Node& map, std::string_view key) const {
    const std::string given = text(map, key);
    if (given.empty() || fs::path(given).is_absolute()) return given;
    return (base_ / given).lexically_normal().string();
  }

  template <typename T>
  T whole(const YAML::Node& map, std::string_view key) const {
    return whole_value<T>(get(map, key), key);
  }

  double number(const YAML::Node& map, std::string_view key) const {
    const YAML::Node value = get(map, key);
    double result = 0;
    if (!value.IsScalar() || !YAML::convert<double>::decode(value, result)) {
      fail_at(where(value), "expected '{}' to be a number, got {}", key, describe(value));
    }
    return result;
  }

  bool boolean(const YAML::Node& map, std::string_view key) const { return boolean_value(get(map, key), key); }

  bool optional_boolean(const YAML::Node& map, std::string_view key) const {
    return map.IsMap() && map[std::string(key)].IsDefined() && boolean(map, key);
  }

  YAML::Node list(const YAML::Node& map, std::string_view key) const { return YamlReader::list(get(map, key), key); }

  /// The list `key`, or an empty one when the map has no such key (sections written only when not empty).
  YAML::Node optional_list(const YAML::Node& map, std::string_view key) const {
    if (map.IsMap() && !map[std::string(key)].IsDefined()) return YAML::Node(YAML::NodeType::Sequence);
    return list(map, key);
  }

  /// Rejects a key of `map` that is not among `known`.
  void only_keys(const YAML::Node& map, std::initializer_list<std::string_view> known) const {
    for (const auto& entry : map) {
      const std::string key = scalar(entry.first, "key");
      if (std::find(known.begin(), known.end(), key) == known.end()) {
        fail_at(where(entry.first), "unknown key '{}' (expected one of {})", key, text::join(known));
      }
    }
  }

  std::vector<std::string> strings(const YAML::Node& map, std::string_view key) const {
    std::vector<std::string> result;
    for (const auto& item : list(map, key)) result.push_back(scalar(item, key));
    return result;
  }

  template <typename E, std::size_t N>
  E one_of_value(const YAML::Node& value, std::string_view what, const std::array<E, N>& all) const {
    const std::string given = scalar(value, what);
    for (E e : all) {
      if (api::to_string(e) == given) return e;
    }
    std::vector<std::string_view> names;
    for (E e : all) names.push_back(api::to_string(e));
    fail_at(where(value), "expected '{}' to be one of {}, got '{}'", what, text::join(names), given);
  }
  template <typename E, std::size_t N>
  E one_of(const YAML::Node& map, std::string_view key, const std::array<E, N>& all) const {
    return one_of_value(get(map, key), key, all);
  }

  /// Sets the members named in the list `key` (flags, kinds).
  template <typename T>
  void flags(const YAML::Node& map, std::string_view key, const FlagTable<T>& table, T& target) const {
    for (const auto& item : list(map, key)) {
      const std::string given = scalar(item, key);
      const auto it = std::find_if(table.begin(), table.end(), [&](const auto& entry) { return entry.first == given; });
      if (it == table.end()) {
        std::vector<std::string_view> names;
        for (const auto& entry : table) names.push_back(entry.first);
        fail_at(where(item), "expected '{}' entries to be among {}, got '{}'", key, text::join(names), given);
      }
      target.*(it->second) = true;
    }
  }

  api::TypeRef type(const YAML::Node& map) const {
    return {text(map, "type"), text(map, "base"), one_of(map, "passing", passings),
            one_of(map, "category", categories)};
  }

  api::Literal literal(const YAML::Node& map) const {
    if (!map.IsMap() || map.size() != 1) {
      fail_at(where(map), "expected a literal like {{integer: \"42\"}}, got {}", describe(map));
    }
    const auto entry = map.begin();
    return {one_of_value(entry->first, "literal kind", literal_kinds), scalar(entry->second, "literal")};
  }

  api::Callable callable(const YAML::Node& map, const std::string& owner) const {
    api::Callable c;
    c.id = text(map, "id");
    c.name = text(map, "name");
    c.owner = owner;
    c.kind = one_of(map, "kind", callable_kinds);
    c.constructor_kind = optional_text(map, "constructor_kind").value_or("");
    if (auto args = optional_text(map, "template_args")) {
      c.template_args = *args;
      c.is_instantiation = true;
    }
    read_place(map, c);
    flags(map, "flags", callable_flags, c);
    c.result = type(get(map, "returns"));
    for (const auto& p : list(map, "params")) c.params.push_back({text(p, "name"), type(p)});
    c.reads = strings(map, "reads");
    c.writes = strings(map, "writes");
    for (const auto& l : list(map, "literals")) c.literals.push_back(literal(l));
    return c;
  }

  api::Oracle oracle(const YAML::Node& map) const {
    get(map, "kind");  // a map, before its keys are checked
    only_keys(map, {"kind", "function"});
    return {one_of(map, "kind", oracle_kinds), callable(get(map, "function"), "")};
  }

  api::ParamValues param_values(const YAML::Node& map) const {
    get(map, "callable");
    only_keys(map, {"callable", "param", "type", "values", "file", "line"});
    api::ParamValues pv;
    pv.callable = text(map, "callable");
    pv.param = text(map, "param");
    pv.type = text(map, "type");
    for (const auto& l : list(map, "values")) pv.values.push_back(literal(l));
    read_place(map, pv);
    return pv;
  }

  /// Where a declaration is: its `file` and `line`.
  template <typename Declared>
  void read_place(const YAML::Node& map, Declared& declared) const {
    declared.file = path(map, "file");
    declared.line = whole<unsigned>(map, "line");
  }

  api::Class cls(const YAML::Node& map) const {
    api::Class c;
    c.name = text(map, "name");
    c.kind = text(map, "kind");
    c.instantiates = optional_text(map, "instantiates");
    read_place(map, c);
    c.is_abstract = boolean(map, "abstract");
    c.bases = strings(map, "bases");
    c.subclasses = strings(map, "subclasses");
    const YAML::Node traits = get(map, "traits");
    for (const auto& [key, member] : class_traits) c.traits.*member = boolean(traits, key);
    for (const auto& f : list(map, "fields")) {
      api::Field field{text(f, "name"),
                       {},
                       text(f, "access"),
                       boolean(f, "static"),
                       optional_boolean(f, "bitfield"),
                       optional_boolean(f, "starts_null")};
      field.type.spelling = text(f, "type");  // only the spelling is written for fields
      c.fields.push_back(std::move(field));
    }
    for (const auto& n : list(map, "constructors")) c.constructors.push_back(callable(n, c.name));
    for (const auto& n : list(map, "methods")) c.methods.push_back(callable(n, c.name));
    for (const auto& n : list(map, "dependences")) {
      api::Dependence d;
      d.method = text(n, "method");
      d.on = text(n, "depends_on");
      flags(n, "kinds", dependence_kinds, d);
      d.fields = strings(n, "fields");
      d.relevance = number(n, "relevance");
      c.dependences.push_back(std::move(d));
    }
    return c;
  }

  api::Enum enumeration(const YAML::Node& map) const {
    api::Enum e;
    e.name = text(map, "name");
    e.underlying = text(map, "underlying");
    e.is_scoped = boolean(map, "scoped");
    read_place(map, e);
    const YAML::Node values = get(map, "values");
    if (!values.IsMap())
      fail_at(where(values), "expected 'values' to be a map like {{A: 0}}, got {}", describe(values));
    for (const auto& v : values) {
      const std::string name = scalar(v.first, "enumerator");
      e.values.emplace_back(name, whole_value<std::int64_t>(v.second, name));
    }
    return e;
  }

  fs::path base_;
};

}  // namespace

api::Api read_api_yaml(const fs::path& file, const fs::path& base_dir) {
  const Reader reader(file.string(), base_dir);
  return read_yaml_file(file, "the api.yaml that 'palus analyze' writes",
                        [&](const YAML::Node& root) { return reader.read(root); });
}

}  // namespace palus::analysis
