// Write-read / read-read dependence and tf-idf relevance (Palus §3.2.2).

#include "palus/analysis/dependence.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "unit/palus/analysis/analysis_test_util.hpp"

namespace palus::testing {
namespace {

constexpr const char* kThreeMethods = R"(
namespace t {
class D {
 public:
  int m1() const { return x_ + x_ + y_; }  // x: 2 reads, y: 1 read
  void m2() { x_ = 0; }                    // x: 1 write
  void m3() { z_ = y_; }                   // y: 1 read, z: 1 write
 private:
  int x_ = 0, y_ = 0, z_ = 0;
};
}
)";

TEST(Dependence, WriteReadAndReadReadAreToldApart) {
  const auto api = analyze_snippet(kThreeMethods);
  const auto& d = class_named(api, "t::D");
  const auto* on_writer = dependence(d, "m1", "m2");
  ASSERT_NE(on_writer, nullptr);
  EXPECT_TRUE(on_writer->write_read);
  EXPECT_FALSE(on_writer->read_read);
  EXPECT_EQ(on_writer->fields, Strings{"t::D::x_"});
  const auto* on_reader = dependence(d, "m1", "m3");
  ASSERT_NE(on_reader, nullptr);
  EXPECT_FALSE(on_reader->write_read);
  EXPECT_TRUE(on_reader->read_read);
  EXPECT_EQ(on_reader->fields, Strings{"t::D::y_"});
  EXPECT_EQ(dependence(d, "m2", "m1"), nullptr) << "m2 reads nothing, so it depends on nothing";
}

TEST(Dependence, RelevanceMatchesAHandComputedTfidf) {
  const auto api = analyze_snippet(kThreeMethods);
  const auto& d = class_named(api, "t::D");
  // N = 3 methods; x is used by m1 and m2, y by m1 and m3: idf = 1 + ln(3/2) for both.
  const double idf_shared = 1.0 + std::log(3.0 / 2.0);
  EXPECT_NEAR(dependence(d, "m1", "m2")->relevance, 2.0 / 3.0 * idf_shared, 1e-9);
  EXPECT_NEAR(dependence(d, "m1", "m3")->relevance, 1.0 / 3.0 * idf_shared, 1e-9);
  EXPECT_NEAR(dependence(d, "m3", "m1")->relevance, 1.0 / 2.0 * idf_shared, 1e-9);
  EXPECT_NEAR(dependence(d, "m1", "m1")->relevance, idf_shared, 1e-9);
}

TEST(Dependence, TfidfOfAFieldNobodyElseUsesIsHigher) {
  const std::vector<analysis::MethodDocument> corpus{
      {"a", {{"f", 1}, {"g", 1}}, {}},
      {"b", {{"g", 1}}, {}},
  };
  EXPECT_NEAR(analysis::tfidf("f", corpus[0], corpus), 0.5 * (1.0 + std::log(2.0)), 1e-12);
  EXPECT_NEAR(analysis::tfidf("g", corpus[0], corpus), 0.5, 1e-12);
  EXPECT_EQ(analysis::tfidf("h", corpus[0], corpus), 0.0);
}

}  // namespace
}  // namespace palus::testing
