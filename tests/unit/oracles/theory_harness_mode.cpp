// palus/theory.hpp in harness mode: this file does not include GoogleTest, and meson builds it
// with -std=c++17, so it also checks that the header is C++17. The theories are run as the
// harness runs them, through palus::theory_detail::outcome. Each `run.line = __LINE__ + 1;` names
// the line of the macro below it, which the violation messages quote.
#include "unit/oracles/theory_harness_mode.hpp"

#include <palus/theory.hpp>
#include <stdexcept>
#include <string>

static_assert(__cplusplus == 201703L, "theory_harness_mode.cpp must be compiled as C++17");
#if PALUS_THEORY_GTEST
#error "theory_harness_mode.cpp must compile palus/theory.hpp in harness mode"
#endif

namespace palus::testing::theory_harness {

/// A type with == and no operator<<.
struct Opaque {
  int v = 0;
  bool operator==(const Opaque& other) const { return v == other.v; }
};

/// Two types with invariants: Counter (theory_harness_mode.hpp) and Account.
class Account {
 public:
  Account(bool open, int balance) : open_(open), balance_(balance) {}
  bool isOpen() const { return open_; }
  int balance() const { return balance_; }

 private:
  bool open_;
  int balance_;
};

void act_on(Act act) {
  switch (act) {
    case Act::nothing:
      return;
    case Act::logic_error:
      throw std::logic_error("logic boom");
    case Act::out_of_range:
      throw std::out_of_range("range boom");
    case Act::runtime_error:
      throw std::runtime_error("runtime boom");
    case Act::non_std:
      throw 42;
  }
}

namespace theories {

PALUS_THEORY(assume_theory, Run& run, bool met) {
  run.line = __LINE__ + 1;
  PALUS_ASSUME(met);
  run.finished = true;
}

PALUS_THEORY(check_theory, Run& run, bool holds) {
  run.line = __LINE__ + 1;
  PALUS_CHECK(holds == true);
  run.finished = true;
}

PALUS_THEORY(check_eq_ints_theory, Run& run, int a, int b) {
  run.line = __LINE__ + 1;
  PALUS_CHECK_EQ(a, b);
  run.finished = true;
}

PALUS_THEORY(check_eq_strings_theory, Run& run, const std::string& a, const char* b) {
  run.line = __LINE__ + 1;
  PALUS_CHECK_EQ(a, b);
  run.finished = true;
}

PALUS_THEORY(check_eq_bools_theory, Run& run, bool a, bool b) {
  run.line = __LINE__ + 1;
  PALUS_CHECK_EQ(a, b);
  run.finished = true;
}

PALUS_THEORY(check_eq_chars_theory, Run& run, char a, char b) {
  run.line = __LINE__ + 1;
  PALUS_CHECK_EQ(a, b);
  run.finished = true;
}

PALUS_THEORY(check_eq_unprintable_theory, Run& run, const Opaque& a, const Opaque& b) {
  run.line = __LINE__ + 1;
  PALUS_CHECK_EQ(a, b);
  run.finished = true;
}

PALUS_THEORY(check_eq_evaluations_theory, int& counter) { PALUS_CHECK_EQ(++counter, 1); }

PALUS_THEORY(expect_throw_any_theory, Run& run, Act act) {
  run.line = __LINE__ + 1;
  PALUS_EXPECT_THROW(act_on(act));
  run.finished = true;
}

PALUS_THEORY(expect_throw_logic_error_theory, Run& run, Act act) {
  run.line = __LINE__ + 1;
  PALUS_EXPECT_THROW(act_on(act), std::logic_error);
  run.finished = true;
}

PALUS_THEORY(expect_no_throw_theory, Run& run, Act act) {
  run.line = __LINE__ + 1;
  PALUS_EXPECT_NO_THROW(act_on(act));
  run.finished = true;
}

PALUS_THEORY(escaping_theory, Run& run, Act act) {
  act_on(act);
  run.finished = true;
}

PALUS_THEORY(unmet_assumption_inside_expect_throw_theory, Run& run) {
  Run inner;
  PALUS_EXPECT_THROW(assume_theory(inner, false));
  run.finished = true;
}

PALUS_THEORY(failed_check_inside_expect_throw_theory, Run& run) {
  PALUS_EXPECT_THROW(check_theory(run, false), std::logic_error);
  run.finished = true;
}

PALUS_THEORY(failed_check_inside_expect_no_throw_theory, Run& run) {
  PALUS_EXPECT_NO_THROW(check_theory(run, false));
  run.finished = true;
}

// Invariants of two types in one namespace: palus_invariant overloads.
int invariant_line = 0;

PALUS_INVARIANT(Counter, counter) {
  invariant_line = __LINE__ + 1;
  PALUS_CHECK(counter.count() <= counter.limit());
}

PALUS_INVARIANT(Account, account) {
  PALUS_ASSUME(account.isOpen());
  invariant_line = __LINE__ + 1;
  PALUS_CHECK_EQ(account.balance() < 0, false);
}

// Parameter values: compiled, never called.
PALUS_PARAM_VALUES(palus::testing::theory_harness::theories::check_eq_ints_theory, a, 0, -1, 2147483647)
PALUS_PARAM_VALUES(palus::testing::theory_harness::Counter::add, amount, 1, -1)
PALUS_PARAM_VALUES(palus::testing::theory_harness::theories::check_eq_strings_theory, b, "", "a b", "SELECT * FROM t")
PALUS_TYPE_VALUES(int, 0, -1, 2147483647)
PALUS_TYPE_VALUES(std::string, "", "line\nbreak")

}  // namespace theories

namespace {

/// Runs `theory(run, args...)` through outcome, as the harness does.
template <typename Theory, typename... Args>
Run run_theory(Theory&& theory, Args&&... args) {
  Run run;
  run.outcome = palus::theory_detail::outcome([&] { theory(run, args...); });
  return run;
}

/// Runs the invariant of `object` as the harness does, with the line of the check that failed.
template <typename T>
Run run_invariant(T object) {
  theories::invariant_line = 0;
  Run run;
  run.outcome = palus::theory_detail::outcome([&] { theories::palus_invariant(object); });
  run.line = theories::invariant_line;
  return run;
}

}  // namespace

Run assume(bool met) { return run_theory(theories::assume_theory, met); }
Run check(bool holds) { return run_theory(theories::check_theory, holds); }
Run check_eq_ints(int a, int b) { return run_theory(theories::check_eq_ints_theory, a, b); }
Run check_eq_strings(const std::string& a, const std::string& b) {
  return run_theory(theories::check_eq_strings_theory, a, b.c_str());
}
Run check_eq_bools(bool a, bool b) { return run_theory(theories::check_eq_bools_theory, a, b); }
Run check_eq_chars(char a, char b) { return run_theory(theories::check_eq_chars_theory, a, b); }
Run check_eq_unprintable(int a, int b) {
  return run_theory(theories::check_eq_unprintable_theory, Opaque{a}, Opaque{b});
}

int check_eq_evaluations() {
  int counter = 0;
  const std::string outcome = palus::theory_detail::outcome([&] { theories::check_eq_evaluations_theory(counter); });
  return outcome.empty() ? counter : -1;
}

Run expect_throw_any(Act act) { return run_theory(theories::expect_throw_any_theory, act); }
Run expect_throw_logic_error(Act act) { return run_theory(theories::expect_throw_logic_error_theory, act); }
Run expect_no_throw(Act act) { return run_theory(theories::expect_no_throw_theory, act); }
Run escaping(Act act) { return run_theory(theories::escaping_theory, act); }
Run unmet_assumption_inside_expect_throw() { return run_theory(theories::unmet_assumption_inside_expect_throw_theory); }
Run failed_check_inside_expect_throw() { return run_theory(theories::failed_check_inside_expect_throw_theory); }
Run failed_check_inside_expect_no_throw() { return run_theory(theories::failed_check_inside_expect_no_throw_theory); }

Run counter_invariant(int count, int limit) { return run_invariant(Counter(count, limit)); }
Run account_invariant(bool open, int balance) { return run_invariant(Account(open, balance)); }

std::string compiled_as() { return __cplusplus == 201703L ? "C++17" : std::to_string(__cplusplus); }

}  // namespace palus::testing::theory_harness
