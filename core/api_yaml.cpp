#include "core/api_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include "core/api_yaml_keys.hpp"
#include "core/enum_names.hpp"

namespace palus::api {

std::string_view to_string(Passing p) {
  return enum_name<Passing::const_pointer>(p, {"value", "ref", "const_ref", "rvalue_ref", "pointer", "const_pointer"});
}

std::string_view to_string(TypeCategory c) {
  return enum_name<TypeCategory::function_pointer>(
      c, {"void", "bool", "integer", "floating", "char", "string", "cstring", "enum", "class", "other", "istream",
          "ostream", "function_pointer"});
}

std::string_view to_string(CallableKind k) {
  return enum_name<CallableKind::function>(k, {"constructor", "method", "static_method", "function"});
}

std::string_view to_string(Literal::Kind k) {
  return enum_name<Literal::Kind::character>(k, {"integer", "floating", "string", "char"});
}

std::string_view to_string(Oracle::Kind k) { return enum_name<Oracle::Kind::invariant>(k, {"theory", "invariant"}); }

}  // namespace palus::api

namespace palus::analysis {
namespace {

class Writer {
 public:
  explicit Writer(std::filesystem::path base) : base_(std::move(base)) { out_.SetDoublePrecision(10); }

  std::string text(const api::Api& api, const std::string& version) {
    out_ << YAML::BeginMap;
    out_ << YAML::Key << "palus_version" << YAML::Value << version;
    out_ << YAML::Key << "relevance" << YAML::Value << api.tfidf_formula;
    sequence("classes", api.classes);
    sequence("functions", api.functions);
    sequence("enums", api.enums);
    out_ << YAML::Key << "unsupported" << YAML::Value << YAML::BeginSeq;
    for (const auto& u : api.unsupported) {
      out_ << YAML::Flow << YAML::BeginMap << YAML::Key << "entity" << YAML::Value << u.entity << YAML::Key << "reason"
           << YAML::Value << u.reason << YAML::Key << "file" << YAML::Value << file(u.file) << YAML::Key << "line"
           << YAML::Value << u.line << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
    // Written only when there are theories headers, so other api.yaml files keep their text.
    if (!api.oracles.empty()) {
      sequence("oracles", api.oracles);
    }
    if (!api.param_values.empty()) {
      sequence("param_values", api.param_values);
    }
    out_ << YAML::EndMap;
    return std::string(out_.c_str()) + "\n";
  }

 private:
  std::string file(const std::string& path) const {
    if (path.empty()) return path;
    std::filesystem::path rel = std::filesystem::path(path).lexically_relative(base_);
    return rel.empty() || rel.string().rfind("..", 0) == 0 ? path : rel.string();
  }

  /// `key`: a block sequence of `items`, each as write() writes it.
  template <typename Item>
  void sequence(const char* key, const std::vector<Item>& items) {
    out_ << YAML::Key << key << YAML::Value << YAML::BeginSeq;
    for (const Item& item : items) write(item);
    out_ << YAML::EndSeq;
  }

  void strings(const char* key, const std::vector<std::string>& values) {
    out_ << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& v : values) out_ << v;
    out_ << YAML::EndSeq;
  }

  void type(const api::TypeRef& t) {
    out_ << YAML::Flow << YAML::BeginMap << YAML::Key << "type" << YAML::Value << t.spelling << YAML::Key << "base"
         << YAML::Value << t.base << YAML::Key << "passing" << YAML::Value << std::string(to_string(t.passing))
         << YAML::Key << "category" << YAML::Value << std::string(to_string(t.category)) << YAML::EndMap;
  }

  void write(const api::Callable& c) {
    out_ << YAML::BeginMap;
    out_ << YAML::Key << "id" << YAML::Value << c.id;
    out_ << YAML::Key << "name" << YAML::Value << c.name;
    out_ << YAML::Key << "kind" << YAML::Value << std::string(to_string(c.kind));
    if (!c.constructor_kind.empty()) out_ << YAML::Key << "constructor_kind" << YAML::Value << c.constructor_kind;
    if (c.is_instantiation) out_ << YAML::Key << "template_args" << YAML::Value << c.template_args;
    place(c);
    strings("flags", flags_set(c, callable_flags));
    out_ << YAML::Key << "returns" << YAML::Value;
    type(c.result);
    out_ << YAML::Key << "params" << YAML::Value << YAML::BeginSeq;
    for (const auto& p : c.params) {
      out_ << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << p.name << YAML::Key << "type"
           << YAML::Value << p.type.spelling << YAML::Key << "base" << YAML::Value << p.type.base << YAML::Key
           << "passing" << YAML::Value << std::string(to_string(p.type.passing)) << YAML::Key << "category"
           << YAML::Value << std::string(to_string(p.type.category)) << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
    strings("reads", c.reads);
    strings("writes", c.writes);
    literals("literals", c.literals);
    out_ << YAML::EndMap;
  }

  void literals(const char* key, const std::vector<api::Literal>& values) {
    out_ << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const auto& l : values) {
      out_ << YAML::Flow << YAML::BeginMap << YAML::Key << std::string(to_string(l.kind)) << YAML::Value
           << YAML::DoubleQuoted << l.value << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
  }

  void write(const api::Oracle& o) {
    out_ << YAML::BeginMap;
    out_ << YAML::Key << "kind" << YAML::Value << std::string(to_string(o.kind));
    out_ << YAML::Key << "function" << YAML::Value;
    write(o.function);
    out_ << YAML::EndMap;
  }

  void write(const api::ParamValues& pv) {
    out_ << YAML::BeginMap;
    out_ << YAML::Key << "callable" << YAML::Value << pv.callable;
    out_ << YAML::Key << "param" << YAML::Value << pv.param;
    out_ << YAML::Key << "type" << YAML::Value << pv.type;
    literals("values", pv.values);
    place(pv);
    out_ << YAML::EndMap;
  }

  /// The keys of the flags `of` has set, in the table's order.
  template <typename T>
  static std::vector<std::string> flags_set(const T& of, const FlagTable<T>& table) {
    std::vector<std::string> set;
    for (const auto& [key, member] : table)
      if (of.*member) set.emplace_back(key);
    return set;
  }

  /// Where a declaration is: its `file` and `line`.
  template <typename Declared>
  void place(const Declared& declared) {
    out_ << YAML::Key << "file" << YAML::Value << file(declared.file) << YAML::Key << "line" << YAML::Value
         << declared.line;
  }

  void write(const api::Class& c) {
    out_ << YAML::BeginMap;
    out_ << YAML::Key << "name" << YAML::Value << c.name;
    out_ << YAML::Key << "kind" << YAML::Value << c.kind;
    if (c.instantiates) out_ << YAML::Key << "instantiates" << YAML::Value << *c.instantiates;
    place(c);
    out_ << YAML::Key << "abstract" << YAML::Value << c.is_abstract;
    strings("bases", c.bases);
    strings("subclasses", c.subclasses);
    const auto& t = c.traits;
    out_ << YAML::Key << "traits" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& [key, member] : class_traits) out_ << YAML::Key << std::string(key) << YAML::Value << t.*member;
    out_ << YAML::EndMap;
    out_ << YAML::Key << "fields" << YAML::Value << YAML::BeginSeq;
    for (const auto& f : c.fields) {
      out_ << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << f.name << YAML::Key << "type"
           << YAML::Value << f.type.spelling << YAML::Key << "access" << YAML::Value << f.access << YAML::Key
           << "static" << YAML::Value << f.is_static;
      if (f.is_bitfield) out_ << YAML::Key << "bitfield" << YAML::Value << true;     // written only when true
      if (f.starts_null) out_ << YAML::Key << "starts_null" << YAML::Value << true;  // written only when true
      out_ << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
    sequence("constructors", c.constructors);
    sequence("methods", c.methods);
    out_ << YAML::Key << "dependences" << YAML::Value << YAML::BeginSeq;
    for (const auto& d : c.dependences) {
      out_ << YAML::BeginMap << YAML::Key << "method" << YAML::Value << d.method << YAML::Key << "depends_on"
           << YAML::Value << d.on;
      strings("kinds", flags_set(d, dependence_kinds));
      strings("fields", d.fields);
      out_ << YAML::Key << "relevance" << YAML::Value << d.relevance << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
    out_ << YAML::EndMap;
  }

  void write(const api::Enum& e) {
    out_ << YAML::BeginMap;
    out_ << YAML::Key << "name" << YAML::Value << e.name;
    out_ << YAML::Key << "underlying" << YAML::Value << e.underlying;
    out_ << YAML::Key << "scoped" << YAML::Value << e.is_scoped;
    place(e);
    out_ << YAML::Key << "values" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& [name, value] : e.values) out_ << YAML::Key << name << YAML::Value << value;
    out_ << YAML::EndMap << YAML::EndMap;
  }

  std::filesystem::path base_;
  YAML::Emitter out_;
};

}  // namespace

std::string api_to_yaml(const api::Api& api, const std::filesystem::path& base_dir, const std::string& version) {
  return Writer(base_dir).text(api, version);
}

}  // namespace palus::analysis
