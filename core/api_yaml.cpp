#include "core/api_yaml.hpp"

#include <yaml-cpp/yaml.h>

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
    out_ << YAML::Key << "classes" << YAML::Value << YAML::BeginSeq;
    for (const auto& c : api.classes) write(c);
    out_ << YAML::EndSeq;
    out_ << YAML::Key << "functions" << YAML::Value << YAML::BeginSeq;
    for (const auto& f : api.functions) write(f);
    out_ << YAML::EndSeq;
    out_ << YAML::Key << "enums" << YAML::Value << YAML::BeginSeq;
    for (const auto& e : api.enums) write(e);
    out_ << YAML::EndSeq;
    out_ << YAML::Key << "unsupported" << YAML::Value << YAML::BeginSeq;
    for (const auto& u : api.unsupported) {
      out_ << YAML::Flow << YAML::BeginMap << YAML::Key << "entity" << YAML::Value << u.entity << YAML::Key << "reason"
           << YAML::Value << u.reason << YAML::Key << "file" << YAML::Value << file(u.file) << YAML::Key << "line"
           << YAML::Value << u.line << YAML::EndMap;
    }
    out_ << YAML::EndSeq;
    // Written only when there are theories headers, so other api.yaml files keep their text.
    if (!api.oracles.empty()) {
      out_ << YAML::Key << "oracles" << YAML::Value << YAML::BeginSeq;
      for (const auto& o : api.oracles) write(o);
      out_ << YAML::EndSeq;
    }
    if (!api.param_values.empty()) {
      out_ << YAML::Key << "param_values" << YAML::Value << YAML::BeginSeq;
      for (const auto& pv : api.param_values) write(pv);
      out_ << YAML::EndSeq;
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
    std::vector<std::string> flags;
    if (c.is_const) flags.push_back("const");
    if (c.is_virtual) flags.push_back("virtual");
    if (c.is_pure) flags.push_back("pure");
    if (c.is_operator) flags.push_back("operator");
    if (c.is_implicit) flags.push_back("implicit");
    if (c.is_noexcept) flags.push_back("noexcept");
    if (c.returns_this) flags.push_back("returns_this");
    strings("flags", flags);
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
    out_ << YAML::Key << "default_constructible" << YAML::Value << t.default_constructible;
    out_ << YAML::Key << "copy_constructible" << YAML::Value << t.copy_constructible;
    out_ << YAML::Key << "move_constructible" << YAML::Value << t.move_constructible;
    out_ << YAML::Key << "copy_assignable" << YAML::Value << t.copy_assignable;
    out_ << YAML::Key << "destructible" << YAML::Value << t.destructible;
    out_ << YAML::Key << "equality_comparable" << YAML::Value << t.equality_comparable;
    out_ << YAML::Key << "less_comparable" << YAML::Value << t.less_comparable;
    out_ << YAML::Key << "hashable" << YAML::Value << t.hashable;
    out_ << YAML::Key << "printable" << YAML::Value << t.printable;
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
    out_ << YAML::Key << "constructors" << YAML::Value << YAML::BeginSeq;
    for (const auto& ctor : c.constructors) write(ctor);
    out_ << YAML::EndSeq;
    out_ << YAML::Key << "methods" << YAML::Value << YAML::BeginSeq;
    for (const auto& m : c.methods) write(m);
    out_ << YAML::EndSeq;
    out_ << YAML::Key << "dependences" << YAML::Value << YAML::BeginSeq;
    for (const auto& d : c.dependences) {
      std::vector<std::string> kinds;
      if (d.write_read) kinds.push_back("write-read");
      if (d.read_read) kinds.push_back("read-read");
      out_ << YAML::BeginMap << YAML::Key << "method" << YAML::Value << d.method << YAML::Key << "depends_on"
           << YAML::Value << d.on;
      strings("kinds", kinds);
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
