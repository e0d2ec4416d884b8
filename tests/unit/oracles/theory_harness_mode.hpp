#pragma once
// oracles/include/palus/theory.hpp in harness mode (theory_harness_mode.cpp: no GoogleTest, built
// as C++17), run the way the palus harness runs a theory: through palus::theory_detail::outcome.
// Plain C++ here so that theory_header_test.cpp (GoogleTest mode) can include it.

#include <string>

namespace palus::testing::theory_harness {

/// A type whose invariant is count() <= limit(); both modes check it.
class Counter {
 public:
  Counter(int count, int limit) : count_(count), limit_(limit) {}
  int count() const { return count_; }
  int limit() const { return limit_; }
  void add(int amount) { count_ += amount; }

 private:
  int count_;
  int limit_;
};

/// One theory or invariant run.
struct Run {
  std::string outcome;    ///< what palus::theory_detail::outcome returned: "" or the violation
  int line = 0;           ///< the line of the macro under test in theory_harness_mode.cpp
  bool finished = false;  ///< the body ran to its end
};

/// What the operation under test does.
enum class Act { nothing, logic_error, out_of_range, runtime_error, non_std };
/// Does `act`: returns, or throws std::logic_error("logic boom"), std::out_of_range("range boom"),
/// std::runtime_error("runtime boom") or the int 42. The theories of both modes call it.
void act_on(Act act);

Run assume(bool met);
Run check(bool holds);
Run check_eq_ints(int a, int b);
Run check_eq_strings(const std::string& a, const std::string& b);  // b is passed as a const char*
Run check_eq_bools(bool a, bool b);
Run check_eq_chars(char a, char b);
Run check_eq_unprintable(int a, int b);  // values of a type with == and no <<
/// PALUS_CHECK_EQ(++counter, 1): how often the argument was evaluated (expected 1).
int check_eq_evaluations();

Run expect_throw_any(Act act);          // PALUS_EXPECT_THROW(act_on(act))
Run expect_throw_logic_error(Act act);  // PALUS_EXPECT_THROW(act_on(act), std::logic_error)
Run expect_no_throw(Act act);           // PALUS_EXPECT_NO_THROW(act_on(act))
Run escaping(Act act);                  // act_on(act) directly in the body
/// PALUS_EXPECT_THROW / PALUS_EXPECT_NO_THROW around a call of a theory whose assumption is not
/// met, or whose check fails: the skip or the violation goes through.
Run unmet_assumption_inside_expect_throw();
Run failed_check_inside_expect_throw();
Run failed_check_inside_expect_no_throw();

/// PALUS_INVARIANT of two types, called as the harness calls them: palus_invariant(obj).
Run counter_invariant(int count, int limit);
Run account_invariant(bool open, int balance);

/// The name of the C++ standard the file was compiled with: "C++17".
std::string compiled_as();

}  // namespace palus::testing::theory_harness
