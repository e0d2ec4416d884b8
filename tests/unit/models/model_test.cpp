// Call-sequence model inference, kTail and model.yaml (Palus §3.1; DESIGN §3) on hand-made
// traces of tinysql's API: the paper's Figure 2 scenario and variations of it.

#include "models/model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/error.hpp"
#include "models/ktail.hpp"
#include "models/model_inference.hpp"
#include "models/model_yaml.hpp"
#include "models/trace_merge.hpp"
#include "test_files.hpp"
#include "unit/core/api_builders.hpp"

namespace palus::models {

void PrintTo(const Dependence& d, std::ostream* out) { *out << d.cls << "#" << d.node; }

namespace {

using namespace palus::testing;

// ---- a small tinysql api and its probe table, by hand ----

const std::string kDriverCtor = "tinysql::Driver::Driver()";
const std::string kConnect = "tinysql::Driver::connect(const std::string &, const tinysql::Properties &)";
const std::string kPrepare = "tinysql::Driver::prepare(tinysql::Properties &)";  // made up: a non-const ref
const std::string kPropertiesCtor = "tinysql::Properties::Properties()";
const std::string kSet = "tinysql::Properties::set(const std::string &, const std::string &)";
const std::string kCreateStatement = "tinysql::Connection::createStatement()";
const std::string kConnectionClose = "tinysql::Connection::close()";
const std::string kExecuteUpdate = "tinysql::Statement::executeUpdate(const std::string &)";
const std::string kExecuteQuery = "tinysql::Statement::executeQuery(const std::string &)";
const std::string kStatementClose = "tinysql::Statement::close()";
const std::string kNext = "tinysql::ResultSet::next()";
const std::string kDefaultsCtor =
    "tinysql::DefaultProperties::DefaultProperties()";  // made up: derives from Properties

api::TypeRef type(std::string spelling, std::string base, api::Passing passing = api::Passing::value) {
  return {std::move(spelling), std::move(base), passing, api::TypeCategory::other};
}
const api::Param kStringParam{"s", type("const std::string &", "std::string", api::Passing::const_ref)};

api::Callable method(std::string id, std::string owner, api::TypeRef result, std::vector<api::Param> params = {}) {
  return callable(std::move(id), "", std::move(owner), api::CallableKind::method, std::move(params), std::move(result));
}
api::Callable constructor(std::string id, std::string owner) {
  return callable(std::move(id), "", std::move(owner), api::CallableKind::constructor, {}, type("void", "void"));
}

api::Api tinysql_api() {
  const api::TypeRef nothing = type("void", "void");
  api::Api api;
  api::Class driver = named_class("tinysql::Driver");
  driver.constructors = {constructor(kDriverCtor, driver.name)};
  driver.methods = {
      method(kConnect, driver.name,
             type("std::unique_ptr<tinysql::Connection>", "std::unique_ptr<tinysql::Connection>"),
             {kStringParam,
              {"info", type("const tinysql::Properties &", "tinysql::Properties", api::Passing::const_ref)}}),
      method(kPrepare, driver.name, nothing,
             {{"info", type("tinysql::Properties &", "tinysql::Properties", api::Passing::ref)}})};
  api::Class properties = named_class("tinysql::Properties");
  properties.constructors = {constructor(kPropertiesCtor, properties.name)};
  properties.methods = {method(kSet, properties.name, nothing, {kStringParam, kStringParam})};
  api::Class connection = named_class("tinysql::Connection");  // its constructor is private
  connection.methods = {method(kCreateStatement, connection.name,
                               type("std::unique_ptr<tinysql::Statement>", "std::unique_ptr<tinysql::Statement>")),
                        method(kConnectionClose, connection.name, nothing)};
  api::Class statement = named_class("tinysql::Statement");
  statement.methods = {
      method(kExecuteUpdate, statement.name, type("int", "int"), {kStringParam}),
      method(kExecuteQuery, statement.name,
             type("std::unique_ptr<tinysql::ResultSet>", "std::unique_ptr<tinysql::ResultSet>"), {kStringParam}),
      method(kStatementClose, statement.name, nothing)};
  api::Class result_set = named_class("tinysql::ResultSet");
  result_set.methods = {method(kNext, result_set.name, type("bool", "bool"))};
  api::Class defaults = named_class("tinysql::DefaultProperties");
  defaults.bases = {properties.name};
  defaults.constructors = {constructor(kDefaultsCtor, defaults.name)};
  api.classes = {connection, defaults, driver, properties, result_set, statement};
  return api;
}

enum Probe : std::uint32_t {
  kConnectProbe,
  kPrepareProbe,
  kPropertiesCtorProbe,
  kSetProbe,
  kConnectionCtorProbe,
  kCreateStatementProbe,
  kConnectionCloseProbe,
  kStatementCtorProbe,
  kExecuteUpdateProbe,
  kExecuteQueryProbe,
  kStatementCloseProbe,
  kResultSetCtorProbe,
  kNextProbe,
  kDatabaseCtorProbe,
  kStatementDtorProbe,
  kDefaultsCtorProbe,
};

std::vector<ProbeInfo> probe_table() {
  using R = ProbeRole;
  return {
      {kConnect, "tinysql::Driver", R::method, false, "src/driver.cpp", 10},
      {kPrepare, "tinysql::Driver", R::method, false, "src/driver.cpp", 20},
      {kPropertiesCtor, "tinysql::Properties", R::constructor, false, "src/properties.cpp", 5},
      {kSet, "tinysql::Properties", R::method, false, "src/properties.cpp", 10},
      {"tinysql::Connection::Connection(std::string, std::shared_ptr<tinysql::detail::Database>, bool)",
       "tinysql::Connection", R::constructor, false, "src/connection.cpp", 5},
      {kCreateStatement, "tinysql::Connection", R::method, false, "src/connection.cpp", 20},
      {kConnectionClose, "tinysql::Connection", R::method, false, "src/connection.cpp", 30},
      {"tinysql::Statement::Statement(tinysql::Connection *)", "tinysql::Statement", R::constructor, false,
       "src/statement.cpp", 5},
      {kExecuteUpdate, "tinysql::Statement", R::method, false, "src/statement.cpp", 20},
      {kExecuteQuery, "tinysql::Statement", R::method, false, "src/statement.cpp", 30},
      {kStatementClose, "tinysql::Statement", R::method, false, "src/statement.cpp", 40},
      {"tinysql::ResultSet::ResultSet(tinysql::Statement *, const tinysql::detail::ResultData *)", "tinysql::ResultSet",
       R::constructor, false, "src/result_set.cpp", 5},
      {kNext, "tinysql::ResultSet", R::method, false, "src/result_set.cpp", 10},
      {"tinysql::detail::Database::Database()", "tinysql::detail::Database", R::constructor, false, "src/db.cpp", 5},
      {"tinysql::Statement::~Statement()", "tinysql::Statement", R::destructor, false, "src/statement.cpp", 50},
      {kDefaultsCtor, "tinysql::DefaultProperties", R::constructor, false, "src/properties.cpp", 40},
  };
}

TraceValue text(std::string s) {
  TraceValue v;
  v.kind = TraceValue::Kind::string;
  v.s = std::move(s);
  return v;
}
TraceValue object(std::uint64_t id, std::string profile) {
  TraceValue v;
  v.kind = TraceValue::Kind::object;
  v.object = id;
  v.profile = std::move(profile);
  return v;
}
TraceValue boolean(bool b) {
  TraceValue v;
  v.kind = TraceValue::Kind::boolean;
  v.i = b;
  return v;
}

/// Records events the way the trace runtime would: call numbers, parents, first_seen, object_end.
class Recorder {
 public:
  void enter(Probe probe, std::uint64_t self, std::vector<TraceValue> args = {}, std::string profile = "") {
    TraceEvent e;
    e.kind = EventKind::enter;
    e.role = probes_[probe].role;
    e.callable = probe;
    e.call = next_call_++;
    e.parent = open_.empty() ? 0 : open_.back().call;
    e.self = self;
    e.first_seen = self != 0 && alive_.insert(self).second;
    e.profile = std::move(profile);
    e.args = std::move(args);
    open_.push_back(e);
    trace.events.push_back(std::move(e));
  }
  void exit(std::string profile = "", bool threw = false) {
    TraceEvent e = open_.back();
    open_.pop_back();
    e.kind = EventKind::exit;
    e.first_seen = false;
    e.args.clear();
    e.profile = std::move(profile);
    e.threw = threw;
    trace.events.push_back(std::move(e));
  }
  void end(std::uint64_t self) {
    TraceEvent e;
    e.kind = EventKind::object_end;
    e.self = self;
    alive_.erase(self);
    trace.events.push_back(std::move(e));
  }

  // Whole calls of the scenario, with the profiles the real library would show.
  void new_properties(std::uint64_t p) { enter(kPropertiesCtorProbe, p), exit("E"); }
  void set(std::uint64_t p, const std::string& key, const std::string& value) {
    enter(kSetProbe, p, {text(key), text(value)}, "E"), exit("F");
  }
  void connect(std::uint64_t driver, std::uint64_t properties, std::uint64_t connection) {
    enter(kConnectProbe, driver, {text("tinysql:demo"), object(properties, "F")}, "0");
    enter(kPropertiesCtorProbe, kScratchProperties), exit("E"), end(kScratchProperties);  // a temporary
    enter(kDatabaseCtorProbe, connection + 1), exit();                                    // not an api class
    enter(kConnectionCtorProbe, connection, {text("demo"), TraceValue{}, boolean(false)}), exit("FPffE");
    exit("+");
  }
  void prepare(std::uint64_t driver, std::uint64_t properties) {
    enter(kPrepareProbe, driver, {object(properties, "F")}, "+"), exit("+");
  }
  void create_statement(std::uint64_t connection, std::uint64_t statement) {
    enter(kCreateStatementProbe, connection, {}, "FPffE");
    enter(kStatementCtorProbe, statement, {object(connection, "FPffE")}), exit("Pf-NN");
    exit("FPffF");
  }
  void update(std::uint64_t statement, const std::string& sql, bool threw = false) {
    enter(kExecuteUpdateProbe, statement, {text(sql)}, "Pf-NN"), exit("Pf0NN", threw);
  }
  void query(std::uint64_t statement, const std::string& sql, std::uint64_t result) {
    enter(kExecuteQueryProbe, statement, {text(sql)}, "Pf0NN");
    enter(kResultSetCtorProbe, result, {object(statement, "Pf0NN"), TraceValue{}}), exit("PP0ff");
    exit("Pf-PP");
  }
  void next(std::uint64_t result) { enter(kNextProbe, result, {}, "PP0ff"), exit("PP+ff"); }
  void close_statement(std::uint64_t statement) { enter(kStatementCloseProbe, statement, {}, "Pf-PP"), exit("Pt-NN"); }
  void close_connection(std::uint64_t connection) {
    enter(kConnectionCloseProbe, connection, {}, "FPffF"), exit("FNftE");
  }
  void destroy_statement(std::uint64_t statement) { enter(kStatementDtorProbe, statement), exit(), end(statement); }

  Trace trace;

 private:
  static constexpr std::uint64_t kScratchProperties = 0x7000;
  const std::vector<ProbeInfo> probes_ = probe_table();
  std::vector<TraceEvent> open_;
  std::set<std::uint64_t> alive_;
  std::uint64_t next_call_ = 1;
};

constexpr std::uint64_t kDriver = 0x1000, kProperties = 0x2000, kConnection = 0x3000, kStatement = 0x4000,
                        kResultSet = 0x5000;

/// Figure 2: the sample program the paper infers Figures 3 and 6 from.
Recorder figure2() {
  Recorder r;
  r.new_properties(kProperties);
  r.set(kProperties, "user", "demo");
  r.connect(kDriver, kProperties, kConnection);  // the Driver is first seen here: Driver() = default
  r.create_statement(kConnection, kStatement);
  r.update(kStatement, "CREATE TABLE t (id INT)");
  r.query(kStatement, "SELECT * FROM t", kResultSet);
  r.next(kResultSet);
  r.close_statement(kStatement);
  r.close_connection(kConnection);
  return r;
}

Model infer(const Recorder& r, std::uint32_t ktail = 0) {
  return infer_model(r.trace, probe_table(), tinysql_api(), ktail);
}

/// A copy, so that it may outlive a temporary model.
ClassModel model_of(const Model& m, std::string_view cls) {
  const ClassModel* found = m.find(cls);
  if (found == nullptr) throw std::runtime_error("no model for " + std::string(cls));
  return *found;
}

/// The transition from `from` calling `callable` (the first, when several); a copy, like model_of.
Transition step(const ClassModel& m, std::uint32_t from, const std::string& callable) {
  for (const Transition& t : m.transitions) {
    if (t.from == from && t.callable == callable) return t;
  }
  throw std::runtime_error(m.cls + " has no transition " + callable + " from " + std::to_string(from));
}

std::vector<std::string> strings_of(const std::vector<TraceValue>& values) {
  std::vector<std::string> out;
  for (const auto& v : values) out.push_back(v.s);
  return out;
}

const SlotConstraint& slot(const Transition& t, std::uint32_t number) {
  for (const auto& s : t.slots) {
    if (s.slot == number) return s;
  }
  throw std::runtime_error(t.callable + " records nothing for slot " + std::to_string(number));
}

using Strings = std::vector<std::string>;
using Deps = std::vector<Dependence>;

// ---- inference ----

TEST(ModelInference, Figure2GivesOneModelPerApiClassWithObjects) {
  const Model m = infer(figure2());
  Strings classes;
  for (const auto& c : m.classes) classes.push_back(c.cls);
  EXPECT_EQ(classes, (Strings{"tinysql::Connection", "tinysql::Driver", "tinysql::Properties", "tinysql::ResultSet",
                              "tinysql::Statement"}))
      << "detail::Database is not an api class";
  EXPECT_EQ(m.ktail, 0u);
}

TEST(ModelInference, DriverIsCreatedByItsDefaultConstructorInferred) {
  const ClassModel& driver = model_of(infer(figure2()), "tinysql::Driver");
  ASSERT_EQ(driver.nodes.size(), 3u);
  ASSERT_EQ(driver.transitions.size(), 2u);
  const Transition& create = driver.transitions[0];
  EXPECT_EQ(create.callable, kDriverCtor);
  EXPECT_EQ(create.role, kResultRole);
  EXPECT_TRUE(create.inferred);
  EXPECT_EQ(create.from, 0u);
  EXPECT_EQ(create.to, 1u);
  EXPECT_EQ(driver.nodes[1].profiles, Strings{"0"}) << "its profile when first seen";

  const Transition& connect = driver.transitions[1];
  EXPECT_EQ(connect.callable, kConnect);
  EXPECT_EQ(connect.role, 0);
  EXPECT_FALSE(connect.inferred);
  EXPECT_EQ(connect.count, 1u);
  EXPECT_EQ(std::make_pair(connect.from, connect.to), std::make_pair(1u, 2u));
  EXPECT_EQ(strings_of(slot(connect, 1).values), Strings{"tinysql:demo"});
  EXPECT_EQ(slot(connect, 2).dependences, (Deps{{"tinysql::Properties", 2}}));
  EXPECT_EQ(slot(connect, 2).profiles, Strings{"F"});
  EXPECT_EQ(driver.nodes[2].profiles, Strings{"+"});
  EXPECT_EQ(driver.nodes[0].objects, 1u);
}

TEST(ModelInference, PropertiesPassedByConstReferenceStayWhereTheyAre) {
  const ClassModel& properties = model_of(infer(figure2()), "tinysql::Properties");
  ASSERT_EQ(properties.transitions.size(), 2u) << "connect takes it by const reference: no transition";
  EXPECT_EQ(properties.nodes[0].objects, 1u) << "the temporary made inside connect has no model path";
  const Transition& create = properties.transitions[0];
  EXPECT_EQ(create.callable, kPropertiesCtor);
  EXPECT_EQ(create.role, kResultRole);
  EXPECT_FALSE(create.inferred);
  EXPECT_TRUE(create.slots.empty());
  EXPECT_EQ(properties.nodes[1].profiles, Strings{"E"}) << "the constructor's exit profile";
  const Transition& set = properties.transitions[1];
  EXPECT_EQ(set.callable, kSet);
  EXPECT_EQ(strings_of(slot(set, 1).values), Strings{"user"});
  EXPECT_EQ(strings_of(slot(set, 2).values), Strings{"demo"});
  EXPECT_EQ(properties.nodes[2].profiles, Strings{"F"});
}

TEST(ModelInference, ConnectionIsCreatedByConnectAndDependsOnTheDriverState) {
  const ClassModel& connection = model_of(infer(figure2()), "tinysql::Connection");
  ASSERT_EQ(connection.nodes.size(), 4u);
  const Transition& create = step(connection, 0, kConnect);
  EXPECT_EQ(create.role, kResultRole);
  EXPECT_EQ(slot(create, 0).dependences, (Deps{{"tinysql::Driver", 1}})) << "Figure 6: the Driver after <init>";
  EXPECT_EQ(slot(create, 0).profiles, Strings{"0"});
  EXPECT_EQ(strings_of(slot(create, 1).values), Strings{"tinysql:demo"});
  EXPECT_EQ(slot(create, 2).dependences, (Deps{{"tinysql::Properties", 2}}));
  EXPECT_EQ(connection.nodes[create.to].profiles, Strings{"FPffE"}) << "as its constructor left it";
  const Transition& statement = step(connection, create.to, kCreateStatement);
  EXPECT_EQ(statement.role, 0);
  const Transition& close = step(connection, statement.to, kConnectionClose);
  EXPECT_EQ(connection.nodes[close.to].profiles, Strings{"FNftE"});
}

TEST(ModelInference, StatementAndResultSetDependOnTheirMakersAfterEarlierCalls) {
  const Model m = infer(figure2());
  const ClassModel& statement = model_of(m, "tinysql::Statement");
  const Transition& create = step(statement, 0, kCreateStatement);
  EXPECT_EQ(create.role, kResultRole);
  EXPECT_EQ(slot(create, 0).dependences, (Deps{{"tinysql::Connection", 1}})) << "the Connection after connect";
  const Transition& update = step(statement, create.to, kExecuteUpdate);
  EXPECT_EQ(strings_of(slot(update, 1).values), Strings{"CREATE TABLE t (id INT)"});
  const Transition& query = step(statement, update.to, kExecuteQuery);
  EXPECT_EQ(strings_of(slot(query, 1).values), Strings{"SELECT * FROM t"});
  EXPECT_EQ(statement.nodes[query.to].profiles, Strings{"Pf-PP"});
  step(statement, query.to, kStatementClose);
  EXPECT_EQ(statement.nodes.size(), 5u);

  const ClassModel& result = model_of(m, "tinysql::ResultSet");
  const Transition& made = step(result, 0, kExecuteQuery);
  EXPECT_EQ(made.role, kResultRole);
  EXPECT_EQ(slot(made, 0).dependences, (Deps{{"tinysql::Statement", update.to}})) << "after executeUpdate";
  EXPECT_EQ(strings_of(slot(made, 1).values), Strings{"SELECT * FROM t"});
  EXPECT_EQ(result.nodes[made.to].profiles, Strings{"PP0ff"});
  step(result, made.to, kNext);
}

TEST(ModelInference, AnObjectPassedByNonConstReferenceMovesInItsSlot) {
  Recorder r;
  r.new_properties(kProperties);
  r.prepare(kDriver, kProperties);
  const Model m = infer(r);
  const Transition& prepare = step(model_of(m, "tinysql::Properties"), 1, kPrepare);
  EXPECT_EQ(prepare.role, 1);
  EXPECT_EQ(slot(prepare, 0).dependences, (Deps{{"tinysql::Driver", 1}}));
  EXPECT_EQ(step(model_of(m, "tinysql::Driver"), 1, kPrepare).role, 0);
}

TEST(ModelInference, ObjectsMadeInsideCallsThatDoNotReturnThemHaveNoModel) {
  Recorder r;
  r.enter(kExecuteUpdateProbe, 0x9000, {text("X")}, "P");     // first seen by a method: no default constructor
  r.enter(kResultSetCtorProbe, kResultSet), r.exit("PP0ff");  // alive, but executeUpdate returns int
  r.enter(kStatementCtorProbe, kStatement), r.exit("Pf-NN"), r.end(kStatement);  // dies inside
  r.exit("P");
  const Model m = infer(r);
  EXPECT_TRUE(m.classes.empty());
}

TEST(ModelInference, AConstructorLeftByAnExceptionCreatesNothing) {
  Recorder r;
  r.enter(kPropertiesCtorProbe, kProperties), r.exit("", true), r.end(kProperties);
  EXPECT_TRUE(infer(r).classes.empty());
}

TEST(ModelInference, NestedCallsAreNotTransitions) {
  Recorder r;
  r.new_properties(kProperties);
  r.enter(kConnectProbe, kDriver, {text("tinysql:demo"), object(kProperties, "E")}, "0");
  r.set(kProperties, "user", "nested");  // the library calls set itself
  r.exit("+");
  const ClassModel& properties = model_of(infer(r), "tinysql::Properties");
  EXPECT_EQ(properties.transitions.size(), 1u);
  EXPECT_EQ(properties.nodes[1].profiles, Strings{"E"});
}

TEST(ModelInference, ADerivedConstructorAfterABaseConstructorThatCallsMethodsCreatesTheObject) {
  Recorder r;
  // Properties() calls set on its object before DefaultProperties()'s body runs.
  r.enter(kPropertiesCtorProbe, kProperties);
  r.set(kProperties, "user", "nobody");
  r.exit("F");
  r.enter(kDefaultsCtorProbe, kProperties), r.exit("F");
  r.set(kProperties, "user", "demo");
  const Model m = infer(r);
  const ClassModel& defaults = model_of(m, "tinysql::DefaultProperties");
  ASSERT_EQ(defaults.transitions.size(), 2u);
  EXPECT_EQ(defaults.transitions[0].callable, kDefaultsCtor);
  EXPECT_EQ(defaults.transitions[1].callable, kSet);
  EXPECT_EQ(m.find("tinysql::Properties"), nullptr) << "the base subobject is no object of its own";
}

TEST(ModelInference, ADerivedConstructorAfterAMemberInitialiserCallOnTheBaseCreatesTheObject) {
  Recorder r;
  r.new_properties(kProperties);
  r.set(kProperties, "user", "nobody");  // DefaultProperties' member initialiser calls it, outside any constructor
  r.enter(kDefaultsCtorProbe, kProperties), r.exit("F");
  r.set(kProperties, "user", "demo");
  const ClassModel& defaults = model_of(infer(r), "tinysql::DefaultProperties");
  ASSERT_FALSE(defaults.transitions.empty());
  EXPECT_EQ(defaults.transitions[0].callable, kDefaultsCtor);
}

TEST(ModelInference, AReusedIdentityIsANewObjectSharingThePrefix) {
  Recorder r;
  r.new_properties(kProperties);
  r.set(kProperties, "user", "demo");
  r.end(kProperties);
  r.new_properties(kProperties);  // same address, new object
  r.set(kProperties, "user", "demo");
  r.set(kProperties, "readonly", "true");
  const ClassModel& properties = model_of(infer(r), "tinysql::Properties");
  ASSERT_EQ(properties.nodes.size(), 4u);
  EXPECT_EQ(properties.nodes[0].objects, 2u);
  EXPECT_EQ(properties.transitions[0].count, 2u);
  EXPECT_EQ(properties.transitions[1].count, 2u);
  EXPECT_EQ(properties.transitions[2].count, 1u);
  EXPECT_EQ(properties.nodes[2].objects, 2u);
  EXPECT_EQ(properties.nodes[3].objects, 1u);
  EXPECT_EQ(strings_of(slot(properties.transitions[2], 1).values), Strings{"readonly"});
}

TEST(TraceMerge, TwoProgramsKeepTheirOwnObjectsCallsAndThreads) {
  Recorder first = figure2(), second = figure2();
  first.trace.complete = true;
  const std::size_t events = first.trace.events.size() + second.trace.events.size();
  const Trace merged = merge_traces({first.trace, second.trace});
  ASSERT_EQ(merged.events.size(), events);
  EXPECT_FALSE(merged.complete) << "the second program did not finish";
  std::set<std::uint64_t> calls, first_objects, second_objects;
  for (std::size_t i = 0; i < events; ++i) {
    const TraceEvent& e = merged.events[i];
    if (e.kind == EventKind::enter) {
      EXPECT_TRUE(calls.insert(e.call).second) << "call " << e.call << " twice";
    }
    (i < first.trace.events.size() ? first_objects : second_objects).insert(e.self);
  }
  first_objects.erase(0), second_objects.erase(0);
  for (const auto id : first_objects) EXPECT_FALSE(second_objects.contains(id)) << "identity " << id << " shared";
  EXPECT_EQ(first_objects.size(), second_objects.size());
  EXPECT_NE(merged.events.front().thread, merged.events.back().thread);

  const Model model = infer_model(merged, probe_table(), tinysql_api(), 0);
  const Model alone = infer(figure2());
  const ClassModel statement = model_of(model, "tinysql::Statement");
  EXPECT_EQ(statement.nodes.size(), model_of(alone, "tinysql::Statement").nodes.size());
  EXPECT_EQ(statement.nodes[0].objects, 2u);
  EXPECT_EQ(statement.transitions[0].count, 2u);
}

TEST(ModelInference, TwoStatementsWithTheSameCallsShareNodesAndCollectDependences) {
  Recorder r;
  r.new_properties(kProperties);
  r.connect(kDriver, kProperties, kConnection);
  for (const std::uint64_t statement : {kStatement, kStatement + 1}) {
    r.create_statement(kConnection, statement);
    r.update(statement, "DELETE FROM t");
    r.close_statement(statement);
  }
  const Model m = infer(r);
  const ClassModel& statement = model_of(m, "tinysql::Statement");
  ASSERT_EQ(statement.nodes.size(), 4u);
  ASSERT_EQ(statement.transitions.size(), 3u);
  for (const auto& t : statement.transitions) EXPECT_EQ(t.count, 2u) << t.callable;
  EXPECT_EQ(statement.nodes[3].objects, 2u);
  EXPECT_EQ(slot(statement.transitions[0], 0).dependences,
            (Deps{{"tinysql::Connection", 1}, {"tinysql::Connection", 2}}))
      << "the second statement came from the Connection after its first createStatement";
  EXPECT_EQ(slot(statement.transitions[0], 0).profiles, Strings{"FPffE"}) << "distinct profiles";
  EXPECT_EQ(model_of(m, "tinysql::Connection").nodes.size(), 4u);
}

TEST(ModelInference, ACallLeftByAnExceptionIsItsOwnTransition) {
  Recorder r;
  r.new_properties(kProperties);
  r.connect(kDriver, kProperties, kConnection);
  for (const bool threw : {false, true}) {
    r.create_statement(kConnection, kStatement + threw);
    r.update(kStatement + threw, "DROP TABLE t", threw);
  }
  const ClassModel& statement = model_of(infer(r), "tinysql::Statement");
  ASSERT_EQ(statement.transitions.size(), 3u);
  EXPECT_FALSE(statement.transitions[1].threw);
  EXPECT_TRUE(statement.transitions[2].threw);
  EXPECT_NE(statement.transitions[1].to, statement.transitions[2].to);
}

TEST(ModelInference, DestructorsAreNotTransitionsAndEndThePath) {
  Recorder r = figure2();
  r.destroy_statement(kStatement);
  EXPECT_EQ(model_of(infer(r), "tinysql::Statement").transitions.size(), 4u);
}

TEST(ModelInference, AProbeOutsideTheTableIsAClearError) {
  Recorder r;
  r.new_properties(kProperties);
  r.trace.events[0].callable = 99;
  try {
    infer(r);
    FAIL() << "no error";
  } catch (const UserError& error) {
    EXPECT_TRUE(contains(error.what(), "names probe 99, but the probe table has 16 probes"));
  }
}

// ---- kTail ----

/// A statement running the same update three times, then a query whose ResultSet depends on it.
Recorder repeated_updates() {
  Recorder r;
  r.new_properties(kProperties);
  r.connect(kDriver, kProperties, kConnection);
  r.create_statement(kConnection, kStatement);
  for (int i = 0; i < 3; ++i) r.update(kStatement, "UPDATE t SET x = 1");
  r.query(kStatement, "SELECT x FROM t", kResultSet);
  r.close_statement(kStatement);
  return r;
}

TEST(KTail, KEqualOneMergesNodesWithTheSameNextCalls) {
  const Model plain = infer(repeated_updates());
  const Model merged = infer(repeated_updates(), 1);
  EXPECT_EQ(merged.ktail, 1u);
  const ClassModel& before = model_of(plain, "tinysql::Statement");
  const ClassModel& after = model_of(merged, "tinysql::Statement");
  EXPECT_EQ(before.nodes.size(), 7u);
  ASSERT_EQ(after.nodes.size(), 5u) << "the three nodes followed by an update become one";
  // 0 -create-> 1, 1 -update-> 1 (twice), 1 -update-> 2, 2 -query-> 3, 3 -close-> 4
  ASSERT_EQ(after.transitions.size(), 5u);
  const Transition& loop = after.transitions[1];
  EXPECT_EQ(std::make_tuple(loop.from, loop.to, loop.count), std::make_tuple(1u, 1u, 2u));
  const Transition& leave = after.transitions[2];
  EXPECT_EQ(std::make_tuple(leave.from, leave.to, leave.count), std::make_tuple(1u, 2u, 1u));
  EXPECT_EQ(after.nodes[1].objects, 3u) << "visits summed";
  for (std::uint32_t n = 0; n < after.nodes.size(); ++n) EXPECT_EQ(after.nodes[n].id, n);

  const Transition& made = step(model_of(merged, "tinysql::ResultSet"), 0, kExecuteQuery);
  EXPECT_EQ(slot(made, 0).dependences, (Deps{{"tinysql::Statement", 2}})) << "renumbered from node 4";
}

TEST(KTail, TheRootIsNeverMergedAndLeavesShareOneNode) {
  Recorder r;
  for (const std::uint64_t p : {kProperties, kProperties + 1}) {
    r.new_properties(p);
    r.set(p, p == kProperties ? "a" : "b", "1");
  }
  Model m = infer(r);
  merge_ktail(m, 2);
  const ClassModel& properties = model_of(m, "tinysql::Properties");
  // Before: 0 -ctor-> 1 -set a-> 2, 1 -set b-> 3. The two leaves end alike.
  ASSERT_EQ(properties.nodes.size(), 3u);
  EXPECT_EQ(properties.transitions[1].to, properties.transitions[2].to);
  EXPECT_EQ(properties.nodes[0].objects, 2u);
}

TEST(KTail, ZeroChangesNothing) {
  Model m = infer(repeated_updates());
  const Model before = m;
  merge_ktail(m, 0);
  EXPECT_EQ(m, before);
}

// ---- model.yaml ----

TraceValue typed(TraceValue::Kind kind) {
  TraceValue v;
  v.kind = kind;
  return v;
}

/// Figure 2's model plus one transition recording a value of every kind.
Model every_kind_of_value() {
  Model m = infer(figure2());
  std::vector<TraceValue> values;
  auto add = [&](TraceValue v) { values.push_back(std::move(v)); };
  TraceValue v = typed(TraceValue::Kind::signed_integer);
  v.i = std::numeric_limits<std::int64_t>::min();
  add(v);
  v = typed(TraceValue::Kind::unsigned_integer);
  v.u = std::numeric_limits<std::uint64_t>::max();
  add(v);
  add(boolean(true));
  add(boolean(false));
  for (const double d : {2.5, 0.1, -0.0, 1e300, 5e-324, std::numeric_limits<double>::infinity(),
                         -std::numeric_limits<double>::infinity(), std::nan("")}) {
    v = typed(TraceValue::Kind::floating);
    v.d = d;
    add(v);
  }
  const std::vector<std::string> strings{"",
                                         "it's \"quoted\"\n\ttab",
                                         std::string("nul\0byte", 8),
                                         "caf\xc3\xa9 \xe2\x82\xac",
                                         "\xff\xfe not UTF-8",
                                         "#: [x] {y}, - ? ~ null",
                                         "\xc3"};
  for (const std::string& s : strings) {
    add(text(s));
  }
  add(typed(TraceValue::Kind::null_pointer));
  ClassModel& driver = m.classes[1];
  driver.nodes.push_back(Node{3, {"[2]", "?"}, 1});
  driver.transitions.push_back(
      Transition{2, 3, kPrepare, 1, false, true, 7, {SlotConstraint{0, values, {{"tinysql::Driver", 2}}, {"+"}}}});
  return m;
}

TEST(ModelYaml, RoundTripsExactly) {
  const ScratchDir dir("palus-model-test");
  const Model m = every_kind_of_value();
  write_model_yaml(m, dir.path() / "model.yaml");
  const Model back = read_model_yaml(dir.path() / "model.yaml");
  EXPECT_EQ(back, m);
  EXPECT_EQ(std::signbit(back.classes[1].transitions.back().slots[0].values[6].d), true) << "-0.0";

  const Model merged = infer(repeated_updates(), 3);
  write_model_yaml(merged, dir.path() / "model.yaml");
  EXPECT_EQ(read_model_yaml(dir.path() / "model.yaml"), merged);
}

TEST(ModelYaml, IsReadableByAPerson) {
  const std::string yaml = model_to_yaml(infer(figure2()));
  EXPECT_TRUE(yaml.starts_with("# Call-sequence models"));
  EXPECT_TRUE(contains(yaml, "object: result"));
  EXPECT_TRUE(contains(yaml, "object: receiver"));
  EXPECT_TRUE(contains(yaml, "inferred: true"));
  EXPECT_TRUE(contains(yaml, "dependences: [\"tinysql::Driver#1\"]"));
  EXPECT_TRUE(contains(yaml, "values: [{string: \"tinysql:demo\"}]"));
  EXPECT_FALSE(contains(yaml, "threw:")) << "only written when true";
}

std::string parse_error(const std::string& text) {
  return palus::testing::error_message<UserError>([&] { parse_model_yaml(text, "model.yaml"); }, "no error");
}

TEST(ModelYaml, MalformedFilesGiveOneClearMessage) {
  const std::string head =
      "ktail: 0\nclasses:\n  - class: a::B\n    nodes:\n      - {id: 0, objects: 1}\n"
      "      - {id: 1, objects: 1}\n    transitions:\n";
  EXPECT_EQ(parse_error(head + "      - {from: 0, to: 1, callable: \"a::B::B()\", object: sideways, count: 1}\n"),
            "model.yaml:8: expected 'object' to be result, receiver or \"slot N\", got 'sideways'");
  EXPECT_EQ(parse_error(head + "      - {from: 0, to: 5, callable: \"a::B::B()\", object: result, count: 1}\n"),
            "model.yaml:8: expected 'to' to be a node of a::B (0 to 1), got 5");
  EXPECT_EQ(parse_error(head + "      - {from: 0, to: 1, callable: f, object: result, count: 1,"
                               " args: [{slot: 0, values: [{int: x}]}]}\n"),
            "model.yaml:8: expected 'int' to be a whole number, got 'x'");
  EXPECT_EQ(parse_error(head + "      - {from: 0, to: 1, callable: f, object: result, count: 1,"
                               " args: [{slot: 0, dependences: [\"a::B#9\"]}]}\n"),
            "model.yaml:8: expected a node of a::B (0 to 1), got 'a::B#9'");
  EXPECT_EQ(parse_error(head + "      - {from: 0, to: 1, callable: f, object: result, count: 1, colour: red}\n"),
            "model.yaml:8: expected one of the keys from, to, callable, object, count, inferred, threw, args, "
            "got 'colour'");
  EXPECT_EQ(parse_error("ktail: 0\nclasses:\n  - class: a::B\n    nodes:\n      - {id: 1, objects: 1}\n"
                        "    transitions: []\n"),
            "model.yaml:5: expected node id 0 (nodes are numbered 0, 1, ... in order), got 1");
  EXPECT_TRUE(contains(parse_error("ktail: 0\nclasses: [\n"), "model.yaml:"));
  EXPECT_EQ(parse_error(""), "model.yaml:1: expected a map with keys ktail, classes, got nothing");
}

TEST(ModelYaml, AMissingFileNamesIt) {
  const ScratchDir dir("palus-model-test");
  try {
    read_model_yaml(dir.path() / "model.yaml");
    FAIL() << "no error";
  } catch (const UserError& error) {
    EXPECT_TRUE(contains(error.what(), (dir.path() / "model.yaml").string() + ": file not found"));
  }
}

}  // namespace
}  // namespace palus::models
