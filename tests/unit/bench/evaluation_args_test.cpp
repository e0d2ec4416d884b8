// bench/evaluation_args: the arguments coverage-bench and evaluate share, checked alike.

#include "bench/evaluation_args.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace palus::bench {
namespace {

/// Arguments that pass the check but for what `change` sets; the palus is this test itself.
template <typename Change>
std::optional<std::string> checked(Change change) {
  EvaluationArgs args;
  args.palus = "/proc/self/exe";
  change(args);
  return args.check();
}

TEST(EvaluationArgs, TheDefaultsAreFine) {
  EXPECT_EQ(checked([](EvaluationArgs&) {}), std::nullopt);
}

TEST(EvaluationArgs, EachWrongArgumentIsNamed) {
  EXPECT_EQ(checked([](EvaluationArgs& a) { a.palus = "/no/such/palus"; }),
            "/no/such/palus does not exist: build palus first");
  EXPECT_EQ(checked([](EvaluationArgs& a) { a.seeds = "1,x2"; }), "--seeds: not a number: x2");
  EXPECT_EQ(checked([](EvaluationArgs& a) { a.time_limit = "soon"; }),
            "--time-limit: expected a duration like 60s or 2m, got soon");
}

TEST(EvaluationArgs, OptionsSplitTheLists) {
  EvaluationArgs args;
  args.modes = "random,palus";
  args.seeds = "4,5";
  const EvaluationOptions options = args.options(true);
  EXPECT_EQ(options.modes, (std::vector<std::string>{"random", "palus"}));
  EXPECT_EQ(options.seeds, (std::vector<std::string>{"4", "5"}));
  EXPECT_EQ(options.time_limit, "60s");
  EXPECT_TRUE(options.resume);
}

TEST(SecondsOf, UnitsAndABareNumber) {
  EXPECT_DOUBLE_EQ(seconds_of("60s"), 60);
  EXPECT_DOUBLE_EQ(seconds_of("2m"), 120);
  EXPECT_DOUBLE_EQ(seconds_of("1h"), 3600);
  EXPECT_DOUBLE_EQ(seconds_of("500ms"), 0.5);
  EXPECT_DOUBLE_EQ(seconds_of("7"), 7);
  EXPECT_THROW(seconds_of("soon"), std::invalid_argument);
}

}  // namespace
}  // namespace palus::bench
