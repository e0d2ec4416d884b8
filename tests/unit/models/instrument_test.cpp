// The instrumenter of `palus trace`, the probe table and the profile functions: samples/tinysql
// instrumented and its copy compiled against the trace runtime's header; a small project of
// awkward function kinds; tinysql's profile functions compiled, linked and run.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/api_yaml.hpp"
#include "core/api_yaml_read.hpp"
#include "core/error.hpp"
#include "models/instrumenter.hpp"
#include "models/probe_table.hpp"
#include "models/profile_source.hpp"
#include "palus/analysis/analyzer.hpp"
#include "palus/config/config.hpp"
#include "test_files.hpp"

namespace palus::models {
namespace {

namespace fs = std::filesystem;
using palus::testing::contains;
using palus::testing::read_text;
using palus::testing::ScratchDir;
using palus::testing::write_text;

const fs::path kSourceRoot = PALUS_SOURCE_ROOT;
const fs::path kTinysql = kSourceRoot / "samples" / "tinysql";
const fs::path kTraceRuntime = kSourceRoot / "models" / "runtime";

std::string quoted(const std::string& word) { return "'" + word + "'"; }

struct CommandResult {
  int status = -1;
  std::string output;
};

/// Runs a shell command, output and errors into one text.
CommandResult run(const std::string& command, const fs::path& log) {
  const int raw = std::system((command + " > " + quoted(log.string()) + " 2>&1").c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_text(log)};
}

/// `c++ -fsyntax-only` over `files` with the trace runtime's header forced in, as palus trace does.
CommandResult syntax_check(const std::vector<fs::path>& files, const std::vector<std::string>& flags,
                           const fs::path& log) {
  std::string command = std::string(PALUS_TEST_CXX) + " -fsyntax-only -Werror -include " +
                        quoted((kTraceRuntime / "palus_trace.hpp").string());
  for (const auto& flag : flags) command += " " + quoted(flag);
  for (const auto& file : files) command += " " + quoted(file.string());
  return run(command, log);
}

std::vector<fs::path> files_in(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> result;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == extension) result.push_back(entry.path());
  }
  std::sort(result.begin(), result.end());
  return result;
}

std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> contents;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) contents[entry.path().string()] = read_text(entry.path());
  }
  return contents;
}

/// tinysql's api.yaml, analysed once.
const api::Api& tinysql_api() {
  static const api::Api api = [] {
    const Config config = load_config(kTinysql / "palus.yaml", "palus.yaml");
    return analysis::analyze(analysis::analysis_input(config, kSourceRoot / "oracles" / "include"));
  }();
  return api;
}

const ProbeInfo* find_probe(const std::vector<ProbeInfo>& probes, const std::string& id) {
  const auto it = std::find_if(probes.begin(), probes.end(), [&](const ProbeInfo& p) { return p.id == id; });
  return it == probes.end() ? nullptr : &*it;
}

// ---------------------------------------------------------------------------------------------
// samples/tinysql, instrumented once for all tests of the suite.

class TinysqlInstrumented : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("palus-instrument");
    before_ = new std::map<std::string, std::string>(snapshot(kTinysql));
    request_ = new InstrumentRequest;
    request_->root = kTinysql;
    request_->sources = files_in(kTinysql / "src", ".cpp");
    request_->headers = files_in(kTinysql / "include" / "tinysql", ".hpp");
    request_->flags = {"-std=c++17", "-Iinclude"};
    request_->out = scratch_->path() / "src";
    result_ = new InstrumentResult(instrument(*request_));
  }
  static void TearDownTestSuite() {
    delete result_;
    delete request_;
    delete before_;
    delete scratch_;
  }

  static ScratchDir* scratch_;
  static std::map<std::string, std::string>* before_;
  static InstrumentRequest* request_;
  static InstrumentResult* result_;
};
ScratchDir* TinysqlInstrumented::scratch_ = nullptr;
std::map<std::string, std::string>* TinysqlInstrumented::before_ = nullptr;
InstrumentRequest* TinysqlInstrumented::request_ = nullptr;
InstrumentResult* TinysqlInstrumented::result_ = nullptr;

TEST_F(TinysqlInstrumented, LeavesTheOriginalsAlone) { EXPECT_EQ(snapshot(kTinysql), *before_); }

TEST_F(TinysqlInstrumented, CopiesEverySourceAndHeaderAndWhatTheyInclude) {
  ASSERT_EQ(result_->shadow_sources.size(), request_->sources.size());
  for (std::size_t i = 0; i < request_->sources.size(); ++i) {
    EXPECT_EQ(result_->shadow_sources[i], request_->out / "src" / request_->sources[i].filename());
    EXPECT_TRUE(fs::exists(result_->shadow_sources[i]));
  }
  EXPECT_TRUE(fs::exists(request_->out / "include" / "tinysql" / "driver.hpp"));
  // Internal headers beside the sources are not instrumented, but copied as they are.
  EXPECT_EQ(read_text(request_->out / "src" / "database.hpp"), read_text(kTinysql / "src" / "database.hpp"));
}

TEST_F(TinysqlInstrumented, ShadowFlagsPutTheCopyFirst) {
  const std::vector<std::string> expected{"-std=c++17", "-I" + (request_->out / "include").string(), "-Iinclude"};
  EXPECT_EQ(result_->shadow_flags, expected);
}

TEST_F(TinysqlInstrumented, ProbesKeepLineNumbers) {
  for (std::size_t i = 0; i < request_->sources.size(); ++i) {
    const std::string original = read_text(request_->sources[i]);
    const std::string copy = read_text(result_->shadow_sources[i]);
    EXPECT_EQ(std::count(copy.begin(), copy.end(), '\n'), std::count(original.begin(), original.end(), '\n'))
        << request_->sources[i];
  }
}

TEST_F(TinysqlInstrumented, ProbesCarryTheApiIdsOfTheirCallables) {
  const auto& probes = result_->probes;
  EXPECT_GT(probes.size(), 150u);
  const ProbeInfo* query = find_probe(probes, "tinysql::Statement::executeQuery(const std::string &)");
  ASSERT_NE(query, nullptr);
  EXPECT_EQ(query->file, "src/statement.cpp");
  EXPECT_EQ(query->line, 20u);
  EXPECT_EQ(query->owner, "tinysql::Statement");
  EXPECT_EQ(query->role, ProbeRole::method);
  EXPECT_FALSE(query->is_static);
  const ProbeInfo* parse_flag =
      find_probe(probes, "tinysql::Driver::parseFlag(const std::string &, const std::string &)");
  ASSERT_NE(parse_flag, nullptr);
  EXPECT_TRUE(parse_flag->is_static);
  const ProbeInfo* destructor = find_probe(probes, "tinysql::Statement::~Statement()");
  ASSERT_NE(destructor, nullptr);
  EXPECT_EQ(destructor->role, ProbeRole::destructor);
  EXPECT_EQ(find_probe(probes, "tinysql::Driver::Driver()"), nullptr) << "Driver() = default has no body";
  EXPECT_EQ(find_probe(probes, "tinysql::Driver::connectionCount() const")->file, "src/driver.cpp");

  // Every callable of api.yaml written in the library has a probe under the same id.
  const api::Api& api = tinysql_api();
  std::set<std::string> ids;
  for (const auto& p : probes) ids.insert(p.id);
  std::vector<const api::Callable*> callables;
  for (const auto& c : api.classes) {
    // Probes in a class template name it as written (tinysql::Column::size() const), not through
    // the alias api.yaml tests it under (tinysql::IntColumn).
    if (c.instantiates) continue;
    for (const auto& ctor : c.constructors) callables.push_back(&ctor);
    for (const auto& m : c.methods) callables.push_back(&m);
  }
  for (const auto& f : api.functions) callables.push_back(&f);
  std::size_t matched = 0;
  for (const api::Callable* c : callables) {
    if (c->is_implicit || c->is_pure || c->id == "tinysql::Driver::Driver()" ||
        c->id == "tinysql::Properties::Properties()") {
      continue;
    }
    EXPECT_TRUE(ids.contains(c->id)) << c->id;
    ++matched;
  }
  EXPECT_GT(matched, 50u);
}

TEST_F(TinysqlInstrumented, IndicesFollowTheFilesInOrderThenOffsets) {
  const auto& probes = result_->probes;
  std::vector<std::string> files;
  for (const auto& s : request_->sources) files.push_back("src/" + s.filename().string());
  for (const auto& h : request_->headers) files.push_back("include/tinysql/" + h.filename().string());
  std::size_t position = 0;
  for (std::size_t i = 1; i < probes.size(); ++i) {
    const auto at = std::find(files.begin() + static_cast<long>(position), files.end(), probes[i].file);
    ASSERT_NE(at, files.end()) << probes[i].file << " out of order at probe " << i;
    const auto now = static_cast<std::size_t>(at - files.begin());
    if (now == position) {
      EXPECT_LE(probes[i - 1].line, probes[i].line) << i;
    }
    position = now;
  }
  const std::string statement = read_text(request_->out / "src" / "statement.cpp");
  const ProbeInfo* query = find_probe(probes, "tinysql::Statement::executeQuery(const std::string &)");
  const auto index = static_cast<std::size_t>(query - probes.data());
  EXPECT_TRUE(contains(statement,
                       "std::unique_ptr<ResultSet> Statement::executeQuery(const std::string& sql) { "
                       "::palus_trace::Probe palus_trace_probe_(" +
                           std::to_string(index) + "u, ::palus_trace::Role::method, this, sql);\n"));
}

TEST_F(TinysqlInstrumented, TheCopyCompilesAgainstTheTraceRuntime) {
  std::vector<std::string> flags;
  for (const auto& flag : result_->shadow_flags) {
    flags.push_back(flag == "-Iinclude" ? "-I" + (kTinysql / "include").string() : flag);
  }
  const CommandResult compiled = syntax_check(result_->shadow_sources, flags, scratch_->path() / "compile.log");
  EXPECT_EQ(compiled.status, 0) << compiled.output;
}

TEST_F(TinysqlInstrumented, ProbeTableRoundTrips) {
  const fs::path file = scratch_->path() / "probes.yaml";
  write_probe_table(file, result_->probes, result_->table_hash);
  const ProbeTable table = read_probe_table(file);
  EXPECT_EQ(table.hash, result_->table_hash);
  EXPECT_EQ(table.hash, probe_table_hash(table.probes));
  ASSERT_EQ(table.probes.size(), result_->probes.size());
  for (std::size_t i = 0; i < table.probes.size(); ++i) {
    const ProbeInfo& a = table.probes[i];
    const ProbeInfo& b = result_->probes[i];
    EXPECT_TRUE(a.id == b.id && a.owner == b.owner && a.role == b.role && a.is_static == b.is_static &&
                a.file == b.file && a.line == b.line)
        << i;
  }
}

// ---------------------------------------------------------------------------------------------
// A small project of awkward function kinds.

constexpr const char* kEdgeHeader = R"(#pragma once
#include <string>
#include <utility>
namespace edge {
constexpr int twice(int x) { return 2 * x; }
inline int thrice(int x) { return 3 * x; }
template <class T> T biggest(T a, T b) { return a < b ? b : a; }
template <class... Args> int count_of(Args&&... args) { return static_cast<int>(sizeof...(args)); }

class Widget {
 public:
  Widget() = default;
  explicit Widget(int size);
  Widget(const Widget&) = delete;
  Widget(Widget&&) = default;
  ~Widget();
  int size() const { return size_; }
  static Widget make(int size);
  bool operator==(const Widget& other) const;
  explicit operator bool() const { return size_ != 0; }
  void ignore(int, const std::string& named);
  friend bool same(const Widget& a, const Widget& b) { return a.size_ == b.size_; }
  constexpr int cap() const { return 7; }
 private:
  void grow();
  int size_ = 0;
};

template <class T>
class Box {
 public:
  explicit Box(T value) : value_(std::move(value)) {}
  const T& get() const;
 private:
  T value_;
};

template <class T>
const T& Box<T>::get() const { return value_; }

using IntBox = Box<int>;
}  // namespace edge
)";

constexpr const char* kEdgeSource = R"(#include "edge/edge.hpp"

#include <coroutine>
#include <cstddef>
#include <new>

#include "detail.hpp"

#define DEFINE_GETTER(name, value) int name() { return value; }
#define BODY { return 5; }

struct Task {
  struct promise_type {
    Task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

namespace edge {
namespace {
int hidden(int x) { return x + detail_offset(); }
DEFINE_GETTER(macro_made, 4)
int macro_body() BODY
}  // namespace

Widget::Widget(int size)
    : size_(size) {
  grow();
}

Widget::~Widget() {}

Widget Widget::make(int size) { return Widget(size); }

bool Widget::operator==(const Widget& other) const { return size_ == other.size_; }

void Widget::ignore(int, const std::string& named) {
  auto lambda = [this](int n) { return n + size_; };
  (void)lambda(named.size());
}

void Widget::grow() { size_ += hidden(1) + macro_made() + macro_body(); }

struct Guarded {
  explicit Guarded(int x) try : value(x) {
  } catch (...) {
  }
  int value;
};

consteval int forty() { return 40; }

struct Pooled {
  static void* operator new(std::size_t size) { return ::operator new(size); }
  static void operator delete(void* p) { ::operator delete(p); }
};

Task run_later() { co_return; }

int use_all() {
  IntBox box(3);
  Guarded guarded(forty());
  run_later();
  return box.get() + biggest(1, 2) + count_of(1, "a") + thrice(twice(1)) + guarded.value;
}
}  // namespace edge
)";

class EdgeProject : public ::testing::Test {
 protected:
  void SetUp() override {
    write_text(root() / "include" / "edge" / "edge.hpp", kEdgeHeader);
    write_text(root() / "src" / "widget.cpp", kEdgeSource);
    write_text(root() / "src" / "detail.hpp", "#pragma once\ninline int detail_offset() { return 1; }\n");
    request_.root = root();
    request_.sources = {root() / "src" / "widget.cpp"};
    request_.headers = {root() / "include" / "edge" / "edge.hpp"};
    // Project headers reached through -isystem are instrumented all the same.
    request_.flags = {"-std=c++20", "-isystem", (root() / "include").string()};
    request_.out = root() / ".palus" / "trace" / "src";
  }
  fs::path root() const { return scratch_.path() / "project"; }
  std::string shadow(const std::string& relative) const { return read_text(request_.out / relative); }

  ScratchDir scratch_{"palus-instrument-edge"};
  InstrumentRequest request_;
};

TEST_F(EdgeProject, ProbesWhatCanBeProbedAndCompiles) {
  const InstrumentResult result = instrument(request_);
  std::vector<std::string> ids;
  for (const auto& p : result.probes) ids.push_back(p.id);
  const std::vector<std::string> expected{
      // src/widget.cpp
      "Task::promise_type::get_return_object()",
      "Task::promise_type::initial_suspend()",
      "Task::promise_type::final_suspend()",
      "Task::promise_type::return_void()",
      "Task::promise_type::unhandled_exception()",
      "edge::(anonymous)::hidden(int)",
      "edge::Widget::Widget(int)",
      "edge::Widget::~Widget()",
      "edge::Widget::make(int)",
      "edge::Widget::operator==(const edge::Widget &) const",
      "edge::Widget::ignore(int, const std::string &)",
      "edge::Widget::grow()",
      "edge::use_all()",
      // include/edge/edge.hpp
      "edge::thrice(int)",
      "edge::biggest(T, T)",
      "edge::count_of(Args &&...)",
      "edge::Widget::size() const",
      "edge::Widget::operator bool() const",
      "edge::same(const edge::Widget &, const edge::Widget &)",
      "edge::Box::Box(T)",
      "edge::Box::get() const",
  };
  EXPECT_EQ(ids, expected);

  const std::string source = shadow("src/widget.cpp");
  EXPECT_TRUE(contains(source,
                       "    : size_(size) { ::palus_trace::Probe palus_trace_probe_(6u, "
                       "::palus_trace::Role::constructor, this, size);\n  grow();"));
  EXPECT_TRUE(contains(source,
                       "Widget::~Widget() { ::palus_trace::Probe palus_trace_probe_(7u, "
                       "::palus_trace::Role::destructor, this);}"));
  EXPECT_TRUE(contains(source,
                       "Widget Widget::make(int size) { ::palus_trace::Probe palus_trace_probe_(8u, "
                       "::palus_trace::Role::method, ::palus_trace::no_self, size); return"));
  EXPECT_TRUE(contains(source, "(10u, ::palus_trace::Role::method, this, ::palus_trace::unnamed, named);\n"));
  EXPECT_TRUE(contains(source,
                       "int hidden(int x) { ::palus_trace::Probe palus_trace_probe_(5u, "
                       "::palus_trace::Role::function, ::palus_trace::no_self, x); return"));
  EXPECT_TRUE(contains(source, "auto lambda = [this](int n) { return n + size_; };"));
  EXPECT_TRUE(contains(source, "explicit Guarded(int x) try : value(x) {\n  }"));
  EXPECT_TRUE(contains(source, "Task run_later() { co_return; }"));
  EXPECT_TRUE(contains(source, "int macro_body() BODY\n"));
  const std::string header = shadow("include/edge/edge.hpp");
  EXPECT_TRUE(contains(header, "constexpr int twice(int x) { return 2 * x; }"));
  EXPECT_TRUE(contains(header, "constexpr int cap() const { return 7; }"));
  EXPECT_TRUE(contains(header,
                       "int count_of(Args&&... args) { ::palus_trace::Probe palus_trace_probe_(15u, "
                       "::palus_trace::Role::function, ::palus_trace::no_self, ::palus_trace::unnamed);"));
  EXPECT_TRUE(contains(header,
                       "explicit Box(T value) : value_(std::move(value)) { ::palus_trace::Probe "
                       "palus_trace_probe_(19u, ::palus_trace::Role::constructor, this, value);}"));
  EXPECT_EQ(shadow("src/detail.hpp"), read_text(root() / "src" / "detail.hpp"));

  const ProbeInfo& make = result.probes[8];
  EXPECT_EQ(make.owner, "edge::Widget");
  EXPECT_TRUE(make.is_static);
  EXPECT_EQ(make.file, "src/widget.cpp");
  const std::string before_make = source.substr(0, source.find("Widget Widget::make"));
  EXPECT_EQ(make.line, static_cast<unsigned>(std::count(before_make.begin(), before_make.end(), '\n')) + 1);
  EXPECT_EQ(result.probes[19].owner, "edge::Box");
  EXPECT_EQ(result.probes[15].role, ProbeRole::function);
  EXPECT_EQ(result.probes[15].owner, "");

  const std::vector<std::string> flags{"-std=c++20", "-isystem", (request_.out / "include").string(), "-isystem",
                                       (root() / "include").string()};
  EXPECT_EQ(result.shadow_flags, flags);
  const CommandResult compiled = syntax_check(result.shadow_sources, flags, scratch_.path() / "compile.log");
  EXPECT_EQ(compiled.status, 0) << compiled.output;
}

TEST_F(EdgeProject, SameInputSameOutput) {
  const InstrumentResult first = instrument(request_);
  const std::string text = shadow("src/widget.cpp");
  const InstrumentResult second = instrument(request_);
  EXPECT_EQ(second.table_hash, first.table_hash);
  EXPECT_EQ(shadow("src/widget.cpp"), text);
}

TEST_F(EdgeProject, RemovesFilesItNoLongerWrites) {
  write_text(request_.out / "src" / "gone.hpp", "#error stale\n");
  instrument(request_);
  EXPECT_FALSE(fs::exists(request_.out / "src" / "gone.hpp"));
  EXPECT_TRUE(fs::exists(request_.out / "src" / "widget.cpp"));
}

TEST_F(EdgeProject, RefusesFilesOutsideTheRoot) {
  write_text(scratch_.path() / "elsewhere.cpp", "int f() { return 1; }\n");
  request_.sources.push_back(scratch_.path() / "elsewhere.cpp");
  try {
    instrument(request_);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_TRUE(contains(e.what(), "elsewhere.cpp: outside the project root"));
  }
}

TEST_F(EdgeProject, AHeaderThatIsNotSelfContainedIsParsedAfterTheHeadersBeforeIt) {
  // base.hpp declares what more.hpp uses without including it (an umbrella header includes both);
  // the source reaches base.hpp but not more.hpp.
  write_text(root() / "include" / "edge" / "base.hpp",
             "#pragma once\nnamespace edge { struct Base { int v = 1; }; }\n");
  write_text(root() / "include" / "edge" / "more.hpp",
             "#pragma once\nnamespace edge { inline int more(const Base& b) { return b.v + 1; } }\n");
  write_text(root() / "src" / "base_user.cpp",
             "#include <edge/base.hpp>\nint base_user() { return edge::Base{}.v; }\n");
  request_.sources.push_back(root() / "src" / "base_user.cpp");
  request_.headers = {root() / "include" / "edge" / "base.hpp", root() / "include" / "edge" / "more.hpp",
                      root() / "include" / "edge" / "edge.hpp"};
  const InstrumentResult result = instrument(request_);
  const bool probed = std::any_of(result.probes.begin(), result.probes.end(),
                                  [](const auto& p) { return p.id == "edge::more(const edge::Base &)"; });
  EXPECT_TRUE(probed);
}

TEST_F(EdgeProject, NamesTheLineOfCodeThatDoesNotCompile) {
  write_text(root() / "src" / "broken.cpp", "int fine() { return 1; }\nint broken( { return 2; }\n");
  request_.sources.push_back(root() / "src" / "broken.cpp");
  try {
    instrument(request_);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_TRUE(contains(e.what(), "broken.cpp:2:"));
  }
  EXPECT_FALSE(fs::exists(request_.out / "src" / "broken.cpp"));
}

// ---------------------------------------------------------------------------------------------
// probes.yaml errors.

TEST(ProbeTable, MalformedFilesNameTheLineAndWhatWasExpected) {
  ScratchDir scratch("palus-probes");
  const fs::path file = scratch.path() / "probes.yaml";
  auto read_error = [&]() -> std::string {
    try {
      read_probe_table(file);
    } catch (const UserError& e) {
      return e.what();
    }
    return "no error";
  };
  auto error_for = [&](const std::string& text) {
    write_text(file, text);
    return read_error();
  };
  const std::string good_probe =
      "  - {index: 0, id: \"f()\", owner: \"\", role: function, static: false, file: a.cpp, line: 1}\n";
  EXPECT_EQ(error_for("hash: 00000000000000ff\nprobes:\n" + good_probe), "no error");
  EXPECT_TRUE(contains(error_for("hash: xyz\nprobes: []\n"), "probes.yaml:1: expected 'hash' to be a hexadecimal"));
  EXPECT_TRUE(contains(error_for("hash: 1\nprobes:\n  - {index: 1, id: f, owner: \"\", role: function, static: "
                                 "false, file: a.cpp, line: 1}\n"),
                       "probes.yaml:3: expected the probe with index 0 here"));
  EXPECT_TRUE(contains(error_for("hash: 1\nprobes:\n  - {index: 0, id: f, owner: \"\", role: lambda, static: "
                                 "false, file: a.cpp, line: 1}\n"),
                       "expected 'role' to be one of function, method, constructor, destructor, got 'lambda'"));
  EXPECT_TRUE(contains(error_for("hash: 1\nprobes:\n  - {index: 0, id: f, role: method, static: false, file: a, "
                                 "line: 1}\n"),
                       "probes.yaml:3: expected a key 'owner'"));
  EXPECT_TRUE(contains(error_for("hash: 1\nprobs: []\n"), "probes.yaml:2: unexpected key 'probs'"));
  EXPECT_TRUE(contains(error_for("hash: [1\n"), "probes.yaml:"));
  fs::remove(file);
  EXPECT_TRUE(contains(read_error(), "probes.yaml: cannot read"));
}

// ---------------------------------------------------------------------------------------------
// Profile functions.

TEST(ProfileSource, TinysqlProfilesCompileReadPrivateFieldsAndRun) {
  const api::Api& api = tinysql_api();
  std::vector<std::string> includes;
  for (const auto& h : files_in(kTinysql / "include" / "tinysql", ".hpp")) {
    includes.push_back("#include \"" + h.string() + "\"");
  }
  std::string text = render_profile_functions(api, includes);
  EXPECT_TRUE(contains(text, "template struct Steal<"));
  text += R"(
#include <cstdio>

int main() {
  tinysql::Driver driver;
  tinysql::Properties properties;
  properties.set("readonly", "yes");
  for (std::size_t i = 0; i < palus_profiles::entry_count; ++i) {
    std::string profile;
    if (*palus_profiles::entries[i].type == typeid(tinysql::Driver)) {
      palus_profiles::entries[i].profile(&driver, profile);
      std::printf("Driver=%s\n", profile.c_str());
    } else if (*palus_profiles::entries[i].type == typeid(tinysql::Properties)) {
      palus_profiles::entries[i].profile(&properties, profile);
      std::printf("Properties=%s\n", profile.c_str());
    }
  }
}
)";
  ScratchDir scratch("palus-profiles");
  write_text(scratch.path() / "profiles.cpp", text);
  const fs::path program = scratch.path() / "profiles";
  const CommandResult built = run(std::string(PALUS_TEST_CXX) + " -std=c++17 -Wall -Wextra -Werror -I" +
                                      quoted(kTraceRuntime.string()) + " -I" + quoted((kTinysql / "include").string()) +
                                      " " + quoted((scratch.path() / "profiles.cpp").string()) + " " +
                                      quoted(TINYSQL_LIB) + " -o " + quoted(program.string()),
                                  scratch.path() / "build.log");
  ASSERT_EQ(built.status, 0) << built.output;
  const CommandResult ran = run(quoted(program.string()), scratch.path() / "run.log");
  EXPECT_EQ(ran.status, 0);
  EXPECT_EQ(ran.output, "Driver=0\nProperties=F\n");

  // With the trace registration after it, as palus trace compiles it.
  write_text(scratch.path() / "registered.cpp",
             render_profile_functions(api, includes) + render_trace_registration(0xabcdefull));
  const CommandResult registered =
      run(std::string(PALUS_TEST_CXX) + " -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I" +
              quoted(kTraceRuntime.string()) + " -I" + quoted((kTinysql / "include").string()) + " " +
              quoted((scratch.path() / "registered.cpp").string()),
          scratch.path() / "registered.log");
  EXPECT_EQ(registered.status, 0) << registered.output;
  EXPECT_TRUE(
      contains(render_trace_registration(0xabcdefull), "::palus_trace::set_table_hash(0x0000000000abcdefull);"));
}

TEST(ProfileSource, LeavesOutWhatAMemberPointerCannotNameAndPutsBasesFirst) {
  api::Api api;
  api::Class base;
  base.name = "ns::Base";
  base.fields = {{"b_", {"int", "int"}, "private", false, false}};
  api::Class derived;
  derived.name = "ns::Derived";
  derived.bases = {"ns::Base"};
  derived.fields = {{"count_", {"int", "int"}, "private", false, false},
                    {"ref_", {"int &", "int"}, "private", false, false},
                    {"bits_", {"unsigned int", "unsigned int"}, "private", false, true},
                    {"total_", {"int", "int"}, "public", true, false},
                    {"", {"ns::Derived::(anonymous union)", ""}, "public", false, false},
                    {"name_", {"std::string", "std::string"}, "private", false, false}};
  api::Class empty;
  empty.name = "ns::Empty";
  api.classes = {base, derived, empty};
  const std::string text = render_profile_functions(api, {});
  EXPECT_TRUE(contains(text,
                       "void profile_1(const void* object, std::string& out) {\n"
                       "  const auto& self = *static_cast<const ::ns::Derived*>(object);\n"
                       "  ::palus::profile::append(out, self.*member_of(Tag_0_0{}));\n"
                       "  ::palus::profile::append(out, self.*member_of(Tag_1_0{}));\n"
                       "  ::palus::profile::append(out, self.*member_of(Tag_1_5{}));\n}\n"));
  EXPECT_EQ(text.find("ref_"), std::string::npos);
  EXPECT_EQ(text.find("bits_"), std::string::npos);
  EXPECT_EQ(text.find("total_"), std::string::npos);
  EXPECT_EQ(text.find("profile_2"), std::string::npos);
  EXPECT_TRUE(contains(text, "const std::size_t entry_count = 2;"));
  EXPECT_TRUE(contains(render_profile_functions({}, {}), "const std::size_t entry_count = 0;"));
}

constexpr const char* kOddFields = R"(#pragma once
#include <string>
namespace shape {
class Base {
 public:
  virtual ~Base() = default;
 private:
  int id_ = 0;
};
class Odd : public Base {
 public:
  explicit Odd(int& r) : ref_(r), flags_(5) {}
  int visible = -3;
 private:
  enum class Mode { a, b };
  int& ref_;
  unsigned flags_ : 3;
  union { int i_; float f_; };
  static int count_;
  std::string name_;
  double ratio_ = 0.5;
  bool on_ = true;
  Mode mode_ = Mode::b;
  int* where_ = nullptr;
};
}  // namespace shape
)";

TEST(ProfileSource, OddFieldsFromTheAnalyzerCompileAndProfile) {
  ScratchDir scratch("palus-profiles-odd");
  const fs::path header = scratch.path() / "odd.hpp";
  write_text(header, kOddFields);
  analysis::AnalysisInput input;
  input.headers = {header.string()};
  input.flags_for = [](const std::string&) { return std::vector<std::string>{"-std=c++17"}; };
  input.scratch_dir = scratch.path().string();
  const api::Api api = analysis::analyze(input);

  const fs::path api_file = scratch.path() / "api.yaml";
  write_text(api_file, analysis::api_to_yaml(api, scratch.path(), "test"));
  EXPECT_TRUE(contains(read_text(api_file),
                       "{name: flags_, type: unsigned int, access: private, static: false, "
                       "bitfield: true}"));
  const api::Api reread = analysis::read_api_yaml(api_file, scratch.path());
  ASSERT_EQ(reread.classes.size(), 2u);
  std::size_t bitfields = 0;
  for (const auto& f : reread.classes[1].fields) bitfields += f.is_bitfield ? 1 : 0;
  EXPECT_EQ(bitfields, 1u);

  std::string text = render_profile_functions(api, {"#include \"" + header.string() + "\""});
  text += R"(
#include <cstdio>

int main() {
  int target = 0;
  shape::Odd odd(target);
  for (std::size_t i = 0; i < palus_profiles::entry_count; ++i) {
    if (*palus_profiles::entries[i].type != typeid(shape::Odd)) continue;
    std::string profile;
    palus_profiles::entries[i].profile(&odd, profile);
    std::printf("%s\n", profile.c_str());
  }
}
)";
  write_text(scratch.path() / "odd.cpp", text);
  const fs::path program = scratch.path() / "odd";
  const CommandResult built =
      run(std::string(PALUS_TEST_CXX) + " -std=c++17 -Wall -Wextra -Werror -I" + quoted(kTraceRuntime.string()) + " " +
              quoted((scratch.path() / "odd.cpp").string()) + " -o " + quoted(program.string()),
          scratch.path() / "build.log");
  ASSERT_EQ(built.status, 0) << built.output << "\n" << text;
  const CommandResult ran = run(quoted(program.string()), scratch.path() / "run.log");
  // Base::id_, then visible, name_, ratio_, on_, mode_, where_: no ref_, flags_, union or count_.
  EXPECT_EQ(ran.output, "0-E+t[1]N\n");
}

}  // namespace
}  // namespace palus::models
