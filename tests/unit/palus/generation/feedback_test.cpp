// Feedback: how an outcome is classified (normal, exception, invalid, failure) and keyed.

#include "palus/generation/feedback.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "harness/executor/outcome.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"
#include "unit/palus/generation/step_fixture.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

// ---------------------------------------------------------------------------------------------
// feedback::classify

struct FeedbackFixture : StepFixture {
  FeedbackOptions options;

  // 0: A(1)  1: Other()  2: a.use(other)
  Sequence main = make(
      {call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor), call(Library::kUse, {ref(0), ref(1)})});

  static harness::protocol::StatementResult answer(std::string s = {}) {
    harness::protocol::StatementResult r;
    r.value.kind = harness::protocol::ValueKind::string;
    r.value.s = std::move(s);
    return r;
  }

  Outcome outcome(OutcomeKind kind, int statement) {
    Outcome o;
    o.kind = kind;
    o.statement = statement;
    return o;
  }

  Classified classify_main(const Outcome& o, const Sequence& s) { return classify(o, s, s.size(), catalog, options); }

  /// `c` is a failure of `kind` at `statement` with `message`, its key holding each of `key_parts`.
  static void expect_failure(const Classified& c, const std::string& kind, int statement, const std::string& message,
                             std::initializer_list<std::string> key_parts) {
    EXPECT_EQ(c.verdict, Verdict::failure);
    EXPECT_EQ(c.kind, kind);
    EXPECT_EQ(c.statement, statement);
    EXPECT_EQ(c.message, message);
    for (const std::string& part : key_parts) EXPECT_NE(c.key.find(part), std::string::npos) << part << " in " << c.key;
  }
};

TEST_F(FeedbackFixture, Normal) {
  Outcome o = outcome(OutcomeKind::normal, -1);
  o.result.statements.resize(3);
  const Classified c = classify_main(o, main);
  EXPECT_EQ(c.verdict, Verdict::normal);
  EXPECT_TRUE(c.key.empty());
}

TEST_F(FeedbackFixture, NormalWithContractChecksThatHold) {
  const Sequence checked = main.extended(call(Library::kReflexive, {ref(0)}));
  Outcome o = outcome(OutcomeKind::normal, -1);
  o.result.statements = {{}, {}, {}, answer("")};
  EXPECT_EQ(classify(o, checked, main.size(), catalog, options).verdict, Verdict::normal);
}

TEST_F(FeedbackFixture, ViolatedContractIsAFailure) {
  const Sequence checked =
      main.extended(call(Library::kReflexive, {ref(0)})).extended(call(Library::kHashConsistent, {ref(0), ref(0)}));
  Outcome o = outcome(OutcomeKind::normal, -1);
  o.result.statements = {{}, {}, {}, answer(""), answer("a == a is false")};
  const Classified c = classify(o, checked, main.size(), catalog, options);
  expect_failure(c, "contract", 4, "a == a is false", {"contract", lib.ids[Library::kHashConsistent]});
  // A non-empty string answered by the sequence's own statement is just a value.
  const Sequence free_call = make({call(Library::kFree, {Input::integer(1), Input::string("x")})});
  Outcome own = outcome(OutcomeKind::normal, -1);
  own.result.statements = {answer("not a violation")};
  EXPECT_EQ(classify(own, free_call, 1, catalog, options).verdict, Verdict::normal);
}

TEST_F(FeedbackFixture, ExceptionAtTheLastStatementVersusEarlier) {
  Outcome last = outcome(OutcomeKind::exception, 2);
  last.message = "std::invalid_argument: nope";
  const Classified c = classify_main(last, main);
  EXPECT_EQ(c.verdict, Verdict::exception);
  EXPECT_EQ(c.statement, 2);
  EXPECT_EQ(c.message, "std::invalid_argument: nope");
  EXPECT_EQ(classify_main(outcome(OutcomeKind::exception, 1), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::exception, 0), main).verdict, Verdict::invalid);
}

TEST_F(FeedbackFixture, InvalidInputAndBadRequest) {
  EXPECT_EQ(classify_main(outcome(OutcomeKind::invalid_input, 2), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::bad_request, -1), main).verdict, Verdict::invalid);
}

TEST_F(FeedbackFixture, CrashAtTheLastStatementIsAFailure) {
  Outcome o = outcome(OutcomeKind::crash, 2);
  o.message = "SIGSEGV";
  o.top_frame = "ns::A::use(const ns::Other &) /src/a.cpp:12:3";
  o.phase = "call";
  const Classified c = classify_main(o, main);
  expect_failure(c, "crash", 2, "SIGSEGV", {"crash", lib.ids[Library::kUse], o.top_frame});
}

TEST_F(FeedbackFixture, CrashAtAnEarlierStatementIsInvalid) {
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 1), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::sanitizer, 0), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::hang, 1), main).verdict, Verdict::invalid);
}

TEST_F(FeedbackFixture, CrashAfterANullInputIsInvalidUnlessTurnedOff) {
  // 0: A(1)  1: a.peek(nullptr)
  const Sequence s = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kPeek, {ref(0), Input::null()})});
  EXPECT_TRUE(makes_own_invalid_input(s, 1, catalog));
  EXPECT_FALSE(makes_own_invalid_input(s, 0, catalog));
  Outcome o = outcome(OutcomeKind::crash, 1);
  o.top_frame = "ns::A::peek(ns::Other *)";
  EXPECT_EQ(classify_main(o, s).verdict, Verdict::invalid);
  Outcome san = outcome(OutcomeKind::sanitizer, 1);
  san.sanitizer_kind = "SEGV";
  EXPECT_EQ(classify_main(san, s).verdict, Verdict::invalid);
  options.self_made_invalid_inputs = false;
  const Classified c = classify_main(o, s);
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "crash");
  // A hang is a failure whatever the inputs.
  options.self_made_invalid_inputs = true;
  const Classified h = classify_main(outcome(OutcomeKind::hang, 1), s);
  EXPECT_EQ(h.verdict, Verdict::failure);
  EXPECT_EQ(h.kind, "hang");
  // The same crash with a real object is a failure.
  const Sequence real = make(
      {call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor), call(Library::kPeek, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(real, 2, catalog));
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 2), real).verdict, Verdict::failure);
}

TEST_F(FeedbackFixture, UseOfAMovedFromUniquePtrIsInvalid) {
  // 0: A(1)  1: p = a.make()  2: a.take(p)  3: a.take(p)  -- p is moved from at 2
  const Sequence s = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)}),
                           call(Library::kTake, {ref(0), ref(1)}), call(Library::kTake, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(s, 2, catalog));
  EXPECT_TRUE(makes_own_invalid_input(s, 3, catalog));
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 3), s).verdict, Verdict::invalid);
  options.self_made_invalid_inputs = false;
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 3), s).verdict, Verdict::failure);
  options.self_made_invalid_inputs = true;
  // Moving once and then using the object it came from is fine.
  const Sequence once = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)}),
                              call(Library::kTake, {ref(0), ref(1)}), call(Library::kUse, {ref(0), ref(1)})});
  // use(const Other &) after take(unique_ptr) moved statement 1: statement 1's object is moved-from.
  EXPECT_TRUE(makes_own_invalid_input(once, 3, catalog));
  const Sequence untouched = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)}),
                                   call(Library::kUse, {ref(0), ref(1)}), call(Library::kTake, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(untouched, 3, catalog));
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 3), untouched).verdict, Verdict::failure);
}

/// ns::A with `const ns::Other & first() const` (a reference into A), `ns::A & self()` (a
/// builder's *this), `ns::A & child()` (an A inside A, as a JSON value's member) and `void grow()`
/// (a change of A that may move what first() and child() point to).
struct ReferencesLibrary : Library {
  static constexpr std::uint32_t kFirst = 11, kSelf = 12, kGrow = 13, kCount = 14, kChild = 15;
  ReferencesLibrary() {
    using api::CallableKind;
    using api::Passing;
    using api::TypeCategory;
    api::Callable first = callable("ns::A::first()", "first", "ns::A", CallableKind::method, {},
                                   type("const ns::Other &", "ns::Other", Passing::const_ref, TypeCategory::record));
    first.is_const = true;
    api::Callable count = callable("ns::A::count()", "count", "ns::A", CallableKind::method, {}, int_type());
    count.is_const = true;
    api.classes[0].methods.push_back(first);
    api::Callable self = callable("ns::A::self()", "self", "ns::A", CallableKind::method, {},
                                  type("ns::A &", "ns::A", Passing::ref, TypeCategory::record));
    self.returns_this = true;  // as `palus analyze` finds `return *this;`
    api.classes[0].methods.push_back(self);
    api.classes[0].methods.push_back(callable("ns::A::grow()", "grow", "ns::A", CallableKind::method));
    api.classes[0].methods.push_back(count);
    api.classes[0].methods.push_back(callable("ns::A::child()", "child", "ns::A", CallableKind::method, {},
                                              type("ns::A &", "ns::A", Passing::ref, TypeCategory::record)));
    ids.insert(ids.end(), {"ns::A::first()", "ns::A::self()", "ns::A::grow()", "ns::A::count()", "ns::A::child()"});
  }
};

TEST(Feedback, AReferenceIntoAnObjectIsInvalidAfterTheObjectChanged) {
  const ReferencesLibrary lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  using L = ReferencesLibrary;
  // 0: a = A(1)  1: o = a.first()  2: a.grow()  3: a.use(o)  -- o may point into freed memory
  const Sequence grown = make({call(L::kACtor, {Input::integer(1)}), call(L::kFirst, {ref(0)}),
                               call(L::kGrow, {ref(0)}), call(L::kUse, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(grown, 2, catalog));
  EXPECT_TRUE(makes_own_invalid_input(grown, 3, catalog));
  // A const call leaves the reference valid, and so does changing A before taking it.
  const Sequence looked = make({call(L::kACtor, {Input::integer(1)}), call(L::kFirst, {ref(0)}),
                                call(L::kCount, {ref(0)}), call(L::kUse, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(looked, 3, catalog));
  const Sequence before = make({call(L::kACtor, {Input::integer(1)}), call(L::kGrow, {ref(0)}),
                                call(L::kFirst, {ref(0)}), call(L::kUse, {ref(0), ref(2)})});
  EXPECT_FALSE(makes_own_invalid_input(before, 3, catalog));
  // A reference to the object itself (a builder's *this) stays valid whatever the object does.
  const Sequence builder = make({call(L::kACtor, {Input::integer(1)}), call(L::kSelf, {ref(0)}),
                                 call(L::kGrow, {ref(0)}), call(L::kGrow, {ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(builder, 3, catalog));
  // An A inside A is a part of it, like first(): gone with the change.
  const Sequence member = make({call(L::kACtor, {Input::integer(1)}), call(L::kChild, {ref(0)}),
                                call(L::kGrow, {ref(0)}), call(L::kGrow, {ref(1)})});
  EXPECT_TRUE(makes_own_invalid_input(member, 3, catalog));
  // Another name of that part (the part's own builder call returned it) is gone with it, as is a
  // part of the part (jsoncpp's root["a"]["b"] after the root was parsed anew).
  const Sequence renamed = make({call(L::kACtor, {Input::integer(1)}), call(L::kChild, {ref(0)}),
                                 call(L::kSelf, {ref(1)}), call(L::kGrow, {ref(0)}), call(L::kGrow, {ref(2)})});
  EXPECT_FALSE(makes_own_invalid_input(renamed, 3, catalog));
  EXPECT_TRUE(makes_own_invalid_input(renamed, 4, catalog));
  const Sequence nested = make({call(L::kACtor, {Input::integer(1)}), call(L::kChild, {ref(0)}),
                                call(L::kChild, {ref(1)}), call(L::kGrow, {ref(0)}), call(L::kCount, {ref(2)})});
  EXPECT_TRUE(makes_own_invalid_input(nested, 4, catalog));
  // A change of the part leaves the part itself valid (jsoncpp's value4 = value1["0"]; value4 = "s";
  // value4.copy(value1) stays the library's to get right).
  const Sequence part_changed = make({call(L::kACtor, {Input::integer(1)}), call(L::kChild, {ref(0)}),
                                      call(L::kGrow, {ref(1)}), call(L::kCount, {ref(1)}), call(L::kCount, {ref(0)})});
  EXPECT_FALSE(makes_own_invalid_input(part_changed, 4, catalog));
  // A change through another name of the owner is a change of the owner.
  const Sequence through = make({call(L::kACtor, {Input::integer(1)}), call(L::kChild, {ref(0)}),
                                 call(L::kSelf, {ref(0)}), call(L::kGrow, {ref(2)}), call(L::kCount, {ref(1)})});
  EXPECT_TRUE(makes_own_invalid_input(through, 4, catalog));
}

/// ns::Cursor, an iterator: Cursor() (singular), Cursor(const ns::A &), operator++(), operator*(),
/// operator==(const Cursor &) and operator=(const Cursor &).
struct IteratorLibrary : Library {
  static constexpr std::uint32_t kSingular = 11, kFromA = 12, kStep = 13, kDeref = 14, kEquals = 15, kAssign = 16,
                                 kCopy = 17;
  IteratorLibrary() {
    using api::CallableKind;
    using api::Passing;
    using api::TypeCategory;
    const api::TypeRef cursor_ref = type("ns::Cursor &", "ns::Cursor", Passing::ref, TypeCategory::record);
    const api::TypeRef cursor_cref = type("const ns::Cursor &", "ns::Cursor", Passing::const_ref, TypeCategory::record);
    api::Class c;
    c.name = "ns::Cursor";
    c.kind = "class";
    api::Callable singular = callable("ns::Cursor::Cursor()", "Cursor", "ns::Cursor", CallableKind::constructor);
    singular.constructor_kind = "default";
    c.constructors.push_back(singular);
    c.constructors.push_back(
        callable("ns::Cursor::Cursor(const ns::A &)", "Cursor", "ns::Cursor", CallableKind::constructor,
                 {param("a", type("const ns::A &", "ns::A", Passing::const_ref, TypeCategory::record))}));
    c.methods.push_back(
        callable("ns::Cursor::operator++()", "operator++", "ns::Cursor", CallableKind::method, {}, cursor_ref));
    c.methods.push_back(
        callable("ns::Cursor::operator*()", "operator*", "ns::Cursor", CallableKind::method, {}, int_type()));
    c.methods.push_back(callable("ns::Cursor::operator==(const ns::Cursor &)", "operator==", "ns::Cursor",
                                 CallableKind::method, {param("o", cursor_cref)}, int_type()));
    c.methods.push_back(callable("ns::Cursor::operator=(const ns::Cursor &)", "operator=", "ns::Cursor",
                                 CallableKind::method, {param("o", cursor_cref)}, cursor_ref));
    c.constructors.push_back(callable("ns::Cursor::Cursor(const ns::Cursor &)", "Cursor", "ns::Cursor",
                                      CallableKind::constructor, {param("o", cursor_cref)}));
    api.classes.push_back(c);
    ids.insert(ids.end(), {"ns::Cursor::Cursor()", "ns::Cursor::Cursor(const ns::A &)", "ns::Cursor::operator++()",
                           "ns::Cursor::operator*()", "ns::Cursor::operator==(const ns::Cursor &)",
                           "ns::Cursor::operator=(const ns::Cursor &)", "ns::Cursor::Cursor(const ns::Cursor &)"});
  }
};

TEST(Feedback, SteppingOrDereferencingADefaultConstructedIteratorIsInvalid) {
  const IteratorLibrary lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  using L = IteratorLibrary;
  const Sequence stepped = make({call(L::kSingular, {}), call(L::kStep, {ref(0)})});
  EXPECT_TRUE(makes_own_invalid_input(stepped, 1, catalog)) << "a singular iterator points nowhere";
  const Sequence read = make({call(L::kSingular, {}), call(L::kDeref, {ref(0)})});
  EXPECT_TRUE(makes_own_invalid_input(read, 1, catalog));
  const Sequence compared = make({call(L::kSingular, {}), call(L::kEquals, {ref(0), ref(0)})});
  EXPECT_FALSE(makes_own_invalid_input(compared, 1, catalog)) << "comparing it is defined";
  const Sequence assigned =
      make({call(L::kACtor, {Input::integer(1)}), call(L::kFromA, {ref(0)}), call(L::kSingular, {}),
            call(L::kAssign, {ref(2), ref(1)}), call(L::kStep, {ref(2)})});
  EXPECT_FALSE(makes_own_invalid_input(assigned, 4, catalog)) << "assigned a real position, it steps";
  const Sequence assigned_singular = make(
      {call(L::kSingular, {}), call(L::kSingular, {}), call(L::kAssign, {ref(0), ref(1)}), call(L::kStep, {ref(0)})});
  EXPECT_TRUE(makes_own_invalid_input(assigned_singular, 3, catalog))
      << "assigned another default-constructed iterator, it is still singular (jsoncpp: it2 = ValueIterator{})";
  const Sequence copied = make({call(L::kSingular, {}), call(L::kCopy, {ref(0)}), call(L::kStep, {ref(1)})});
  EXPECT_TRUE(makes_own_invalid_input(copied, 2, catalog)) << "a copy of a singular iterator is singular";
  const Sequence real =
      make({call(L::kACtor, {Input::integer(1)}), call(L::kFromA, {ref(0)}), call(L::kStep, {ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(real, 2, catalog)) << "an iterator made from a range is not singular";
}

TEST_F(FeedbackFixture, HangOomExitAreFailures) {
  for (const auto& [kind, name] : std::vector<std::pair<OutcomeKind, std::string>>{
           {OutcomeKind::hang, "hang"}, {OutcomeKind::oom, "oom"}, {OutcomeKind::exit, "exit"}}) {
    SCOPED_TRACE(name);
    const Classified c = classify_main(outcome(kind, 2), main);
    EXPECT_EQ(c.verdict, Verdict::failure);
    EXPECT_EQ(c.kind, name);
    EXPECT_NE(c.key.find(name == "exit" ? name : "exhausted"), std::string::npos);
    EXPECT_NE(c.key.find(lib.ids[Library::kUse]), std::string::npos);
  }
  // Outside any statement (destroying the pool, or idle): still a failure of the sequence.
  Outcome destroy = outcome(OutcomeKind::crash, -1);
  destroy.phase = "destroy";
  const Classified c = classify_main(destroy, main);
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "crash");
}

TEST_F(FeedbackFixture, AnOutOfMemoryIsOneFailureWhoeverNoticedIt) {
  // std::bad_alloc in the interpreter, the sanitizer's allocator, the OOM killer: one failure.
  Outcome bad_alloc = outcome(OutcomeKind::oom, 2);
  bad_alloc.phase = "call";
  Outcome sanitizer = bad_alloc;
  sanitizer.sanitizer_kind = "out-of-memory";
  sanitizer.top_frame = "operator new(unsigned long)";
  Outcome killed = bad_alloc;
  killed.message = "SIGKILL (out of memory: peak 900 MiB)";
  const std::string key = classify_main(bad_alloc, main).key;
  EXPECT_EQ(classify_main(sanitizer, main).key, key);
  EXPECT_EQ(classify_main(killed, main).key, key);
  // Out of time or out of memory first depends on the machine's load: one failure too.
  Outcome hang = bad_alloc;
  hang.kind = OutcomeKind::hang;
  EXPECT_EQ(classify_main(hang, main).key, key);
  EXPECT_EQ(classify_main(hang, main).kind, "hang");
  Outcome destroying = bad_alloc;
  destroying.phase = "destroy";
  EXPECT_NE(classify_main(destroying, main).key, key);
}

TEST_F(FeedbackFixture, SanitizerKeysDifferByTopFrame) {
  Outcome a = outcome(OutcomeKind::sanitizer, 2);
  a.sanitizer_kind = "heap-use-after-free";
  a.top_frame = "ns::A::use(const ns::Other &) /src/a.cpp:12:3";
  Outcome b = a;
  b.top_frame = "ns::Other::get() const /src/other.cpp:40:7";
  Outcome a_again = a;
  a_again.message = "different pid in the message";
  const Classified ca = classify_main(a, main), cb = classify_main(b, main), ca2 = classify_main(a_again, main);
  EXPECT_EQ(ca.verdict, Verdict::failure);
  EXPECT_EQ(ca.kind, "sanitizer");
  EXPECT_NE(ca.key, cb.key);
  EXPECT_EQ(ca.key, ca2.key);
  // Same frame, different kind of failure: different keys.
  Outcome crash = a;
  crash.kind = OutcomeKind::crash;
  EXPECT_NE(classify_main(crash, main).key, ca.key);
  // Without a top frame the sanitizer kind tells them apart.
  Outcome no_frame1 = outcome(OutcomeKind::sanitizer, 2), no_frame2 = no_frame1;
  no_frame1.sanitizer_kind = "heap-buffer-overflow";
  no_frame2.sanitizer_kind = "stack-buffer-overflow";
  EXPECT_NE(classify_main(no_frame1, main).key, classify_main(no_frame2, main).key);
  // Same frame, different last callable: different keys.
  const Sequence peek = make(
      {call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor), call(Library::kPeek, {ref(0), ref(1)})});
  EXPECT_NE(classify_main(a, peek).key, ca.key);
}

}  // namespace
}  // namespace palus::generation
