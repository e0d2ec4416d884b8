#pragma once
// What `palus analyze` learns about the library under test; written to api.yaml (DESIGN §3, §5).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace palus::api {

/// How a parameter or result is passed.
enum class Passing { value, ref, const_ref, rvalue_ref, pointer, const_pointer };

/// What kind of value sits behind the reference or pointer.
enum class TypeCategory {
  void_type,
  boolean,
  integer,
  floating,
  character,
  string,
  cstring,
  enumeration,
  record,
  other,
  /// A narrow input stream (std::istream, by reference or pointer): a string the harness and the
  /// written test wrap in a std::istringstream.
  istream,
  /// A narrow output stream (std::ostream): a fresh std::ostringstream, whose text is what the
  /// call reports when it returns nothing else (written_stream, api_rules.hpp).
  ostream,
  /// A pointer to a function, by value (a callback: muparser's `fun_type2`, `double (*)(double)`):
  /// the harness and the written test pass a function of that signature (AnyFunction,
  /// harness/codegen/any_function.hpp). `base` is the whole type.
  function_pointer
};

struct TypeRef {
  std::string spelling;  ///< fully qualified and compilable: "const std::string &"
  std::string base;      ///< without references, pointer and const: "std::string"
  Passing passing = Passing::value;
  TypeCategory category = TypeCategory::other;
};

struct Param {
  std::string name;  ///< as declared; "arg<N>" when unnamed
  TypeRef type;
};

struct Literal {
  enum class Kind { integer, floating, string, character };
  Kind kind = Kind::integer;
  std::string value;  ///< integers and characters in decimal, floating in shortest round-trip form, strings raw
  auto operator<=>(const Literal&) const = default;
};

enum class CallableKind { constructor, method, static_method, function };

struct Callable {
  std::string id;     ///< unique signature: "tinysql::Statement::executeQuery(const std::string &)"
  std::string name;   ///< "executeQuery", "operator==", "as<int>" (an instantiation that names its arguments)
  std::string owner;  ///< qualified class of a constructor or method; empty for free functions
  CallableKind kind = CallableKind::method;
  TypeRef result;  ///< void for constructors
  std::vector<Param> params;
  bool is_const = false, is_virtual = false, is_pure = false, is_operator = false;
  bool is_implicit = false;  ///< implicit default or copy constructor (no source)
  bool is_noexcept = false;
  /// Its body was seen and every return in it gives the object itself (`return *this;`): a builder
  /// or assignment, whose result is its receiver, not a part of it.
  bool returns_this = false;
  std::string constructor_kind;  ///< default | copy | move | converting | other (constructors only)
  /// An instantiation of a function template (analysis's menu of types): the types its type
  /// parameters were given ("int, std::string"); empty when every template parameter is a pack
  /// (left empty) or defaulted. Always empty for a plain function.
  std::string template_args;
  bool is_instantiation = false;
  std::string file;
  unsigned line = 0;
  std::vector<std::string> reads, writes;  ///< qualified fields ("ns::Class::field_"), private callees merged
  std::vector<Literal> literals;           ///< mined from the body and its merged callees
};

struct Field {
  std::string name;
  TypeRef type;
  std::string access;  ///< public | protected | private
  bool is_static = false;
  bool is_bitfield = false;  ///< cannot be pointed to by a member pointer
  /// A raw pointer or a pointer to a function without a default member initializer: what
  /// value-initialising its class (`T{}` through an implicit default constructor) leaves null.
  bool starts_null = false;
};

/// Method `method` depends on method `on` (Palus §3.2): it reads a field `on` writes (write-read)
/// or that both read (read-read). relevance = sum over `fields` of tfidf(field, method).
struct Dependence {
  std::string method, on;
  bool write_read = false, read_read = false;
  std::vector<std::string> fields;
  double relevance = 0;
};

/// Answers of the compiler about a class, asked from outside it (so access is respected).
struct ClassTraits {
  bool default_constructible = false, copy_constructible = false, move_constructible = false;
  bool copy_assignable = false, destructible = false;
  bool equality_comparable = false, less_comparable = false, hashable = false, printable = false;
};

struct Class {
  std::string name;                         ///< qualified; the alias name for a template instantiation
  std::string kind;                         ///< class | struct
  std::optional<std::string> instantiates;  ///< "ns::Box<int>" when named through an alias
  std::string file;
  unsigned line = 0;
  bool is_abstract = false;
  std::vector<std::string> bases;       ///< public bases, qualified
  std::vector<std::string> subclasses;  ///< concrete or not, within the analysed classes
  ClassTraits traits;
  std::vector<Field> fields;
  std::vector<Callable> constructors;
  std::vector<Callable> methods;  ///< including static methods and member operators
  std::vector<Dependence> dependences;
};

struct Enum {
  std::string name;
  std::string underlying;
  bool is_scoped = false;
  std::string file;
  unsigned line = 0;
  std::vector<std::pair<std::string, std::int64_t>> values;
};

struct Unsupported {
  std::string entity;
  std::string reason;
  std::string file;
  unsigned line = 0;
};

/// A theory or an invariant of a theories header (oracles/include/palus/theory.hpp, DESIGN §8).
struct Oracle {
  enum class Kind { theory, invariant };
  Kind kind = Kind::theory;
  /// The function the macro wrote: kind `function`, its qualified name, parameters, file and line.
  /// For an invariant, the one parameter is the checked type ("ns::T &").
  Callable function;
};

/// PALUS_PARAM_VALUES / PALUS_TYPE_VALUES: values the generator draws for a parameter.
struct ParamValues {
  std::string callable;  ///< qualified name as written ("tinysql::Statement::executeQuery", a theory's name); empty for
                         ///< the per-type form
  std::string param;     ///< the parameter's name; empty for the per-type form
  std::string type;      ///< per-type form: the type's qualified base ("std::string", "int")
  std::vector<Literal> values;
  std::string file;
  unsigned line = 0;
};

struct Api {
  std::vector<Class> classes;             ///< sorted by name
  std::vector<Callable> functions;        ///< free functions and operators, sorted by id
  std::vector<Enum> enums;                ///< sorted by name
  std::vector<Unsupported> unsupported;   ///< sorted by entity
  std::string tfidf_formula;              ///< recorded so readers of api.yaml know what relevance means
  std::vector<Oracle> oracles;            ///< theories and invariants, sorted by function id
  std::vector<ParamValues> param_values;  ///< in the order of the headers
};

std::string_view to_string(Passing);
std::string_view to_string(TypeCategory);
std::string_view to_string(CallableKind);
std::string_view to_string(Literal::Kind);
std::string_view to_string(Oracle::Kind);

}  // namespace palus::api
