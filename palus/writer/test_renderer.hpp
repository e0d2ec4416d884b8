#pragma once
// One generated test as GoogleTest source (DESIGN §9): the sequence's calls in plain C++, made
// exactly as the harness made them, with variables named after their types and assertions of the
// values the harness saw.

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/api.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/generation/test_case.hpp"

namespace palus::writer {

/// Where a test lives in GoogleTest's terms.
struct TestName {
  std::string suite;  ///< "StatementRegressionTest"
  std::string name;   ///< "Statement_executeQuery_2"

  /// "StatementRegressionTest.Statement_executeQuery_2", as --gtest_filter takes it.
  std::string full() const { return suite + "." + name; }
  auto operator<=>(const TestName&) const = default;
};

struct RenderOptions {
  /// Assert the objects' state after every call that changed it (generate.assertions: all). By
  /// default (selected) a regression test asserts what each call returned, and the fewest
  /// observations that observe every place of library code the test can observe
  /// (oracle_selection.hpp): mostly the state its last call left, and a state before it where a
  /// later call overwrote a field unread (when that adds enough). (On jsoncpp, where a Json::Value has 28 observers,
  /// every state made tests of 150 lines, whose checking stopped generation after a fifth of the budget.)
  bool every_state = false;
  /// With every_state, assert every observation. By default an observer's value is asserted after a statement only
  /// when it differs from the value last asserted for the same object and observer, and after the
  /// last statement always, which keeps long sequences readable.
  bool repeat_unchanged_observations = false;
  /// How a test that calls a theory or invariant includes the theories headers ("\"theories/x.hpp\"").
  std::vector<std::string> theories_includes;
  /// The project's folder: a failure message naming a file under it ("/home/me/lib/src/a.cpp:67",
  /// an assertion's __FILE__) names it relative ("src/a.cpp:67"), so that tests written from
  /// copies of a project in different folders read the same.
  std::string project_dir;
};

struct RenderedTest {
  std::string text;                ///< "TEST(Suite, Name) {\n...}\n"
  std::set<std::string> includes;  ///< standard headers it needs besides GoogleTest: "<cmath>", ...
  /// The lines (1-based in `text`) that assert a callable's result or observed value, with that
  /// callable's catalog index: what a failing assertion in the user's build is about.
  std::map<unsigned, std::uint32_t> asserted;
  /// The values it could have asserted: results and observations after every statement
  /// (generate.assertions: all asserts the changed ones; selected, those oracle_selection keeps).
  unsigned assertion_candidates = 0;
};

class TestRenderer {
 public:
  /// `catalog` (and the api it points to) must outlive the renderer.
  explicit TestRenderer(const generation::Catalog& catalog, RenderOptions options = {});

  /// The test as a TEST(...) block. Regression tests assert primitive and string results and
  /// observer values (never pointers or objects); an expected-exception test ends in EXPECT_THROW
  /// (EXPECT_ANY_THROW when the exception's type cannot be named, or is neither a standard type
  /// nor a class of api.yaml, so may be hidden in the library's sources); a failure test holds no value
  /// assertions and a "// palus: <kind>: <message>" comment above the failing statement, and a
  /// contract failure ends in the contract's check (oracles/contracts/contract_catalog.hpp).
  /// Contract statements elsewhere are left out. Throws std::invalid_argument when a contract
  /// check cannot be rendered.
  RenderedTest render(const generation::TestCase& test, const TestName& name) const;

  /// From now on, values of `callable` (its results and, for observers, what it observes) are not
  /// asserted: they were seen to differ where the user builds the tests (an address, a time).
  void never_assert(std::uint32_t callable) { never_asserted_.insert(callable); }
  const std::set<std::uint32_t>& never_asserted() const { return never_asserted_; }

  /// "Statement_executeQuery": the subject and the readable name of the callable the test is
  /// about (the failing or throwing statement, else the last one), without the number.
  std::string base_name(const generation::TestCase& test) const;

 private:
  const generation::Catalog& catalog_;
  RenderOptions options_;
  std::set<std::uint32_t> never_asserted_;
};

/// "StatementRegressionTest" for regression and expected-exception tests, "StatementFailureTest"
/// for failure-revealing ones ("FunctionsRegressionTest" for free functions).
std::string suite_name(const generation::TestCase& test);

/// The test's subject as an identifier, for test and file names: "Statement", "functions".
std::string subject_identifier(const generation::TestCase& test);

/// A name fit for a test or file name: "operator==" -> "equals", "operator<<" -> "print",
/// "operator[]" -> "index", "operator bool" -> "to_bool", constructors -> the class's name.
std::string readable_name(const api::Callable& callable);

/// True when `type` (a demangled exception type) can be written in EXPECT_THROW: no anonymous
/// namespace, lambda, ABI tag, reserved name ("std::__ios_failure") or top-level comma.
bool is_nameable_type(std::string_view type);

}  // namespace palus::writer
