// The catalog: the harness's callables matched with api.yaml and the contracts.

#include "palus/generation/catalog.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

// ---------------------------------------------------------------------------------------------
// Catalog

TEST(Catalog, MatchesApiCallablesAndContracts) {
  const Library lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  EXPECT_EQ(catalog.api, &lib.api);
  ASSERT_EQ(catalog.callables.size(), lib.ids.size());
  for (std::uint32_t i = 0; i < lib.ids.size(); ++i) {
    EXPECT_EQ(catalog.callables[i].index, i);
    EXPECT_EQ(catalog.callables[i].id, lib.ids[i]);
  }

  const CallableInfo& ctor = catalog.callables[Library::kACtor];
  EXPECT_TRUE(ctor.usable);
  EXPECT_FALSE(ctor.is_method);
  EXPECT_FALSE(ctor.contract.has_value());
  ASSERT_NE(ctor.callable, nullptr);
  EXPECT_EQ(ctor.callable->id, "ns::A::A(int)");
  ASSERT_EQ(ctor.inputs.size(), 1u);
  EXPECT_TRUE(ctor.inputs[0].literal);
  EXPECT_EQ(ctor.inputs[0].type.base, "int");
  EXPECT_EQ(ctor.inputs[0].param, &ctor.callable->params[0]);
  EXPECT_EQ(ctor.yields, (std::vector<std::string>{"ns::A"}));

  const CallableInfo& use = catalog.callables[Library::kUse];
  EXPECT_TRUE(use.usable);
  EXPECT_TRUE(use.is_method);
  ASSERT_EQ(use.inputs.size(), 2u);
  EXPECT_FALSE(use.inputs[0].literal);
  EXPECT_EQ(use.inputs[0].record, "ns::A");  // the receiver
  EXPECT_EQ(use.inputs[0].param, nullptr);
  EXPECT_FALSE(use.inputs[0].null_allowed);
  EXPECT_FALSE(use.inputs[1].literal);
  EXPECT_EQ(use.inputs[1].record, "ns::Other");
  EXPECT_FALSE(use.inputs[1].null_allowed);
  EXPECT_TRUE(use.yields.empty());

  const CallableInfo& make_other = catalog.callables[Library::kMake];
  EXPECT_TRUE(make_other.usable);
  EXPECT_EQ(std::set<std::string>(make_other.yields.begin(), make_other.yields.end()),
            (std::set<std::string>{"ns::Other", "std::unique_ptr<ns::Other>"}));
  EXPECT_EQ(make_other.yields.size(), 2u);

  const CallableInfo& peek = catalog.callables[Library::kPeek];
  EXPECT_TRUE(peek.usable);
  ASSERT_EQ(peek.inputs.size(), 2u);
  EXPECT_EQ(peek.inputs[1].record, "ns::Other");
  EXPECT_TRUE(peek.inputs[1].null_allowed);

  const CallableInfo& take = catalog.callables[Library::kTake];
  ASSERT_EQ(take.inputs.size(), 2u);
  EXPECT_EQ(take.inputs[1].record, "std::unique_ptr<ns::Other>");
  EXPECT_TRUE(take.inputs[1].moves) << "a unique_ptr by value is moved from";
  EXPECT_TRUE(take.inputs[1].may_change);
  EXPECT_FALSE(use.inputs[1].moves);
  EXPECT_FALSE(use.inputs[1].may_change) << "const ns::Other &";
  EXPECT_FALSE(peek.inputs[0].moves);

  const CallableInfo& free_fn = catalog.callables[Library::kFree];
  EXPECT_TRUE(free_fn.usable);
  EXPECT_FALSE(free_fn.is_method);
  ASSERT_EQ(free_fn.inputs.size(), 2u);
  EXPECT_TRUE(free_fn.inputs[0].literal);
  EXPECT_TRUE(free_fn.inputs[1].literal);
  EXPECT_TRUE(free_fn.yields.empty());  // int is not a record

  const CallableInfo& reflexive = catalog.callables[Library::kReflexive];
  EXPECT_TRUE(reflexive.usable);
  EXPECT_EQ(reflexive.callable, nullptr);
  ASSERT_TRUE(reflexive.contract.has_value());
  EXPECT_EQ(reflexive.contract->name, "equals_reflexive");
  EXPECT_EQ(reflexive.contract->type, "ns::A");
  EXPECT_EQ(reflexive.contract->arity, 1u);
  ASSERT_EQ(reflexive.inputs.size(), 1u);
  EXPECT_EQ(reflexive.inputs[0].record, "ns::A");
  EXPECT_FALSE(reflexive.inputs[0].literal);
  EXPECT_TRUE(reflexive.yields.empty());

  const CallableInfo& pair = catalog.callables[Library::kHashConsistent];
  ASSERT_TRUE(pair.contract.has_value());
  EXPECT_EQ(pair.contract->arity, 2u);
  EXPECT_EQ(pair.contract->type, "ns::A");
  EXPECT_EQ(pair.inputs.size(), 2u);

  const CallableInfo& unknown = catalog.callables[Library::kUnknown];
  EXPECT_FALSE(unknown.usable);
  EXPECT_EQ(unknown.callable, nullptr);
  EXPECT_FALSE(unknown.contract.has_value());

  EXPECT_FALSE(catalog.callables[Library::kRaw].usable);  // void * cannot be supplied
}

TEST(Catalog, AnObjectIsAlsoOneOfEachOfItsBases) {
  Library lib;
  api::Class middle, derived;
  middle.name = "ns::Middle";
  middle.bases = {"ns::A"};
  derived.name = "ns::Derived";
  derived.bases = {"ns::Middle"};
  derived.constructors.push_back(
      callable("ns::Derived::Derived()", "Derived", "ns::Derived", api::CallableKind::constructor, {}));
  lib.api.classes.push_back(middle);
  lib.api.classes.push_back(derived);
  std::vector<std::string> ids = lib.ids;
  ids.push_back("ns::Derived::Derived()");
  const Catalog catalog = make_catalog(lib.api, ids);
  EXPECT_EQ(catalog.callables.back().yields, (std::vector<std::string>{"ns::Derived", "ns::Middle", "ns::A"}))
      << "ns::A's methods take it, through both steps";
}

TEST(Catalog, ChangingAnObjectHandedOutAsConstIsFound) {
  Library lib;
  // make() hands out a const ns::Other& here: its object is read-only.
  lib.api.classes[0].methods[1].result = record_type("ns::Other", api::Passing::const_ref);
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  using harness::protocol::Input;
  auto statement = [](std::uint32_t callable, std::vector<Input> inputs) {
    harness::protocol::Statement s;
    s.callable = callable;
    s.inputs = std::move(inputs);
    return s;
  };
  auto build = [](std::vector<harness::protocol::Statement> statements) {
    Sequence s;
    for (auto& statement : statements) s = s.extended(std::move(statement));
    return s;
  };
  const auto a = statement(Library::kACtor, {Input::integer(1)});
  const auto made = statement(Library::kMake, {Input::result_of(0)});
  const Sequence reads = build({a, made, statement(Library::kUse, {Input::result_of(0), Input::result_of(1)})});
  const Sequence changes = build({a, made, statement(Library::kPeek, {Input::result_of(0), Input::result_of(1)})});
  const Sequence changes_own = build(
      {statement(Library::kOtherCtor, {}), a, statement(Library::kPeek, {Input::result_of(1), Input::result_of(0)})});
  EXPECT_TRUE(read_only_at(catalog, reads, 1));
  EXPECT_FALSE(read_only_at(catalog, reads, 0));
  EXPECT_FALSE(read_only_at(catalog, reads, 7));
  EXPECT_FALSE(changes_read_only(catalog, reads)) << "use() takes it by const reference";
  EXPECT_TRUE(changes_read_only(catalog, changes)) << "peek() takes a pointer to non-const";
  EXPECT_FALSE(changes_read_only(catalog, changes_own)) << "an Other the sequence constructed may change";
}

TEST(Catalog, SubjectOf) {
  const Library lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  EXPECT_EQ(subject_of(catalog.callables[Library::kACtor]), "A");
  EXPECT_EQ(subject_of(catalog.callables[Library::kUse]), "A");
  EXPECT_EQ(subject_of(catalog.callables[Library::kOtherCtor]), "Other");
  EXPECT_EQ(subject_of(catalog.callables[Library::kFree]), "functions");
  EXPECT_EQ(subject_of(catalog.callables[Library::kReflexive]), "A");
  CallableInfo templated;
  api::Callable c = callable("ns::Box<ns::a::B>::get()", "get", "ns::Box<ns::a::B>", api::CallableKind::method);
  templated.callable = &c;
  EXPECT_EQ(subject_of(templated), "Box_ns__a__B_");
}

TEST(Catalog, NothingCallableThrows) {
  const Library lib;
  EXPECT_THROW(make_catalog(lib.api, {"ns::gone(int)", "palus::contract::equals_reflexive(ns::A)"}),
               std::runtime_error);
  EXPECT_THROW(make_catalog(lib.api, {}), std::runtime_error);
  EXPECT_NO_THROW(make_catalog(lib.api, {"ns::gone(int)", "ns::Other::Other()"}));
}

}  // namespace
}  // namespace palus::generation
