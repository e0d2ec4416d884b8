#pragma once
// Helpers of the generation tests: statements, sequences, api.yaml entities, and the small
// library most generation tests use.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/api.hpp"
#include "harness/executor/outcome.hpp"
#include "palus/generation/sequence.hpp"
#include "unit/core/api_builders.hpp"

namespace palus::generation::fixtures {

using harness::Outcome;
using harness::OutcomeKind;
using harness::protocol::Input;
using harness::protocol::InputKind;
using harness::protocol::Statement;
using namespace palus::testing;  // the api:: builders

inline Statement call(std::uint32_t callable, std::vector<Input> inputs = {}) {
  Statement s;
  s.callable = callable;
  s.inputs = std::move(inputs);
  return s;
}

inline Sequence make(const std::vector<Statement>& statements) {
  Sequence s;
  for (const auto& st : statements) s = s.extended(st);
  return s;
}

inline Input ref(std::uint32_t k) { return Input::result_of(k); }

inline api::TypeRef int_type() { return type("int", "int", api::Passing::value, api::TypeCategory::integer); }

inline api::TypeRef record_type(const std::string& base, api::Passing passing) {
  return type(spelled(base, passing), base, passing, api::TypeCategory::record);
}

inline api::Param param(std::string name, api::TypeRef t) {
  api::Param p;
  p.name = std::move(name);
  p.type = std::move(t);
  return p;
}

// The small library of the catalog, random step, contract and feedback tests:
//   ns::A:     A(int); void use(const ns::Other &); std::unique_ptr<ns::Other> make() ;
//              void peek(ns::Other *); void take(std::unique_ptr<ns::Other>); void raw(void *)
//   ns::Other: Other()
//   int ns::free_fn(int, const std::string &)
// and the harness's table: those, a contract check on ns::A (one and two objects), and an id
// palus does not know.
struct Library {
  api::Api api;
  std::vector<std::string> ids;

  static constexpr std::uint32_t kACtor = 0;
  static constexpr std::uint32_t kUse = 1;
  static constexpr std::uint32_t kMake = 2;
  static constexpr std::uint32_t kPeek = 3;
  static constexpr std::uint32_t kTake = 4;
  static constexpr std::uint32_t kOtherCtor = 5;
  static constexpr std::uint32_t kFree = 6;
  static constexpr std::uint32_t kReflexive = 7;
  static constexpr std::uint32_t kHashConsistent = 8;
  static constexpr std::uint32_t kUnknown = 9;
  static constexpr std::uint32_t kRaw = 10;

  Library() {
    using api::CallableKind;
    using api::Passing;
    using api::TypeCategory;
    api::Class a;
    a.name = "ns::A";
    a.kind = "class";
    a.constructors.push_back(
        callable("ns::A::A(int)", "A", "ns::A", CallableKind::constructor, {param("n", int_type())}));
    a.methods.push_back(
        callable("ns::A::use(const ns::Other &)", "use", "ns::A", CallableKind::method,
                 {param("other", type("const ns::Other &", "ns::Other", Passing::const_ref, TypeCategory::record))}));
    a.methods.push_back(callable(
        "ns::A::make()", "make", "ns::A", CallableKind::method, {},
        type("std::unique_ptr<ns::Other>", "std::unique_ptr<ns::Other>", Passing::value, TypeCategory::record)));
    a.methods.push_back(
        callable("ns::A::peek(ns::Other *)", "peek", "ns::A", CallableKind::method,
                 {param("p", type("ns::Other *", "ns::Other", Passing::pointer, TypeCategory::record))}));
    a.methods.push_back(callable("ns::A::take(std::unique_ptr<ns::Other>)", "take", "ns::A", CallableKind::method,
                                 {param("p", type("std::unique_ptr<ns::Other>", "std::unique_ptr<ns::Other>",
                                                  Passing::value, TypeCategory::record))}));
    a.methods.push_back(callable("ns::A::raw(void *)", "raw", "ns::A", CallableKind::method,
                                 {param("p", type("void *", "void", Passing::pointer, TypeCategory::other))}));
    api::Class other;
    other.name = "ns::Other";
    other.kind = "class";
    other.constructors.push_back(callable("ns::Other::Other()", "Other", "ns::Other", CallableKind::constructor));
    api.classes = {a, other};
    api.functions.push_back(
        callable("ns::free_fn(int, const std::string &)", "free_fn", "", CallableKind::function,
                 {param("n", int_type()),
                  param("s", type("const std::string &", "std::string", Passing::const_ref, TypeCategory::string))},
                 int_type()));
    ids = {"ns::A::A(int)",
           "ns::A::use(const ns::Other &)",
           "ns::A::make()",
           "ns::A::peek(ns::Other *)",
           "ns::A::take(std::unique_ptr<ns::Other>)",
           "ns::Other::Other()",
           "ns::free_fn(int, const std::string &)",
           "palus::contract::equals_reflexive(ns::A)",
           "palus::contract::equals_hash_consistent(ns::A, ns::A)",
           "ns::gone(int)",
           "ns::A::raw(void *)"};
  }
};

}  // namespace palus::generation::fixtures
