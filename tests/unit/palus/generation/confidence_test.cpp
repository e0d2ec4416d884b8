// What a failure says about the library: memory the library freed under the sequence's hands
// (ownership.hpp) and the confidence of a failure (confidence.hpp).

#include "palus/generation/confidence.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "palus/generation/ownership.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;
using api::CallableKind;
using api::Passing;
using api::TypeCategory;

/// ns::Doc hands out ns::Node handles and frees them when reloaded (pugixml's documents);
/// ns::Stmt frees the rows its ns::Rows reads when closed, and keeps a pointer to them (a
/// result set its statement knows about).
struct HandlesLibrary {
  api::Api api;
  std::vector<std::string> ids;
  static constexpr std::uint32_t kDoc = 0, kAppend = 1, kReload = 2, kName = 3, kStmt = 4, kQuery = 5, kClose = 6,
                                 kGet = 7, kAt = 8, kRead = 9, kRange = 10, kRemove = 11, kPeek = 12, kIter = 13,
                                 kIncrement = 14, kDereference = 15, kAssign = 16, kBegin = 17, kDetach = 18;

  HandlesLibrary() {
    const api::TypeRef node = record_type("ns::Node", Passing::value);
    const api::TypeRef rows = record_type("ns::Rows", Passing::value);
    const api::TypeRef size = type("size_t", "size_t", Passing::value, TypeCategory::integer);
    api::Class doc = named_class("ns::Doc");
    doc.constructors.push_back(callable("ns::Doc::Doc()", "Doc", "ns::Doc", CallableKind::constructor));
    doc.methods.push_back(callable("ns::Doc::append()", "append", "ns::Doc", CallableKind::method, {}, node));
    doc.methods.push_back(callable("ns::Doc::reload()", "reload", "ns::Doc", CallableKind::method));
    doc.fields.push_back({"buffer_", type("char *", "char", Passing::pointer, TypeCategory::character), "private"});
    api::Class n = named_class("ns::Node");
    n.fields.push_back(
        {"root_", type("ns::node_struct *", "ns::node_struct", Passing::pointer, TypeCategory::record), "private"});
    n.methods.push_back(callable("ns::Node::name() const", "name", "ns::Node", CallableKind::method, {}, int_type()));
    n.methods.push_back(
        callable("ns::Node::at(size_t) const", "at", "ns::Node", CallableKind::method, {param("index", size)}, node));
    n.methods.push_back(callable(
        "ns::Node::read(char *, size_t)", "read", "ns::Node", CallableKind::method,
        {param("buffer", type("char *", "char", Passing::pointer, TypeCategory::character)), param("capacity", size)}));
    n.methods.push_back(
        callable("ns::Node::range(const char *, const char *)", "range", "ns::Node", CallableKind::method,
                 {param("begin", type("const char *", "char", Passing::const_pointer, TypeCategory::cstring)),
                  param("end", type("const char *", "char", Passing::const_pointer, TypeCategory::cstring))}));
    n.methods.push_back(callable("ns::Node::remove(const ns::Node &)", "remove", "ns::Node", CallableKind::method,
                                 {param("child", record_type("ns::Node", Passing::const_ref))}));
    n.methods.push_back(callable("ns::Node::peek(int *)", "peek", "ns::Node", CallableKind::method,
                                 {param("out", type("int *", "int", Passing::pointer, TypeCategory::integer))}));
    n.methods.push_back(callable("ns::Node::detach(size_t, ns::Node *)", "detach", "ns::Node", CallableKind::method,
                                 {param("index", size), param("removed", record_type("ns::Node", Passing::pointer))}));
    api::Class stmt = named_class("ns::Stmt");
    stmt.constructors.push_back(callable("ns::Stmt::Stmt()", "Stmt", "ns::Stmt", CallableKind::constructor));
    stmt.methods.push_back(callable("ns::Stmt::query()", "query", "ns::Stmt", CallableKind::method, {}, rows));
    stmt.methods.push_back(callable("ns::Stmt::close()", "close", "ns::Stmt", CallableKind::method));
    stmt.fields.push_back({"open_", type("ns::Rows *", "ns::Rows", Passing::pointer, TypeCategory::record), "private"});
    api::Class r = named_class("ns::Rows");
    r.methods.push_back(callable("ns::Rows::get()", "get", "ns::Rows", CallableKind::method, {}, int_type()));
    const api::TypeRef iter = record_type("ns::Iter", Passing::value);
    n.methods.push_back(callable("ns::Node::begin() const", "begin", "ns::Node", CallableKind::method, {}, iter));
    api::Class it;  // an iterator over a node's children
    it.name = "ns::Iter";
    it.fields.push_back(
        {"at_", type("ns::node_struct *", "ns::node_struct", Passing::pointer, TypeCategory::record), "private"});
    it.constructors.push_back(callable("ns::Iter::Iter()", "Iter", "ns::Iter", CallableKind::constructor));
    it.methods.push_back(callable("ns::Iter::operator++()", "operator++", "ns::Iter", CallableKind::method, {}, iter));
    it.methods.push_back(
        callable("ns::Iter::operator*() const", "operator*", "ns::Iter", CallableKind::method, {}, node));
    it.methods.push_back(callable("ns::Iter::operator=(const ns::Iter &)", "operator=", "ns::Iter",
                                  CallableKind::method, {param("other", record_type("ns::Iter", Passing::const_ref))}));
    api.classes = {doc, n, stmt, r, it};
    ids = {"ns::Doc::Doc()",
           "ns::Doc::append()",
           "ns::Doc::reload()",
           "ns::Node::name() const",
           "ns::Stmt::Stmt()",
           "ns::Stmt::query()",
           "ns::Stmt::close()",
           "ns::Rows::get()",
           "ns::Node::at(size_t) const",
           "ns::Node::read(char *, size_t)",
           "ns::Node::range(const char *, const char *)",
           "ns::Node::remove(const ns::Node &)",
           "ns::Node::peek(int *)",
           "ns::Iter::Iter()",
           "ns::Iter::operator++()",
           "ns::Iter::operator*() const",
           "ns::Iter::operator=(const ns::Iter &)",
           "ns::Node::begin() const",
           "ns::Node::detach(size_t, ns::Node *)"};
  }
};

/// The handles library and its catalog, made once.
struct HandlesCatalog {
  HandlesLibrary lib;
  Catalog catalog = make_catalog(lib.api, lib.ids);
};

const HandlesCatalog& handles() {
  static const HandlesCatalog made;
  return made;
}

Outcome use_after_free(int statement, std::uint32_t used_in, std::uint32_t freed_in) {
  Outcome o;
  o.kind = OutcomeKind::sanitizer;
  o.sanitizer_kind = "heap-use-after-free";
  o.statement = statement;
  o.used_in_callable = static_cast<int>(used_in);
  o.freed_in_callable = static_cast<int>(freed_in);
  o.phase = "call";
  return o;
}

TEST(Ownership, AHandleUsedAfterItsDocumentFreedItIsTheSequencesMisuse) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  // 0: doc  1: node = doc.append()  2: doc.reload()  3: node.name()
  const Sequence s =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kReload, {ref(0)}), call(L::kName, {ref(1)})});
  const auto rule = freed_under_the_sequence(use_after_free(3, L::kName, L::kReload), s, 3, catalog);
  ASSERT_TRUE(rule.has_value());
  EXPECT_EQ(rule->freeing, L::kReload);
  EXPECT_EQ(rule->dead, "ns::Node");
  EXPECT_EQ(rule->from_input, 0u);
  EXPECT_EQ(describe(*rule, catalog), "ns::Doc::reload() frees the ns::Node objects made from its object before it");
  // Learned, the generator does not run such a sequence again; a node made after the reload is fine.
  EXPECT_TRUE(uses_freed_object(s, {*rule}, catalog));
  const Sequence after =
      make({call(L::kDoc), call(L::kReload, {ref(0)}), call(L::kAppend, {ref(0)}), call(L::kName, {ref(2)})});
  EXPECT_FALSE(uses_freed_object(after, {*rule}, catalog));

  // A parent that deletes its child: the child handle is an argument of the freeing call.
  // 0: doc  1: parent  2: child = doc.append()  3: parent.remove(child)  4: child.name()
  const Sequence removed = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}),
                                 call(L::kRemove, {ref(1), ref(2)}), call(L::kName, {ref(2)})});
  const auto child = freed_under_the_sequence(use_after_free(4, L::kName, L::kRemove), removed, 4, catalog);
  ASSERT_TRUE(child.has_value());
  EXPECT_EQ(child->from_input, 1u) << "freed through its argument, not its object";
  EXPECT_EQ(describe(*child, catalog),
            "ns::Node::remove(const ns::Node &) frees the ns::Node objects made from `child` before it");
  // Learned that way, the node it was called on lives on (as an assignment's source does).
  const Sequence parent_after = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}),
                                      call(L::kRemove, {ref(1), ref(2)}), call(L::kRemove, {ref(2), ref(1)})});
  EXPECT_TRUE(uses_freed_object(parent_after, {*child}, catalog)) << "the removed child, used as the receiver";
  const Sequence sibling =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}),
            call(L::kRemove, {ref(1), ref(2)}), call(L::kName, {ref(3)})});
  EXPECT_FALSE(uses_freed_object(sibling, {*child}, catalog)) << "a sibling made from the document is not the child";
  // An object made apart from the freeing call's objects is not what it freed: a node of another
  // document (the one read is).
  // 0: doc  1: other  2: mine = doc.append()  3: theirs = other.append()  4: doc.reload()  5: mine.remove(theirs)
  const Sequence two = make({call(L::kDoc), call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(1)}),
                             call(L::kReload, {ref(0)}), call(L::kRemove, {ref(3), ref(2)})});
  const auto freed = freed_under_the_sequence(use_after_free(5, L::kRemove, L::kReload), two, 5, catalog);
  ASSERT_TRUE(freed.has_value());
  EXPECT_EQ(freed->dead, "ns::Node");
  EXPECT_FALSE(uses_freed_object(make({call(L::kDoc), call(L::kDoc), call(L::kAppend, {ref(1)}),
                                       call(L::kReload, {ref(0)}), call(L::kName, {ref(2)})}),
                                 {*freed}, catalog))
      << "the other document's node lives on";

  // Used through an object made after the reload from a node taken before it (pugixml's
  // xpath_node built from a stale xml_node): the stale node is what was freed.
  // 0: doc  1: node = doc.append()  2: doc.reload()  3: it = node.begin()  4: *it
  const Sequence later = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kReload, {ref(0)}),
                               call(L::kBegin, {ref(1)}), call(L::kDereference, {ref(3)})});
  const auto stale = freed_under_the_sequence(use_after_free(4, L::kDereference, L::kReload), later, 4, catalog);
  ASSERT_TRUE(stale.has_value());
  EXPECT_EQ(stale->dead, "ns::Node");
  EXPECT_TRUE(uses_freed_object(later, {*stale}, catalog));
  // Used through an object made from it, as the stale node itself is.
  EXPECT_TRUE(uses_freed_object(make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kReload, {ref(0)}),
                                      call(L::kBegin, {ref(1)}), call(L::kIncrement, {ref(3)})}),
                                {*stale}, catalog));
  // Made after the reload from the document itself: alive.
  EXPECT_FALSE(
      uses_freed_object(make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kReload, {ref(0)}),
                              call(L::kAppend, {ref(0)}), call(L::kBegin, {ref(3)}), call(L::kDereference, {ref(4)})}),
                        {*stale}, catalog));
}

/// 0: doc  1: parent  2: other  3: child = doc.append()  4: parent.remove(child)  5: other.remove(child)
Sequence removed_twice() {
  using L = HandlesLibrary;
  return make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}),
               call(L::kRemove, {ref(1), ref(3)}), call(L::kRemove, {ref(2), ref(3)})});
}

TEST(Ownership, AChildRemovedTwiceIsASuspectNotAFailure) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  const Sequence twice = removed_twice();
  const Outcome outcome = use_after_free(5, L::kRemove, L::kRemove);
  EXPECT_FALSE(freed_under_the_sequence(outcome, twice, 5, catalog)) << "the second remove may have freed it itself";
  const auto maybe = freed_under_the_sequence(outcome, twice, 5, catalog, true);
  ASSERT_TRUE(maybe.has_value());
  EXPECT_EQ(maybe->from_input, 1u);

  FeedbackOptions options;
  options.self_made_invalid_inputs = true;
  const Classified c = classify(outcome, twice, twice.size(), catalog, options);
  EXPECT_EQ(c.verdict, Verdict::failure);
  ASSERT_TRUE(c.maybe_freed_before.has_value());
  const Confidence judged = judge_confidence(c, twice, catalog);
  EXPECT_FALSE(judged.high);
  EXPECT_NE(judged.suspicion.find("cannot tell which of the two calls"), std::string::npos) << judged.suspicion;
}

TEST(Ownership, TheHarnessSawWhichRemoveFreedTheChild) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  FeedbackOptions options;
  options.self_made_invalid_inputs = true;
  const Sequence twice = removed_twice();
  // Freed by the first remove: the second is given a removed child, the sequence's misuse.
  Outcome first = use_after_free(5, L::kRemove, L::kRemove);
  first.freed_statement = 4;
  const auto rule = freed_under_the_sequence(first, twice, 5, catalog);
  ASSERT_TRUE(rule.has_value());
  EXPECT_EQ(rule->from_input, 1u);
  const Classified misuse = classify(first, twice, twice.size(), catalog, options);
  EXPECT_EQ(misuse.verdict, Verdict::invalid);
  ASSERT_TRUE(misuse.frees.has_value());
  // Freed by the failing call itself: the library's own use after free, doubted by nothing.
  Outcome own = use_after_free(5, L::kRemove, L::kRemove);
  own.freed_statement = 5;
  EXPECT_FALSE(freed_under_the_sequence(own, twice, 5, catalog, true));
  const Classified bug = classify(own, twice, twice.size(), catalog, options);
  EXPECT_EQ(bug.verdict, Verdict::failure);
  EXPECT_FALSE(bug.maybe_freed_before.has_value());
  EXPECT_TRUE(judge_confidence(bug, twice, catalog).high);
  // Given another child of the parent after the first remove: memory the library may have left
  // dangling (the removed child still in the parent's list), not the sequence's misuse.
  // 5: sibling = parent.at(0)  6: parent.remove(sibling)
  const Sequence sibling = twice.prefix(5)
                               .extended(call(L::kAt, {ref(1), Input::unsigned_integer(0)}))
                               .extended(call(L::kRemove, {ref(1), ref(5)}));
  Outcome dangling = use_after_free(6, L::kRemove, L::kRemove);
  dangling.freed_statement = 4;
  EXPECT_FALSE(freed_under_the_sequence(dangling, sibling, 6, catalog));
  EXPECT_FALSE(freed_under_the_sequence(dangling, sibling, 6, catalog, true));
  // Freed by a reload seen as statement 1 while the stack named remove: the two disagree, and
  // what the stacks say is judged as before.
  Outcome odd = use_after_free(5, L::kRemove, L::kRemove);
  odd.freed_statement = 1;
  EXPECT_FALSE(freed_under_the_sequence(odd, twice, 5, catalog));
  EXPECT_TRUE(freed_under_the_sequence(odd, twice, 5, catalog, true).has_value());
}

TEST(Ownership, ARemoveOfAChildNoEarlierCallWasGivenStaysAFailure) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  FeedbackOptions options;
  options.self_made_invalid_inputs = true;
  // 0: doc  1: parent  2: child = doc.append()  3: parent.remove(child): removed once, and the
  // remove used what it freed itself.
  const Sequence once =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}), call(L::kRemove, {ref(1), ref(2)})});
  const Outcome outcome = use_after_free(3, L::kRemove, L::kRemove);
  EXPECT_FALSE(freed_under_the_sequence(outcome, once, 3, catalog, true));
  const Classified single = classify(outcome, once, once.size(), catalog, options);
  EXPECT_EQ(single.verdict, Verdict::failure);
  EXPECT_FALSE(single.maybe_freed_before.has_value());
  EXPECT_TRUE(judge_confidence(single, once, catalog).high);

  // Removed twice, but the second crashed in another way, or the rule is off: no suspicion.
  const Sequence twice = removed_twice();
  Outcome segv = use_after_free(5, L::kRemove, L::kRemove);
  segv.sanitizer_kind = "SEGV";
  const Classified crashed = classify(segv, twice, twice.size(), catalog, options);
  EXPECT_FALSE(crashed.maybe_freed_before.has_value());
  FeedbackOptions off;
  off.self_made_invalid_inputs = false;
  const Classified unjudged = classify(use_after_free(5, L::kRemove, L::kRemove), twice, twice.size(), catalog, off);
  EXPECT_EQ(unjudged.verdict, Verdict::failure);
  EXPECT_FALSE(unjudged.maybe_freed_before.has_value());
}

TEST(Ownership, TheLibrarysOwnUseAfterFreeStaysAFailure) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  // Freed and used in the same call: no earlier statement freed it.
  const Sequence same = make({call(L::kDoc), call(L::kReload, {ref(0)})});
  EXPECT_FALSE(freed_under_the_sequence(use_after_free(1, L::kReload, L::kReload), same, 1, catalog));
  // Used through the very object whose call freed it: its own state, the library's to keep right.
  const Sequence own = make({call(L::kDoc), call(L::kReload, {ref(0)}), call(L::kAppend, {ref(0)})});
  EXPECT_FALSE(freed_under_the_sequence(use_after_free(2, L::kAppend, L::kReload), own, 2, catalog));
  // A statement that points to its open rows keeps track of them: it had to guard their use.
  const Sequence rows =
      make({call(L::kStmt), call(L::kQuery, {ref(0)}), call(L::kClose, {ref(0)}), call(L::kGet, {ref(1)})});
  EXPECT_FALSE(freed_under_the_sequence(use_after_free(3, L::kGet, L::kClose), rows, 3, catalog));
  // No free stack through a thunk, or another kind of error: nothing to learn.
  const Sequence s =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kReload, {ref(0)}), call(L::kName, {ref(1)})});
  Outcome unknown = use_after_free(3, L::kName, L::kReload);
  unknown.freed_in_callable = -1;
  EXPECT_FALSE(freed_under_the_sequence(unknown, s, 3, catalog));
  Outcome overflow = use_after_free(3, L::kName, L::kReload);
  overflow.sanitizer_kind = "heap-buffer-overflow";
  EXPECT_FALSE(freed_under_the_sequence(overflow, s, 3, catalog));
  // Seen while observing or destroying, or in another call than the failing statement's: not
  // the failing statement's use.
  Outcome observing = use_after_free(3, L::kName, L::kReload);
  observing.phase = "observe";
  EXPECT_FALSE(freed_under_the_sequence(observing, s, 3, catalog));
  EXPECT_FALSE(freed_under_the_sequence(use_after_free(3, L::kAppend, L::kReload), s, 3, catalog));
  // The freeing call's receiver was made from what it freed (a child's child removing the child):
  // using the receiver is using its own state.
  // 0: doc  1: c = doc.append()  2: p = c.at(0)  3: p.remove(c)  4: p.name()
  const Sequence up =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAt, {ref(1), Input::unsigned_integer(0)}),
            call(L::kRemove, {ref(2), ref(1)}), call(L::kName, {ref(2)})});
  EXPECT_FALSE(freed_under_the_sequence(use_after_free(4, L::kName, L::kRemove), up, 4, catalog));
  // Nor is an object made after the free from the receiver: 5: it = p.begin()  6: *it
  const Sequence from_receiver =
      up.prefix(4).extended(call(L::kBegin, {ref(2)})).extended(call(L::kDereference, {ref(4)}));
  EXPECT_FALSE(freed_under_the_sequence(use_after_free(5, L::kDereference, L::kRemove), from_receiver, 5, catalog));
  // Freed by a call of the failing statement's own callable: maybe in this very call.
  const Sequence twice = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(1)}),
                               call(L::kRemove, {ref(1), ref(2)}), call(L::kRemove, {ref(1), ref(2)})});
  EXPECT_FALSE(freed_under_the_sequence(use_after_free(4, L::kRemove, L::kRemove), twice, 4, catalog));
}

TEST(Ownership, FeedbackCallsTheMisuseInvalidAndSaysWhatItLearned) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  const Sequence s =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kReload, {ref(0)}), call(L::kName, {ref(1)})});
  const Classified c = classify(use_after_free(3, L::kName, L::kReload), s, s.size(), catalog, FeedbackOptions{});
  EXPECT_EQ(c.verdict, Verdict::invalid);
  ASSERT_TRUE(c.frees.has_value());
  EXPECT_EQ(c.frees->dead, "ns::Node");
}

TEST(FailedAssert, SplitsTheMessageOfGlibcsAssert) {
  const FailedAssert a = failed_assert(
      "SIGABRT: palus-harness: src/pugixml.cpp:12495: const pugi::xpath_node& pugi::xpath_node_set::operator[](size_t) "
      "const: Assertion `index < size()' failed.");
  EXPECT_EQ(a.where, "src/pugixml.cpp:12495");
  EXPECT_EQ(a.function, "const pugi::xpath_node& pugi::xpath_node_set::operator[](size_t) const");
  EXPECT_EQ(a.condition, "index < size()");
  EXPECT_TRUE(failed_assert("SIGABRT: terminate called after throwing").condition.empty());
}

Classified failure(std::string kind, int statement, std::string message = {}) {
  Classified c;
  c.verdict = Verdict::failure;
  c.kind = std::move(kind);
  c.statement = statement;
  c.message = std::move(message);
  return c;
}

TEST(Confidence, ALibraryAssertOnTheCallsInputsIsAPrecondition) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  const Sequence s =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAt, {ref(1), Input::unsigned_integer(3)})});
  const Confidence on_parameter = judge_confidence(
      failure(
          "crash", 2,
          "SIGABRT: palus-harness: src/a.cpp:12: ns::Node ns::Node::at(size_t) const: Assertion `index < 2' failed."),
      s, catalog);
  EXPECT_FALSE(on_parameter.high);
  EXPECT_NE(on_parameter.suspicion.find("assert(index < 2)"), std::string::npos) << on_parameter.suspicion;
  EXPECT_EQ(on_parameter.precondition, "ns::Node::at(size_t) const: assert(index < 2) at src/a.cpp:12");
  const Confidence on_state = judge_confidence(
      failure("crash", 2, "SIGABRT: h: src/a.cpp:9: ns::Node ns::Node::at(size_t) const: Assertion `root_' failed."), s,
      catalog);
  EXPECT_FALSE(on_state.high) << "a field of the receiver";
  // An assert on nothing the caller gave (a broken invariant, `assert(false && "...")`) is a bug,
  // and so is one inside a function that is not the library's public API.
  EXPECT_TRUE(judge_confidence(failure("crash", 2,
                                       "SIGABRT: h: src/a.cpp:9: ns::Node ns::Node::at(size_t) const: Assertion "
                                       "`false && \"index root_\"' failed."),
                               s, catalog)
                  .high);
  EXPECT_TRUE(judge_confidence(
                  failure("crash", 2, "SIGABRT: h: src/a.cpp:9: int ns::Node::name() const: Assertion `root_' failed."),
                  s, catalog)
                  .high)
      << "the library calling another public function of its own with bad values";
  EXPECT_TRUE(judge_confidence(
                  failure("crash", 2, "SIGABRT: h: src/a.cpp:9: void ns::detail::grow(int): Assertion `index' failed."),
                  s, catalog)
                  .high);
}

TEST(Confidence, AReadPastTheValuePalusMadeForAnEarlierPointerMakesAFailureSuspect) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  // peek(&one_int) may keep the pointer; name() then reads past the one int (muparser's
  // DefineVar(name, &value), then Eval in bulk mode).
  const Sequence kept = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kPeek, {ref(1), Input::integer(3)}),
                              call(L::kName, {ref(1)})});
  Classified past = failure("sanitizer", 3, "AddressSanitizer: heap-buffer-overflow on address 0x602000000014");
  past.pointee_in_callable = static_cast<int>(L::kPeek);
  const Confidence judged = judge_confidence(past, kept, catalog);
  EXPECT_FALSE(judged.high);
  EXPECT_NE(judged.suspicion.find("past the value palus made for ns::Node::peek(int *)"), std::string::npos)
      << judged.suspicion;
  EXPECT_NE(judged.suspicion.find("`out` got a pointer to one int"), std::string::npos) << judged.suspicion;
  // Memory the library made is the library's, and so is a use after free of any.
  past.pointee_in_callable = -1;
  EXPECT_TRUE(judge_confidence(past, kept, catalog).high);
  Classified freed = failure("sanitizer", 3, "AddressSanitizer: heap-use-after-free on address 0x602000000014");
  freed.pointee_in_callable = static_cast<int>(L::kPeek);
  EXPECT_TRUE(judge_confidence(freed, kept, catalog).high);
}

TEST(Confidence, AMadeUpPointerOrHugeSizeMakesAFailureSuspect) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  const Sequence one = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kPeek, {ref(1), Input::integer(3)})});
  const Confidence peek = judge_confidence(failure("sanitizer", 2, "stack-buffer-overflow"), one, catalog);
  EXPECT_FALSE(peek.high);
  EXPECT_NE(peek.suspicion.find("`out` got a pointer to one int"), std::string::npos) << peek.suspicion;
  // Arithmetic gone wrong in the call is no read past the one int (muparser's Diff(&var, ...) met
  // ParserInt's shift); a value read from past it is.
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 2, "x.cpp:52:7: runtime error: shift exponent 55 is too large"),
                               one, catalog)
                  .high);
  EXPECT_FALSE(
      judge_confidence(failure("sanitizer", 2, "x.cpp:9:3: runtime error: load of value 190, which is not a valid"),
                       one, catalog)
          .high);
  Classified unchecked = failure("sanitizer", 2, "x.cpp:52:7: runtime error: shift exponent 55 is too large");
  unchecked.reads_checked = false;
  EXPECT_FALSE(judge_confidence(unchecked, one, catalog).high)
      << "without AddressSanitizer a value read from past the int may be what was shifted";
  // A buffer with its length after it gets a real array of that length (api::is_buffer).
  const Sequence buffer = make({call(L::kDoc), call(L::kAppend, {ref(0)}),
                                call(L::kRead, {ref(1), Input::integer(32), Input::unsigned_integer(10)})});
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 2, "stack-buffer-overflow"), buffer, catalog).high);
  const Sequence range = make(
      {call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kRange, {ref(1), Input::string("a"), Input::string("b")})});
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 2, "heap-buffer-overflow"), range, catalog).high)
      << "a begin and end are one text and its end (api::is_string_end), never made up apart";
  // A hang after asking for 2^30 elements, but not one after a small index.
  const Sequence huge = make({call(L::kDoc), call(L::kAppend, {ref(0)}),
                              call(L::kAt, {ref(1), Input::unsigned_integer(std::uint64_t{1} << 30)})});
  EXPECT_FALSE(judge_confidence(failure("hang", 2), huge, catalog).high);
  const Sequence wrapped =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAt, {ref(1), Input::integer(-2147483647 - 1)})});
  EXPECT_FALSE(judge_confidence(failure("hang", 2), wrapped, catalog).high) << "an unsigned index wraps to 2^31";
  const Sequence minus_100 =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAt, {ref(1), Input::integer(-100)})});
  EXPECT_FALSE(judge_confidence(failure("hang", 2), minus_100, catalog).high)
      << "any negative size wraps to a huge one when its alias is unsigned (jsoncpp's resize(ArrayIndex))";
  const Sequence two_million =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAt, {ref(1), Input::unsigned_integer(2097155)})});
  EXPECT_FALSE(judge_confidence(failure("hang", 2), two_million, catalog).high)
      << "two million elements take over 2 s when each is a node (jsoncpp's Value::resize)";
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 2, "SEGV on unknown address"), two_million, catalog).high)
      << "a crash needs a size past any buffer before it is doubted";
  const Sequence small =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAt, {ref(1), Input::unsigned_integer(3)})});
  EXPECT_TRUE(judge_confidence(failure("hang", 2), small, catalog).high);
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 2, "heap-use-after-free"), small, catalog).high);
  // A crash after an index named as one of 2^30: past any size a caller has (re2's
  // StringPiece::remove_prefix(n) with n of 2^31).
  const Confidence crashed = judge_confidence(failure("sanitizer", 2, "SEGV on unknown address"), huge, catalog);
  EXPECT_FALSE(crashed.high);
  EXPECT_NE(crashed.suspicion.find("`index`"), std::string::npos) << crashed.suspicion;
  // Given to an object the crashing call never sees, it is no size the crash read past.
  const Sequence beside = make({call(L::kDoc), call(L::kAppend, {ref(0)}),
                                call(L::kAt, {ref(1), Input::unsigned_integer(std::uint64_t{1} << 30)}), call(L::kStmt),
                                call(L::kQuery, {ref(3)})});
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 4, "heap-use-after-free"), beside, catalog).high);
  const Sequence later =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}),
            call(L::kAt, {ref(1), Input::unsigned_integer(std::uint64_t{1} << 30)}), call(L::kName, {ref(1)})});
  EXPECT_FALSE(judge_confidence(failure("sanitizer", 3, "SEGV on unknown address"), later, catalog).high)
      << "given to the node the crashing call reads";
  const Sequence kept = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}),
                              call(L::kAt, {ref(2), Input::unsigned_integer(std::uint64_t{1} << 30)}),
                              call(L::kRemove, {ref(1), ref(2)}), call(L::kName, {ref(1)})});
  EXPECT_FALSE(judge_confidence(failure("sanitizer", 5, "SEGV on unknown address"), kept, catalog).high)
      << "given to a node the crashing call's node was given to keep";
}

TEST(Confidence, OnlyALengthNamedAsOneAfterACStringIsABuffersSize) {
  const api::TypeRef text = type("const char *", "char", Passing::const_pointer, TypeCategory::cstring);
  api::Class p;
  p.name = "ns::P";
  p.constructors.push_back(callable("ns::P::P()", "P", "ns::P", CallableKind::constructor));
  p.methods.push_back(callable(
      "ns::P::find(const char *, char)", "find", "ns::P", CallableKind::method,
      {param("path", text), param("delimiter", type("char", "char", Passing::value, TypeCategory::character))}));
  p.methods.push_back(
      callable("ns::P::load(const char *, unsigned int)", "load", "ns::P", CallableKind::method,
               {param("contents", text),
                param("options", type("unsigned int", "unsigned int", Passing::value, TypeCategory::integer))}));
  p.methods.push_back(
      callable("ns::P::take(const char *, size_t)", "take", "ns::P", CallableKind::method,
               {param("s", text), param("len", type("size_t", "size_t", Passing::value, TypeCategory::integer))}));
  p.methods.push_back(
      callable("ns::P::put(const char *, size_t)", "put", "ns::P", CallableKind::method,
               {param("arg0", text), param("arg1", type("size_t", "size_t", Passing::value, TypeCategory::integer))}));
  api::Api a;
  a.classes.push_back(p);
  const Catalog catalog =
      make_catalog(a, {"ns::P::P()", "ns::P::find(const char *, char)", "ns::P::load(const char *, unsigned int)",
                       "ns::P::take(const char *, size_t)", "ns::P::put(const char *, size_t)"});
  auto judged = [&](std::uint32_t callable, Input second) {
    const Sequence s = make({call(0), call(callable, {ref(0), Input::string("a/b"), second})});
    return judge_confidence(failure("sanitizer", 1, "heap-buffer-overflow"), s, catalog);
  };
  EXPECT_TRUE(judged(1, Input::integer(0)).high) << "a delimiter is no length: pugixml's first_element_by_path bug";
  EXPECT_TRUE(judged(2, Input::unsigned_integer(0)).high) << "options are flags";
  const Confidence take = judged(3, Input::unsigned_integer(100));
  EXPECT_FALSE(take.high);
  EXPECT_NE(take.suspicion.find("`s` and `len`"), std::string::npos) << take.suspicion;
  EXPECT_FALSE(judged(4, Input::unsigned_integer(100)).high) << "an unnamed unsigned integer after a C string";
}

TEST(Confidence, ACrashAfterANegativeOffsetIsSuspect) {
  const api::TypeRef offset = type("ptrdiff_t", "ptrdiff_t", Passing::value, TypeCategory::integer);
  api::Class v;
  v.name = "ns::V";
  v.constructors.push_back(callable("ns::V::V()", "V", "ns::V", CallableKind::constructor));
  v.methods.push_back(callable("ns::V::setOffsetLimit(ptrdiff_t)", "setOffsetLimit", "ns::V", CallableKind::method,
                               {param("limit", offset)}));
  v.methods.push_back(
      callable("ns::V::setLevel(ptrdiff_t)", "setLevel", "ns::V", CallableKind::method, {param("level", offset)}));
  v.methods.push_back(
      callable("ns::V::seek(ptrdiff_t)", "seek", "ns::V", CallableKind::method, {param("offset", offset)}));
  v.methods.push_back(callable("ns::V::eval(int &)", "eval", "ns::V", CallableKind::method,
                               {param("nStackSize", type("int &", "int", Passing::ref, TypeCategory::integer))}));
  v.methods.push_back(callable("ns::V::next(int &)", "next", "ns::V", CallableKind::method,
                               {param("pos", type("int &", "int", Passing::ref, TypeCategory::integer))}));
  api::Api a;
  a.classes.push_back(v);
  const Catalog catalog =
      make_catalog(a, {"ns::V::V()", "ns::V::setOffsetLimit(ptrdiff_t)", "ns::V::setLevel(ptrdiff_t)",
                       "ns::V::seek(ptrdiff_t)", "ns::V::eval(int &)", "ns::V::next(int &)"});
  auto judged = [&](std::uint32_t callable) {
    const Sequence s = make({call(0), call(callable, {ref(0), Input::integer(-100)})});
    return judge_confidence(failure("sanitizer", 1, "runtime error: applying non-zero offset"), s, catalog);
  };
  EXPECT_FALSE(judged(1).high) << "the setter's name says its argument is an offset (jsoncpp's setOffsetLimit)";
  EXPECT_TRUE(judged(2).high) << "a level may be negative";
  EXPECT_FALSE(judged(3).high) << "a parameter named offset";
  EXPECT_TRUE(judged(4).high) << "a size the call writes (muparser's Eval(int& nStackSize)) is no input";
  EXPECT_FALSE(judged(5).high) << "a position passed by reference is the caller's";
}

/// The run of a one-statement prefix that saw observer `callable` give `value` on its object.
harness::protocol::RunResult observed_on_first(std::uint32_t callable, const harness::protocol::Value& value) {
  harness::protocol::RunResult result;
  result.statements.resize(1);
  harness::protocol::Observation o;
  o.callable = callable;
  o.object = 0;
  o.value = value;
  result.statements[0].observations.push_back(o);
  return result;
}

api::TypeRef size_type() { return type("size_t", "size_t", Passing::value, TypeCategory::integer); }

/// One class with a default constructor (callable 0) and `size() const` (callable 1), then
/// `methods` (callables 2, 3, ...).
struct SizedClass {
  api::Api api;
  Catalog catalog;

  SizedClass(const std::string& name, std::vector<api::Callable> methods) {
    const std::string simple = name.substr(name.rfind(':') + 1);
    api::Class c;
    c.name = name;
    c.constructors.push_back(callable(name + "::" + simple + "()", simple, name, CallableKind::constructor));
    c.methods.push_back(callable(name + "::size() const", "size", name, CallableKind::method, {}, size_type()));
    std::vector<std::string> ids{c.constructors[0].id, c.methods[0].id};
    for (api::Callable& m : methods) {
      ids.push_back(m.id);
      c.methods.push_back(std::move(m));
    }
    api.classes.push_back(std::move(c));
    catalog = make_catalog(api, ids);
  }
  SizedClass(const SizedClass&) = delete;  // the catalog points into api
  SizedClass& operator=(const SizedClass&) = delete;
};

harness::protocol::Value unsigned_value(std::uint64_t u) {
  harness::protocol::Value v;
  v.kind = harness::protocol::ValueKind::unsigned_integer;
  v.u = u;
  return v;
}

TEST(Confidence, ACrashAfterACountPastTheObjectsSizeIsSuspect) {
  const SizedClass piece("ns::Piece", {callable("ns::Piece::remove_suffix(size_t)", "remove_suffix", "ns::Piece",
                                                CallableKind::method, {param("n", size_type())})});
  const Catalog& catalog = piece.catalog;
  // The run of the statements before the crash saw size() == 5 on the piece.
  const harness::protocol::RunResult observed = observed_on_first(1, unsigned_value(5));
  auto judged = [&](std::uint64_t n, const harness::protocol::RunResult* seen) {
    const Sequence s = make({call(0), call(2, {ref(0), Input::unsigned_integer(n)})});
    return judge_confidence(failure("sanitizer", 1, "heap-buffer-overflow"), s, catalog, seen);
  };
  const Confidence past = judged(100, &observed);
  EXPECT_FALSE(past.high);
  EXPECT_NE(past.suspicion.find("more than the object's size (5)"), std::string::npos) << past.suspicion;
  EXPECT_TRUE(judged(3, &observed).high);
  EXPECT_TRUE(judged(100, nullptr).high) << "nothing observed, nothing known";
  // The count went past one piece, the crash is on another.
  const Sequence other = make({call(0), call(2, {ref(0), Input::unsigned_integer(100)}), call(0), call(1, {ref(2)})});
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 3, "heap-use-after-free"), other, catalog, &observed).high);

  // A count by another name, and an element asked for by its id: re2's FilteredRE2 with no
  // regexp asked for GetRE2(3).
  api::Class filter;
  filter.name = "ns::Filter";
  filter.constructors.push_back(callable("ns::Filter::Filter()", "Filter", "ns::Filter", CallableKind::constructor));
  filter.methods.push_back(
      callable("ns::Filter::NumRegexps() const", "NumRegexps", "ns::Filter", CallableKind::method, {}, int_type()));
  filter.methods.push_back(callable("ns::Filter::GetRE2(int) const", "GetRE2", "ns::Filter", CallableKind::method,
                                    {param("regexpid", int_type())}));
  filter.methods.push_back(callable("ns::Filter::Shift(int) const", "Shift", "ns::Filter", CallableKind::method,
                                    {param("width", int_type())}));
  api::Api b;
  b.classes.push_back(filter);
  const Catalog filters = make_catalog(b, {"ns::Filter::Filter()", "ns::Filter::NumRegexps() const",
                                           "ns::Filter::GetRE2(int) const", "ns::Filter::Shift(int) const"});
  harness::protocol::Value zero;
  zero.kind = harness::protocol::ValueKind::signed_integer;
  zero.i = 0;
  const harness::protocol::RunResult none = observed_on_first(1, zero);
  const Confidence asked = judge_confidence(failure("sanitizer", 1, "SEGV"),
                                            make({call(0), call(2, {ref(0), Input::integer(3)})}), filters, &none);
  EXPECT_FALSE(asked.high);
  EXPECT_NE(asked.suspicion.find("`regexpid`"), std::string::npos) << asked.suspicion;
  EXPECT_FALSE(judge_confidence(failure("sanitizer", 1, "SEGV"), make({call(0), call(2, {ref(0), Input::integer(0)})}),
                                filters, &none)
                   .high)
      << "element 0 of none is past the end already";
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 1, "SEGV"), make({call(0), call(3, {ref(0), Input::integer(3)})}),
                               filters, &none)
                  .high)
      << "a width is no element's number";
}

TEST(Confidence, AHangInACallGivenAnObjectOfManyElementsIsSuspect) {
  const SizedClass list("ns::List", {callable("ns::List::sort()", "sort", "ns::List", CallableKind::method),
                                     callable("ns::List::capacity() const", "capacity", "ns::List",
                                              CallableKind::method, {}, size_type()),
                                     callable("ns::List::merge(ns::List &)", "merge", "ns::List", CallableKind::method,
                                              {param("other", record_type("ns::List", Passing::ref))})});
  constexpr std::uint32_t kSize = 1, kSort = 2, kCapacity = 3, kMerge = 4;
  auto judged = [&](const char* kind, std::uint64_t elements, std::uint32_t observer = 1) {
    const harness::protocol::RunResult observed = observed_on_first(observer, unsigned_value(elements));
    return judge_confidence(failure(kind, 1, "no answer after 2000 ms"), make({call(0), call(kSort, {ref(0)})}),
                            list.catalog, &observed);
  };
  const Confidence many = judged("hang", 65536);
  EXPECT_FALSE(many.high);
  EXPECT_NE(many.suspicion.find("held 65536 elements"), std::string::npos) << many.suspicion;
  EXPECT_FALSE(judged("oom", 1 << 20).high);
  EXPECT_FALSE(judged("hang", 32768).high) << "2^15 elements";
  EXPECT_TRUE(judged("hang", 32767).high) << "fewer than 2^15";
  EXPECT_TRUE(judged("hang", 1000).high) << "a thousand elements take no seconds";
  EXPECT_TRUE(judged("sanitizer", 65536).high) << "a large object is no reason to read out of bounds";
  EXPECT_TRUE(judged("hang", 65536, kCapacity).high) << "a capacity counts no elements";

  // Given to another list's merge() after it was observed: its size then was not seen (only a
  // receiver and a result are observed), so the one observed before is stale.
  // 0: a  1: b  2: b.merge(a)  3: a.sort()
  const Sequence merged = make({call(0), call(0), call(kMerge, {ref(1), ref(0)}), call(kSort, {ref(0)})});
  harness::protocol::RunResult before = observed_on_first(kSize, unsigned_value(65536));
  before.statements.resize(3);
  EXPECT_TRUE(judge_confidence(failure("hang", 3), merged, list.catalog, &before).high);
  // Observed again after the merge, as a receiver: the new size counts.
  const Sequence own = make({call(0), call(0), call(kMerge, {ref(0), ref(1)}), call(kSort, {ref(0)})});
  harness::protocol::Observation after;
  after.callable = kSize;
  after.object = 0;
  after.value = unsigned_value(70000);
  before.statements[0].observations[0].value = unsigned_value(3);
  before.statements[2].observations.push_back(after);
  const Confidence grown = judge_confidence(failure("hang", 3), own, list.catalog, &before);
  EXPECT_FALSE(grown.high);
  EXPECT_NE(grown.suspicion.find("held 70000 elements"), std::string::npos) << grown.suspicion;
}

TEST(Confidence, AnEqualityContractBrokenAfterANaNIsSuspect) {
  Library lib;
  lib.api.classes[0].traits.hashable = true;  // a key of hashed containers, whose operator== must be reflexive
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  const Sequence nan =
      make({call(Library::kACtor, {Input::floating(std::nan(""))}), call(Library::kReflexive, {ref(0)})});
  const Confidence c = judge_confidence(failure("contract", 1, "a == a is false"), nan, catalog);
  EXPECT_FALSE(c.high);
  EXPECT_NE(c.suspicion.find("NaN"), std::string::npos) << c.suspicion;
  const Sequence plain = make({call(Library::kACtor, {Input::floating(1.5)}), call(Library::kReflexive, {ref(0)})});
  EXPECT_TRUE(judge_confidence(failure("contract", 1, "a == a is false"), plain, catalog).high);
}

TEST(Confidence, AnIrreflexiveEqualityOfAClassThatCannotBeAKeyIsSuspect) {
  Library lib;
  const Sequence plain = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kReflexive, {ref(0)})});
  const Confidence c =
      judge_confidence(failure("contract", 1, "a == a is false"), plain, make_catalog(lib.api, lib.ids));
  EXPECT_FALSE(c.high);
  EXPECT_NE(c.suspicion.find("neither std::hash nor operator<"), std::string::npos) << c.suspicion;
  lib.api.classes[0].traits.less_comparable = true;
  EXPECT_TRUE(judge_confidence(failure("contract", 1, "a == a is false"), plain, make_catalog(lib.api, lib.ids)).high);
}

TEST(Confidence, ADefaultConstructedIteratorIsSingular) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  const Sequence singular = make({call(L::kIter), call(L::kIncrement, {ref(0)})});
  const Confidence c = judge_confidence(failure("sanitizer", 1, "SEGV"), singular, catalog);
  EXPECT_FALSE(c.high);
  EXPECT_NE(c.suspicion.find("singular"), std::string::npos) << c.suspicion;
  EXPECT_FALSE(
      judge_confidence(failure("crash", 1), make({call(L::kIter), call(L::kDereference, {ref(0)})}), catalog).high);
  // Given a node's begin() first: no longer singular, but palus never compared it with end(), so it
  // may not point at an element either (an empty node's begin() is its end()).
  const Sequence assigned = make({call(L::kIter), call(L::kDoc), call(L::kAppend, {ref(1)}), call(L::kBegin, {ref(2)}),
                                  call(L::kAssign, {ref(0), ref(3)}), call(L::kIncrement, {ref(0)})});
  const Confidence unchecked = judge_confidence(failure("sanitizer", 5, "SEGV"), assigned, catalog);
  EXPECT_FALSE(unchecked.high);
  EXPECT_EQ(unchecked.suspicion.find("singular"), std::string::npos) << unchecked.suspicion;
  EXPECT_NE(unchecked.suspicion.find("end()"), std::string::npos) << unchecked.suspicion;
  const Sequence made =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kBegin, {ref(1)}), call(L::kIncrement, {ref(2)})});
  EXPECT_FALSE(judge_confidence(failure("sanitizer", 3, "SEGV"), made, catalog).high);
  // A crash in another call of the iterator's class is the library's (a Java-style next() checks itself).
  const Sequence assigning = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kBegin, {ref(1)}), call(L::kIter),
                                   call(L::kAssign, {ref(3), ref(2)})});
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 4, "SEGV"), assigning, catalog).high);
}

TEST(Confidence, ACrashInAnotherClasssPrivatePartIsSuspect) {
  // ns::Parser keeps an ns::Bytecode in a private field and builds it by its own protocol
  // (muparser's ParserBase and ParserByteCode); nothing else takes or returns one.
  api::Api api;
  api::Class bytecode;
  bytecode.name = "ns::Bytecode";
  bytecode.constructors.push_back(
      callable("ns::Bytecode::Bytecode()", "Bytecode", "ns::Bytecode", CallableKind::constructor));
  bytecode.methods.push_back(
      callable("ns::Bytecode::addOp(int)", "addOp", "ns::Bytecode", CallableKind::method, {param("op", int_type())}));
  api::Class parser;
  parser.name = "ns::Parser";
  parser.constructors.push_back(callable("ns::Parser::Parser()", "Parser", "ns::Parser", CallableKind::constructor));
  parser.methods.push_back(callable("ns::Parser::eval()", "eval", "ns::Parser", CallableKind::method));
  api::Field code{"code_", {}, "private"};
  code.type.spelling = "std::unique_ptr<Bytecode>";  // as read from api.yaml: the spelling only
  parser.fields.push_back(code);
  api.classes = {bytecode, parser};
  const std::vector<std::string> ids{"ns::Bytecode::Bytecode()", "ns::Bytecode::addOp(int)", "ns::Parser::Parser()",
                                     "ns::Parser::eval()"};
  const Sequence s = make({call(0), call(1, {ref(0), Input::integer(3)})});
  const Confidence internal = judge_confidence(failure("sanitizer", 1, "SEGV"), s, make_catalog(api, ids));
  EXPECT_FALSE(internal.high);
  EXPECT_NE(internal.suspicion.find("private part of ns::Parser"), std::string::npos) << internal.suspicion;
  // The parser's own crash stays a failure.
  EXPECT_TRUE(
      judge_confidence(failure("sanitizer", 1, "SEGV"), make({call(2), call(3, {ref(0)})}), make_catalog(api, ids))
          .high);
  // Shown read-only, it is still the parser's to drive.
  api.classes[1].methods.push_back(callable("ns::Parser::view() const", "view", "ns::Parser", CallableKind::method, {},
                                            record_type("ns::Bytecode", Passing::const_ref)));
  EXPECT_FALSE(judge_confidence(failure("sanitizer", 1, "SEGV"), s, make_catalog(api, ids)).high);
  api.classes[1].methods.pop_back();
  // Handed out by a public method, the bytecode is the caller's to use.
  api.classes[1].methods.push_back(callable("ns::Parser::code()", "code", "ns::Parser", CallableKind::method, {},
                                            record_type("ns::Bytecode", Passing::ref)));
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 1, "SEGV"), s, make_catalog(api, ids)).high);
  // Public as a field, it is no private part either.
  api.classes[1].methods.pop_back();
  api.classes[1].fields.back().access = "public";
  EXPECT_TRUE(judge_confidence(failure("sanitizer", 1, "SEGV"), s, make_catalog(api, ids)).high);
}

TEST(Confidence, AValueInitialisedPointerHolderHoldsMadeUpNulls) {
  // ns::Fn holds a function pointer and has only implicit constructors (muparser's
  // generic_callable_type); ns::Box holds an int.
  api::Api api;
  api::Class fn;
  fn.name = "ns::Fn";
  fn.fields.push_back({"fun_", type("ns::fun_type", "ns::fun_type", Passing::value, TypeCategory::function_pointer),
                       "public", false, false, true});
  api::Callable made = callable("ns::Fn::Fn()", "Fn", "ns::Fn", CallableKind::constructor);
  made.is_implicit = true;
  made.constructor_kind = "default";
  api::Callable copy = callable("ns::Fn::Fn(const ns::Fn &)", "Fn", "ns::Fn", CallableKind::constructor,
                                {param("other", record_type("ns::Fn", Passing::const_ref))});
  copy.is_implicit = true;
  copy.constructor_kind = "copy";
  fn.constructors = {made, copy};
  api::Callable call_it =
      callable("ns::Fn::call(int) const", "call", "ns::Fn", CallableKind::method, {param("x", int_type())}, int_type());
  call_it.is_const = true;
  fn.methods.push_back(call_it);
  fn.methods.push_back(
      callable("ns::Fn::bind(int)", "bind", "ns::Fn", CallableKind::method, {param("which", int_type())}));
  api::Class box;
  box.name = "ns::Box";
  box.fields = {{"value_", int_type(), "public"}};
  api::Callable boxed = callable("ns::Box::Box()", "Box", "ns::Box", CallableKind::constructor);
  boxed.is_implicit = true;
  boxed.constructor_kind = "default";
  box.constructors = {boxed};
  box.methods.push_back(callable("ns::Box::get(int) const", "get", "ns::Box", CallableKind::method,
                                 {param("x", int_type())}, int_type()));
  box.methods.back().is_const = true;
  api.classes = {fn, box};
  const std::vector<std::string> ids{
      "ns::Fn::Fn()",   "ns::Fn::Fn(const ns::Fn &)", "ns::Fn::call(int) const", "ns::Fn::bind(int)",
      "ns::Box::Box()", "ns::Box::get(int) const"};
  const Catalog catalog = make_catalog(api, ids);
  auto judged = [&](const Sequence& s, const std::string& report = "SEGV on unknown address 0x000000000000") {
    return judge_confidence(failure("sanitizer", static_cast<int>(s.size() - 1), report), s, catalog);
  };
  const Confidence null = judged(make({call(0), call(2, {ref(0), Input::integer(1)})}));
  EXPECT_FALSE(null.high);
  EXPECT_NE(null.suspicion.find("`fun_` is null"), std::string::npos) << null.suspicion;
  EXPECT_FALSE(judged(make({call(0), call(1, {ref(0)}), call(2, {ref(1), Input::integer(1)})})).high)
      << "a copy of a value-initialised object holds the same null";
  EXPECT_TRUE(judged(make({call(0), call(3, {ref(0), Input::integer(2)}), call(2, {ref(0), Input::integer(1)})})).high)
      << "a call that may have set the pointer since";
  EXPECT_TRUE(judged(make({call(4), call(5, {ref(0), Input::integer(1)})})).high) << "no pointer field";
  EXPECT_TRUE(judged(make({call(0), call(2, {ref(0), Input::integer(1)})}), "heap-buffer-overflow on address").high)
      << "a failure elsewhere than at a null address";
  api.classes[0].fields[0].access = "private";
  EXPECT_TRUE(
      judged(make({call(0), call(2, {ref(0), Input::integer(1)})}), "SEGV on unknown address 0x000000000000").high)
      << "a private pointer no caller can set: the class's own business";
}

TEST(Confidence, ALibraryThatAbortsNamingTheCallStatesItsPrecondition) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  const Sequence twice = make({call(L::kStmt), call(L::kClose, {ref(0)}), call(L::kClose, {ref(0)})});
  auto judged = [&](const std::string& message) {
    return judge_confidence(failure("crash", 2, message), twice, catalog);
  };
  const Confidence logged = judged("SIGABRT: ns/stmt.cc:96: ns::Stmt::close() called more than once");
  EXPECT_FALSE(logged.high);
  EXPECT_EQ(logged.precondition, "ns::Stmt::close(): ns/stmt.cc:96: ns::Stmt::close() called more than once");
  EXPECT_FALSE(judged("SIGABRT: stmt.cc:96:7: Stmt::close() called twice").high) << "a column, less qualified";
  EXPECT_TRUE(judged("SIGABRT: ns/stmt.cc:96: ns::Rows::get() found no row").high) << "another function named";
  EXPECT_TRUE(judged("SIGABRT: ns/stmt.cc:96: OtherStmt::close() called twice").high) << "a name that only ends alike";
  EXPECT_TRUE(judged("SIGABRT: ns/stmt.cc:96: internal error in ns::Stmt::close()").high)
      << "the call is not the subject: an invariant the library broke";
  EXPECT_TRUE(judged("SIGABRT: std::terminate called after an uncaught ns::Error: ns/stmt.cc:96: ns::Stmt::close() "
                     "called twice")
                  .high)
      << "an exception escaping a noexcept function is a bug";
  EXPECT_TRUE(judged("SIGABRT: ns::Stmt::close() called more than once").high) << "no log location";
  EXPECT_TRUE(judged("SIGABRT").high);
}

TEST(Confidence, AHangAfterAHugeNumberOfDigitsIsSuspect) {
  api::Class w;
  w.name = "ns::W";
  w.constructors.push_back(callable("ns::W::W()", "W", "ns::W", CallableKind::constructor));
  w.methods.push_back(callable("ns::W::write(double, int)", "write", "ns::W", CallableKind::method,
                               {param("value", type("double", "double", Passing::value, TypeCategory::floating)),
                                param("precision", int_type())}));
  api::Api a;
  a.classes.push_back(w);
  const Catalog catalog = make_catalog(a, {"ns::W::W()", "ns::W::write(double, int)"});
  auto judged = [&](std::int64_t precision) {
    const Sequence s = make({call(0), call(1, {ref(0), Input::floating(1.5), Input::integer(precision)})});
    return judge_confidence(failure("hang", 1), s, catalog);
  };
  EXPECT_FALSE(judged(2147483647).high);
  EXPECT_TRUE(judged(17).high);
}

TEST(Confidence, AnObjectGivenAsItsOwnOutputIsMadeUp) {
  const auto& [lib, catalog] = handles();
  using L = HandlesLibrary;
  // 0: doc  1: node = doc.append()  2: node.detach(0, &node)
  const Sequence own =
      make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kDetach, {ref(1), Input::unsigned_integer(0), ref(1)})});
  const Confidence hang = judge_confidence(failure("hang", 2, "no answer after 2000 ms"), own, catalog);
  EXPECT_FALSE(hang.high);
  EXPECT_NE(hang.suspicion.find("its own output `removed`"), std::string::npos) << hang.suspicion;
  // Another node as the output: what the call is for.
  const Sequence other = make({call(L::kDoc), call(L::kAppend, {ref(0)}), call(L::kAppend, {ref(0)}),
                               call(L::kDetach, {ref(1), Input::unsigned_integer(0), ref(2)})});
  EXPECT_TRUE(judge_confidence(failure("hang", 3, "no answer after 2000 ms"), other, catalog).high);
}

}  // namespace
}  // namespace palus::generation
