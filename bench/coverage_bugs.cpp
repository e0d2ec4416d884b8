#include "bench/coverage_bugs.hpp"

#include <regex>

namespace palus::bench {
namespace {

namespace fs = std::filesystem;

/// Which part of the failure test a signature looks at.
enum class Look { nothing, test, failing_call };

/// The documented signature of a known bug (samples/tinysql/BUGS.md): the failure's kind, regexes
/// its callable and message must contain, and what the failure test must contain.
struct Signature {
  const char* bug;
  const char* kind;
  const char* callable;
  const char* message;
  Look look = Look::nothing;
  const char* in_test = "";  ///< searched ignoring case
};

constexpr const char* kExecute = R"(^tinysql::Statement::execute(Query|Update)\()";

const Signature kSignatures[] = {
    // The rows freed by Statement::close, read through the ResultSet. Without sanitizers it may
    // be a SIGSEGV: then only when the test closes something before.
    {"B1", "sanitizer", R"(^tinysql::ResultSet::)", "heap-use-after-free"},
    {"B1", "crash", R"(^tinysql::ResultSet::)", "^SIGSEGV", Look::test, R"(close\(\))"},
    // One column past the row, through the by-index getters.
    {"B2", "sanitizer", R"(^tinysql::ResultSet::get(String|Int|Value)\(int\))", "heap-buffer-overflow"},
    // Only an UPDATE moves rows (Table::reposition).
    {"B3", "hang", R"(^tinysql::Statement::executeUpdate\()", "", Look::failing_call, R"(\bUPDATE\b)"},
    {"B4", "contract", R"(equals_hash_consistent\(tinysql::Properties, tinysql::Properties\))", ""},
    // No theories yet (DESIGN §8): a failing theory whose test compares rows with `<=`.
    {"B5", "theory", "", "", Look::test, "<="},
    // The statement of a closed connection calls through its null Connection*.
    {"B6", "crash", kExecute, "^SIGSEGV"},
    {"B6", "sanitizer", kExecute, R"(member call on null pointer of type '[^']*\bConnection'|SEGV on unknown address)"},
    // SqlError escaping the noexcept hasTable: std::terminate, SIGABRT.
    {"B7", "crash", R"(^tinysql::Connection::hasTable\()", R"(^SIGABRT|terminate)"},
};

bool contains(const std::string& text, const char* pattern, bool ignore_case = false) {
  if (*pattern == '\0') return true;
  const auto flags = ignore_case ? std::regex::ECMAScript | std::regex::icase : std::regex::ECMAScript;
  return std::regex_search(text, std::regex(pattern, flags));
}

/// The TEST(...) named by report.yaml's `test` ("folder/File_failure_test.cpp:Name"), with
/// adjacent string literals joined ("UPD" "ATE" -> "UPDATE"); "" when not found.
std::string failure_test(const std::string& test, const fs::path& out) {
  const auto colon = test.rfind(':');
  if (colon == std::string::npos) return "";
  const std::string file = read_text(out / fs::path(test.substr(0, colon)).filename());
  const std::string name = ", " + test.substr(colon + 1) + ")";
  std::size_t start = file.find(name);
  while (start != std::string::npos && file.rfind("TEST", start) != file.rfind('\n', start) + 1)
    start = file.find(name, start + 1);
  if (start == std::string::npos) return "";
  const std::size_t end = file.find("\nTEST", start);
  const std::string body = file.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return std::regex_replace(body, std::regex(R"("\s+")"), "");
}

/// The statement after the test's `// palus: <kind>` comment (the one that fails), or the whole
/// test when there is no such comment.
std::string failing_call(const std::string& test) {
  const std::size_t marker = test.find("// palus: ");
  if (marker == std::string::npos) return test;
  const std::size_t begin = test.find('\n', marker);
  if (begin == std::string::npos) return test;
  return test.substr(begin, test.find(";\n", begin) - begin);
}

}  // namespace

std::string known_bug(const Failure& failure, const fs::path& out) {
  for (const Signature& s : kSignatures) {
    if (failure.kind != s.kind || !contains(failure.callable, s.callable) || !contains(failure.message, s.message))
      continue;
    if (s.look == Look::nothing) return s.bug;
    const std::string test = failure_test(failure.test, out);
    if (test.empty()) continue;
    if (contains(s.look == Look::test ? test : failing_call(test), s.in_test, true)) return s.bug;
  }
  return "";
}

}  // namespace palus::bench
