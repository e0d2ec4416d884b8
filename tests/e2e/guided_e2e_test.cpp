// End to end on samples/tinysql: `palus trace` and `palus model` on the demo, the inferred models
// (Palus Figure 6 in tinysql's API), and the statistical claim of the Palus core: guided
// generation reaches Statement::executeQuery on a valid statement from a valid connection within
// a few hundred executions on most seeds, where random generation does not.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>

#include "core/api_yaml_read.hpp"
#include "harness/executor/executor.hpp"
#include "models/model_yaml.hpp"
#include "palus/generation/generator.hpp"
#include "palus/generation/guided_source.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/random_step.hpp"
#include "run_palus.hpp"

namespace fs = std::filesystem;
namespace gen = palus::generation;
using palus::testing::run_palus;
using palus::testing::ScratchDir;

namespace {

constexpr const char* kExecuteQuery = "tinysql::Statement::executeQuery(const std::string &)";

/// Forwards to another source and notes whether a normal sequence called executeQuery.
class Watching : public gen::SequenceSource {
 public:
  Watching(gen::SequenceSource& inner, std::uint32_t target) : inner_(inner), target_(target) {}
  std::optional<gen::Sequence> next(const gen::Pool& pool, gen::Random& random) override {
    return inner_.next(pool, random);
  }
  void dropped(const gen::Sequence& s, bool duplicate) override { inner_.dropped(s, duplicate); }
  void executed(const gen::Sequence& s, gen::Verdict verdict, const palus::harness::protocol::RunResult& r) override {
    inner_.executed(s, verdict, r);
    if (verdict != gen::Verdict::normal) return;
    for (const auto& statement : s.statements())
      if (statement.callable == target_) reached = true;
  }
  bool reached = false;

 private:
  gen::SequenceSource& inner_;
  std::uint32_t target_;
};

class TinysqlModel : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<ScratchDir>("palus-guided");
    config_ = palus::testing::source_root() / "samples/tinysql/palus.yaml";
    work_ = scratch_->path() / "work";
    const std::string common = "--config '" + config_.string() + "' --work-dir '" + work_.string() + "'";
    for (const char* stage : {"analyze", "trace", "model"}) {
      trace_output_ += run_palus(std::string(stage) + " " + common).output;
    }
    auto built = run_palus("harness --sanitizers none -q " + common);
    ASSERT_EQ(0, built.status) << built.output;
    ASSERT_TRUE(fs::exists(work_ / "model.yaml")) << trace_output_;
    model_ = std::make_unique<palus::models::Model>(palus::models::read_model_yaml(work_ / "model.yaml"));
    api_ = std::make_unique<palus::api::Api>(palus::analysis::read_api_yaml(work_ / "api.yaml", config_.parent_path()));
  }
  static void TearDownTestSuite() {
    model_.reset();
    api_.reset();
    scratch_.reset();
  }

  static const palus::models::Transition* creation(const std::string& cls) {
    const auto* m = model_->find(cls);
    if (!m) return nullptr;
    for (const auto& t : m->transitions)
      if (t.from == 0 && t.role == -1 && !t.inferred) return &t;
    return nullptr;
  }

  /// Whether a run of `max_steps` executions with `seed` reaches executeQuery normally.
  static bool reaches(bool guided, std::uint64_t seed, std::uint64_t max_steps) {
    palus::harness::ExecutorOptions options;
    options.harness = work_ / "harness/plain/palus-harness";
    options.run_dir = scratch_->path() / "run";
    options.call_timeout = std::chrono::milliseconds(2000);
    options.sequence_timeout = std::chrono::milliseconds(10000);
    options.memory_bytes = 2ull << 30;
    palus::harness::Executor executor(options);
    const gen::Catalog catalog = gen::make_catalog(*api_, executor.callables());
    const gen::LiteralPool literals(*api_);
    gen::RandomStep step(catalog, literals, gen::StepOptions{});
    const gen::ModelGuide guide(*model_, catalog);
    gen::GuidedSourceOptions guided_options;
    guided_options.max_steps = max_steps;
    gen::GuidedSource guided_source(catalog, guide, literals, step, guided_options);
    gen::RandomSource random_source(step);
    const auto target = executor.callable_index(kExecuteQuery);
    EXPECT_TRUE(target.has_value());
    Watching watching(guided ? static_cast<gen::SequenceSource&>(guided_source) : random_source, target.value_or(0));
    gen::GeneratorOptions generator_options;
    generator_options.seed = seed;
    generator_options.max_steps = max_steps;
    gen::ExecutorExecution execution(executor);
    gen::Generator generator(catalog, execution, watching, generator_options);
    std::atomic<bool> stop{false};
    generator.run(stop, [](gen::TestCase) {}, {});
    executor.stop();
    return watching.reached;
  }

  static inline std::unique_ptr<ScratchDir> scratch_;
  static inline fs::path config_, work_;
  static inline std::string trace_output_;
  static inline std::unique_ptr<palus::models::Model> model_;
  static inline std::unique_ptr<palus::api::Api> api_;
};

TEST_F(TinysqlModel, TraceAndModelStagesReport) {
  EXPECT_NE(trace_output_.find("trace: "), std::string::npos) << trace_output_;
  EXPECT_NE(trace_output_.find("model: "), std::string::npos) << trace_output_;
  EXPECT_TRUE(fs::exists(work_ / "trace/trace"));
  EXPECT_TRUE(fs::exists(work_ / "trace/probes.yaml"));
  // Never an edit of the user's files: the instrumented copy lives in the work folder.
  EXPECT_TRUE(fs::exists(work_ / "trace/src/src/statement.cpp"));
}

TEST_F(TinysqlModel, ObjectsMadeInsideTheLibraryAreCreatedByTheCallThatReturnsThem) {
  // Figure 6: Connection comes from Driver::connect, with a dependence edge from the Driver's
  // state; Statement from Connection::createStatement; ResultSet from Statement::executeQuery.
  const auto* connect = creation("tinysql::Connection");
  ASSERT_NE(connect, nullptr);
  EXPECT_EQ(connect->callable, "tinysql::Driver::connect(const std::string &, const tinysql::Properties &)");
  bool driver_state = false, url = false;
  for (const auto& slot : connect->slots) {
    for (const auto& d : slot.dependences) driver_state |= d.cls == "tinysql::Driver" && slot.slot == 0;
    for (const auto& v : slot.values) url |= v.s == "tinysql:demo";
  }
  EXPECT_TRUE(driver_state);
  EXPECT_TRUE(url);
  const auto* statement = creation("tinysql::Statement");
  ASSERT_NE(statement, nullptr);
  EXPECT_EQ(statement->callable, "tinysql::Connection::createStatement()");
  ASSERT_FALSE(statement->slots.empty());
  EXPECT_EQ(statement->slots[0].dependences.at(0).cls, "tinysql::Connection");
  const auto* rs = creation("tinysql::ResultSet");
  ASSERT_NE(rs, nullptr);
  EXPECT_EQ(rs->callable, kExecuteQuery);
}

TEST_F(TinysqlModel, StatementTransitionsCarryTheDemosSql) {
  const auto* m = model_->find("tinysql::Statement");
  ASSERT_NE(m, nullptr);
  bool create_table = false;
  for (const auto& t : m->transitions)
    for (const auto& slot : t.slots)
      for (const auto& v : slot.values) create_table |= v.s == "CREATE TABLE people (id INT, name TEXT, age INT)";
  EXPECT_TRUE(create_table);
}

TEST_F(TinysqlModel, GuidedReachesExecuteQueryWhereRandomDoesNot) {
  constexpr int kSeeds = 8;
  constexpr std::uint64_t kSteps = 500;
  int guided = 0, random = 0;
  for (int seed = 1; seed <= kSeeds; ++seed) {
    guided += reaches(true, static_cast<std::uint64_t>(seed), kSteps);
    random += reaches(false, static_cast<std::uint64_t>(seed), kSteps);
  }
  std::cout << "executeQuery reached normally within " << kSteps << " executions: palus mode on " << guided << " of "
            << kSeeds << " seeds, random mode on " << random << "\n";
  EXPECT_GE(guided, 6) << "palus mode reached executeQuery normally on " << guided << " of " << kSeeds << " seeds";
  EXPECT_LE(random, 1) << "random mode reached executeQuery normally on " << random << " of " << kSeeds << " seeds";
}

}  // namespace
