// Which callables the harness can call, and how harness.cpp calls them: every call it writes
// compiles, and what it cannot call is left out with a stated reason, never as a "palus bug".

#include "harness/codegen/callable_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "harness/codegen/harness_source.hpp"
#include "unit/core/api_builders.hpp"

namespace palus::harness {
namespace {

using api::CallableKind;
using api::Passing;
using api::TypeCategory;
using palus::testing::callable;
using palus::testing::type;

/// Shaped like pugixml: a handle class with a constructor from and an accessor of its internal
/// struct, a safe-bool conversion, wide-string functions, and a buffer-and-length method.
api::Api handles() {
  const api::TypeRef none = type("void", "void", Passing::value, TypeCategory::void_type);
  const api::TypeRef internal = type("ns::node_struct *", "ns::node_struct", Passing::pointer, TypeCategory::record);
  const api::TypeRef size = type("size_t", "size_t", Passing::value, TypeCategory::integer);
  api::Class node;
  node.name = "ns::Node";
  node.traits.destructible = node.traits.copy_constructible = true;
  node.constructors.push_back(callable("ns::Node::Node()", "Node", "ns::Node", CallableKind::constructor, {}, none));
  node.constructors.push_back(callable("ns::Node::Node(ns::node_struct *)", "Node", "ns::Node",
                                       CallableKind::constructor, {{"p", internal}}, none));
  node.methods.push_back(
      callable("ns::Node::internal_object() const", "internal_object", "ns::Node", CallableKind::method, {}, internal));
  node.methods.push_back(
      callable("ns::Node::operator void (*)(ns::Node ***)() const", "operator void (*)(ns::Node ***)", "ns::Node",
               CallableKind::method, {},
               type("void (*)(ns::Node ***)", "void (*)(ns::Node ***)", Passing::value, TypeCategory::other)));
  node.methods.push_back(callable(
      "ns::Node::copy(char *, size_t) const", "copy", "ns::Node", CallableKind::method,
      {{"buffer", type("char *", "char", Passing::pointer, TypeCategory::character)}, {"capacity", size}}, size));
  api::Api a;
  a.classes.push_back(node);
  a.functions.push_back(callable("ns::as_wide(const char *)", "as_wide", "", CallableKind::function,
                                 {{"s", type("const char *", "char", Passing::const_pointer, TypeCategory::cstring)}},
                                 type("std::wstring", "std::wstring", Passing::value, TypeCategory::string)));
  a.functions.push_back(
      callable("ns::as_utf8(const wchar_t *)", "as_utf8", "",
               CallableKind::function,  // Only plain char pointers are C strings (core/clang/type_names.cpp).
               {{"s", type("const wchar_t *", "wchar_t", Passing::const_pointer, TypeCategory::character)}},
               type("std::string", "std::string", Passing::value, TypeCategory::string)));
  return a;
}

std::string reason_of(const CallablePlan& plan, const std::string& id) {
  for (const auto& u : plan.uncallable)
    if (u.id == id) return u.reason;
  return "";
}

TEST(CallablePlan, WhatTheHarnessCannotNameOrHoldIsLeftOutWithAReason) {
  const api::Api a = handles();
  const CallablePlan plan = plan_callables(a);
  std::vector<std::string> ids;
  for (const api::Callable* c : plan.callables) ids.push_back(c->id);
  // internal_object() and the constructor from its result are tried: whether ns::node_struct is
  // complete shows when harness.cpp compiles (palus/harness_stage.cpp then leaves them out).
  EXPECT_EQ(ids, (std::vector<std::string>{"ns::Node::Node()", "ns::Node::Node(ns::node_struct *)",
                                           "ns::Node::internal_object() const", "ns::Node::copy(char *, size_t) const",
                                           "ns::as_wide(const char *)"}));
  EXPECT_NE(reason_of(plan, "ns::Node::operator void (*)(ns::Node ***)() const").find("safe-bool"), std::string::npos);
  EXPECT_NE(reason_of(plan, "ns::as_utf8(const wchar_t *)").find("wide strings"), std::string::npos);
}

TEST(CallablePlan, TheEndOfACharacterRangeIsTheEndOfTheTextBeforeIt) {
  const api::TypeRef text = type("const char *", "char", Passing::const_pointer, TypeCategory::cstring);
  api::Api a;
  a.functions.push_back(callable("ns::parse(const char *, const char *)", "parse", "", CallableKind::function,
                                 {{"beginDoc", text}, {"endDoc", text}},
                                 type("bool", "bool", Passing::value, TypeCategory::boolean)));
  const HarnessSource source = generate_harness_source(a, {"parse.hpp"});
  EXPECT_NE(source.text.find("const char* a1 = a0 == nullptr ? nullptr : a0 + std::string_view(a0).size();"),
            std::string::npos)
      << source.text;
  EXPECT_NE(source.text.find("ns::parse(a0, a1)"), std::string::npos) << source.text;
}

TEST(CallablePlan, AnObjectArrayIsThatManyDefaultConstructedObjects) {
  api::Api a;
  api::Class piece;
  piece.name = "ns::Piece";
  piece.traits.default_constructible = piece.traits.destructible = piece.traits.copy_constructible = true;
  piece.constructors.push_back(callable("ns::Piece::Piece()", "Piece", "ns::Piece", CallableKind::constructor, {},
                                        type("void", "void", Passing::value, TypeCategory::void_type)));
  a.classes.push_back(piece);
  a.functions.push_back(
      callable("ns::match(ns::Piece *, int)", "match", "", CallableKind::function,
               {{"submatch", type("ns::Piece *", "ns::Piece", Passing::pointer, TypeCategory::record)},
                {"nsubmatch", type("int", "int", Passing::value, TypeCategory::integer)}},
               type("bool", "bool", Passing::value, TypeCategory::boolean)));
  const HarnessSource source = generate_harness_source(a, {"match.hpp"});
  EXPECT_NE(source.text.find("const int a1 = static_cast<int>(c.buffer_length(1, 64ull));"), std::string::npos)
      << source.text;
  EXPECT_NE(
      source.text.find(
          "auto& a0 = c.hold(new std::vector<ns::Piece>(std::max<std::size_t>(static_cast<std::size_t>(a1), 1)));"),
      std::string::npos)
      << source.text;
  EXPECT_NE(source.text.find("ns::match(a0.data(), a1)"), std::string::npos) << source.text;
}

TEST(CallablePlan, ACallbackGetsAFunctionOfItsSignature) {
  api::Api a;
  a.functions.push_back(
      callable("ns::define(ns::fun_type2)", "define", "", CallableKind::function,
               {{"f", type("ns::fun_type2", "ns::fun_type2", Passing::value, TypeCategory::function_pointer)}},
               type("void", "void", Passing::value, TypeCategory::void_type)));
  const CallablePlan plan = plan_callables(a);
  ASSERT_EQ(plan.callables.size(), 1u) << "a callback can be passed";
  const HarnessSource source = generate_harness_source(a, {"define.hpp"});
  EXPECT_NE(source.text.find("const auto a0 = static_cast<ns::fun_type2>(palus_generated::AnyFunction{});"),
            std::string::npos)
      << source.text;
  EXPECT_NE(source.text.find("struct AnyFunction"), std::string::npos);
}

TEST(CallablePlan, WhatAPointerToAScalarPointsAtLivesAsLongAsTheSequence) {
  api::Api a;
  a.functions.push_back(callable("ns::bind(double *)", "bind", "", CallableKind::function,
                                 {{"value", type("double *", "double", Passing::pointer, TypeCategory::floating)}},
                                 type("void", "void", Passing::value, TypeCategory::void_type)));
  const HarnessSource source = generate_harness_source(a, {"bind.hpp"});
  EXPECT_NE(source.text.find("auto& a0 = c.pointee<double>(0);"), std::string::npos)
      << "the library may keep the pointer, as the written test's local lives to the end of the test\n"
      << source.text;
  EXPECT_NE(source.text.find("ns::bind(&a0);"), std::string::npos) << source.text;
}

TEST(CallablePlan, AWideStringResultIsCalledNotReportedAndABufferIsARealArray) {
  const HarnessSource source = generate_harness_source(handles(), {"node.hpp"});
  EXPECT_NE(source.text.find("(void)ns::as_wide(a0);"), std::string::npos) << source.text;
  EXPECT_NE(source.text.find("const size_t a2 = static_cast<size_t>(c.buffer_length(2, 4096ull));"), std::string::npos)
      << source.text;
  EXPECT_NE(
      source.text.find("auto& a1 = c.hold(new std::vector<char>(std::max<std::size_t>(static_cast<std::size_t>(a2), "
                       "1), c.scalar<char>(1)));"),
      std::string::npos)
      << "held to the end of the sequence, as the written test's vector lives to the end of the test\n"
      << source.text;
  EXPECT_NE(source.text.find("self.copy(a1.data(), a2)"), std::string::npos) << source.text;
}

TEST(CallablePlan, StreamsAreStringStreamsAndAWrittenStreamsTextIsTheValue) {
  const api::TypeRef none = type("void", "void", Passing::value, TypeCategory::void_type);
  const api::TypeRef in = type("std::istream &", "std::istream", Passing::ref, TypeCategory::istream);
  const api::TypeRef out = type("std::ostream *", "std::ostream", Passing::pointer, TypeCategory::ostream);
  api::Class doc;
  doc.name = "ns::Doc";
  doc.traits.destructible = true;
  doc.constructors.push_back(callable("ns::Doc::Doc()", "Doc", "ns::Doc", CallableKind::constructor, {}, none));
  doc.methods.push_back(callable("ns::Doc::load(std::istream &)", "load", "ns::Doc", CallableKind::method, {{"in", in}},
                                 type("bool", "bool", Passing::value, TypeCategory::boolean)));
  doc.methods.push_back(
      callable("ns::Doc::save(std::ostream *) const", "save", "ns::Doc", CallableKind::method, {{"out", out}}, none));
  api::Api a;
  a.classes.push_back(doc);
  EXPECT_TRUE(plan_callables(a).uncallable.empty());
  const HarnessSource source = generate_harness_source(a, {"doc.hpp"});
  EXPECT_NE(source.text.find("auto& a1 = c.hold(new std::istringstream(c.text(1)));"), std::string::npos)
      << source.text;
  EXPECT_NE(source.text.find("c.report(self.load(a1));"), std::string::npos) << source.text;
  EXPECT_NE(source.text.find("auto& a1 = c.hold(new std::ostringstream());"), std::string::npos) << source.text;
  EXPECT_NE(source.text.find("self.save(&a1);\n  c.report(a1.str());"), std::string::npos) << source.text;
  EXPECT_NE(source.text.find("#include <sstream>"), std::string::npos);
}

}  // namespace
}  // namespace palus::harness
