// Coverage-guided mutation (palus/generation/input_mutator.hpp, mutation_source.hpp): mutated
// inputs keep their kind and fit their type, the library's own tokens get into strings, the corpus
// takes what reached new blocks, and with it the generation loop reaches blocks that need inputs
// no single literal gives.

#include <gtest/gtest.h>

#include <atomic>
#include <bitset>
#include <cmath>
#include <set>

#include "core/api_rules.hpp"
#include "palus/generation/generator.hpp"
#include "palus/generation/input_mutator.hpp"
#include "palus/generation/legal_inputs.hpp"
#include "palus/generation/mutation_source.hpp"
#include "palus/generation/random_step.hpp"
#include "palus/generation/token_swap.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using fixtures::Library;
using harness::protocol::RunRequest;

/// The fixture library with the free function's body mentioning four syntax tokens, as a
/// parser's body compares its input with them.
api::Api tokens_api() {
  api::Api api = Library().api;
  for (const char* token : {"{", "[", "\"", "::"})
    api.functions.at(0).literals.push_back({api::Literal::Kind::string, token});
  api.functions.at(0).literals.push_back({api::Literal::Kind::character, "58"});  // ':'
  return api;
}

const std::vector<std::string> kTokens{"{", "[", "\"", "::"};

/// The harness's ids of Library and, last, `id` (a callable the test added to its api).
std::vector<std::string> ids_and(const std::string& id) {
  std::vector<std::string> ids = Library().ids;
  ids.push_back(id);
  return ids;
}

/// `base` with one more free function, last in the harness's table, and its catalog.
struct WithFunction {
  WithFunction(const std::string& id, const std::string& name, std::vector<api::Param> params,
               api::Api base = tokens_api())
      : api(std::move(base)) {
    api.functions.push_back(fixtures::callable(id, name, "", api::CallableKind::function, std::move(params)));
    const std::vector<std::string> ids = ids_and(id);
    catalog = make_catalog(api, ids);
    index = static_cast<std::uint32_t>(ids.size() - 1);
  }
  WithFunction(const WithFunction&) = delete;  // the catalog points into api

  /// A call of the function with `inputs`, after with_legal_lengths.
  harness::protocol::Statement legal_call(std::vector<Input> inputs) const {
    return with_legal_lengths(fixtures::make({fixtures::call(index, std::move(inputs))}), catalog)[0];
  }

  api::Api api;
  Catalog catalog;
  std::uint32_t index = 0;
};

const api::TypeRef kCString =
    fixtures::type("const char *", "char", api::Passing::const_pointer, api::TypeCategory::cstring);

struct TokenLibrary {
  api::Api api = tokens_api();
  Catalog catalog = make_catalog(api, Library().ids);
  LiteralPool literals{api};
  InputMutator mutator{literals, 64};
  const CallableInfo& free_fn() const { return catalog.callables[Library::kFree]; }
};

TEST(InputMutatorTest, StringsTakeInTheLibrarysTokensAndStayWithinTheirBound) {
  TokenLibrary s;
  Random random(7);
  std::set<std::string> seen_tokens;
  Input in = Input::string("hello");
  for (int k = 0; k < 3000; ++k) {
    in = s.mutator.mutate(in, s.free_fn().inputs[1], s.free_fn(), random, {});
    ASSERT_EQ(in.kind, InputKind::string);
    ASSERT_LE(in.s.size(), 64u);
    for (const auto& t : kTokens)
      if (in.s.find(t) != std::string::npos) seen_tokens.insert(t);
    if (k % 50 == 0) in = Input::string("hello");
  }
  EXPECT_EQ(seen_tokens.size(), kTokens.size());
}

TEST(InputMutatorTest, AWordOrSymbolOfTheDictionaryInTheTextIsSwappedForAnotherOfItsKind) {
  TokenLibrary s;
  const std::vector<std::string> dictionary{"+", "<=", "&&", "sin", "b", "a", "x y"};
  Random random(11);
  std::set<std::string> one_step;
  for (int k = 0; k < 4000; ++k) one_step.insert(s.mutator.mutate_bytes("a + b", dictionary, {}, random));
  // An operator for an operator, a name for a name, in one step (no insertion or overwrite
  // gives these).
  for (const char* expected : {"a <= b", "a && b", "sin + b"}) EXPECT_TRUE(one_step.count(expected)) << expected;
}

TEST(TokenSwap, AWordIsSwappedOnlyWhereItStandsAlone) {
  // "in" stands inside "asin", so only the operator can change; "b" is no token here.
  const std::vector<std::string> dictionary{"+", "-", "in", "on"};
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Random random(seed);
    std::string s = "asin + b";
    ASSERT_TRUE(swap_token(s, dictionary, random));
    EXPECT_EQ(s, "asin - b");
  }
  Random random(1);
  std::string alone = "in";
  EXPECT_TRUE(swap_token(alone, dictionary, random));
  EXPECT_EQ(alone, "on");
  std::string nothing = "xyz";
  EXPECT_FALSE(swap_token(nothing, dictionary, random));
  EXPECT_EQ(nothing, "xyz");
}

TEST(InputMutatorTest, AMutatedCStringEndsAtItsFirstNul) {
  TokenLibrary s;
  InputNeed need = s.free_fn().inputs[1];
  need.type.category = api::TypeCategory::cstring;
  Random random(3);
  for (int k = 0; k < 2000; ++k) {
    const Input out = s.mutator.mutate(Input::string(std::string(20, 'a')), need, s.free_fn(), random, {});
    ASSERT_EQ(out.s.find('\0'), std::string::npos) << k;
  }
}

TEST(InputMutatorTest, IntegersKeepTheirKindAndFitTheirType) {
  TokenLibrary s;
  InputNeed byte = s.free_fn().inputs[0];
  byte.type.base = byte.type.spelling = "unsigned char";
  Random random(11);
  std::set<std::uint64_t> values;
  for (int k = 0; k < 2000; ++k) {
    const Input out = s.mutator.mutate(Input::unsigned_integer(250), byte, s.free_fn(), random, {});
    ASSERT_EQ(out.kind, InputKind::unsigned_integer);
    ASSERT_LE(out.u, 255u);
    values.insert(out.u);
  }
  EXPECT_GT(values.size(), 10u);
  // A character is a signed input whatever its type: an unsigned char still mutates within 0..255.
  InputNeed character = byte;
  character.type.category = api::TypeCategory::character;
  std::set<std::int64_t> characters;
  for (int k = 0; k < 2000; ++k) {
    const Input out = s.mutator.mutate(Input::integer(200), character, s.free_fn(), random, {});
    ASSERT_EQ(out.kind, InputKind::signed_integer);
    ASSERT_GE(out.i, 0);
    ASSERT_LE(out.i, 255);
    characters.insert(out.i);
  }
  EXPECT_GT(characters.size(), 10u);
  InputNeed real = s.free_fn().inputs[0];
  real.type.base = real.type.spelling = "double";
  real.type.category = api::TypeCategory::floating;
  for (int k = 0; k < 500; ++k) {
    const Input out = s.mutator.mutate(Input::floating(std::nan("")), real, s.free_fn(), random, {});
    if (std::isnan(out.d)) {
      ASSERT_FALSE(std::signbit(out.d)) << "written as quiet_NaN(), whose sign is clear";
    }
  }
  const Input flipped =
      s.mutator.mutate(Input::boolean(true), InputNeed{true, {}, {}, false, nullptr}, s.free_fn(), random, {});
  EXPECT_EQ(flipped.i, 0);
  EXPECT_FALSE(InputMutator::mutable_input(Input::result_of(0), s.free_fn().inputs[0]));
}

TEST(MutationSourceTest, MutatesOnlyTheLiteralsOfSequencesThatReachedNewBlocks) {
  TokenLibrary s;
  MutationSource source(s.catalog, s.mutator);
  Random random(5);
  const Pool pool;
  EXPECT_FALSE(source.ready());
  EXPECT_FALSE(source.next(pool, random));

  const Sequence seen =
      fixtures::make({fixtures::call(Library::kOtherCtor), fixtures::call(Library::kACtor, {Input::integer(4)}),
                      fixtures::call(Library::kUse, {fixtures::ref(1), fixtures::ref(0)})});
  harness::protocol::RunResult nothing_new;
  source.executed(seen, Verdict::normal, nothing_new);
  EXPECT_FALSE(source.ready()) << "reached nothing new";

  harness::protocol::RunResult fresh;
  fresh.new_blocks = {1, 2, 3};
  source.executed(seen, Verdict::normal, fresh);
  ASSERT_TRUE(source.ready());
  for (int k = 0; k < 50; ++k) {
    const std::optional<Sequence> made = source.next(pool, random);
    if (!made) continue;
    ASSERT_EQ(made->size(), seen.size());
    EXPECT_EQ((*made)[0].inputs.size(), 0u);
    EXPECT_EQ((*made)[1].inputs[0].kind, InputKind::signed_integer);
    EXPECT_NE((*made)[1].inputs[0].i, 4);
    EXPECT_EQ((*made)[2].inputs[0].ref, 1u);
    EXPECT_EQ((*made)[2].inputs[1].ref, 0u);
  }
  EXPECT_GT(source.stats().made, 0u);
}

/// Of `rounds` mutants of one sequence holding free_fn's int and its text, how many changed the
/// text, when only a changed text finds new blocks (a parser's input beside a count) and `learn`.
std::size_t text_changes(std::size_t rounds, bool learn) {
  TokenLibrary s;
  MutationSource source(s.catalog, s.mutator);
  Random random(11);
  const Pool pool;
  const Sequence base = fixtures::make({fixtures::call(Library::kFree, {Input::integer(3), Input::string("text")})});
  harness::protocol::RunResult fresh;
  fresh.new_blocks = {1};
  source.executed(base, Verdict::normal, fresh);
  std::size_t text_changed = 0;
  std::uint32_t next_block = 2;
  for (std::size_t k = 0; k < rounds; ++k) {
    const std::optional<Sequence> made = source.next(pool, random);
    if (!made) continue;
    const bool text = (*made)[0].inputs[1].s != "text";
    text_changed += text ? 1 : 0;
    harness::protocol::RunResult result;
    if (learn && text) result.new_blocks = {next_block++};
    // Invalid: its blocks count for the inputs it changed, but it joins no corpus, so every
    // mutant is one of `base`.
    source.executed(*made, Verdict::invalid, result);
  }
  return text_changed;
}

TEST(MutationSourceTest, AnInputWhoseChangesKeepFindingIsChangedMoreOften) {
  const std::size_t blind = text_changes(600, false), learned = text_changes(600, true);
  // Blind, each of the two inputs is changed about as often (one to four changes a mutant).
  EXPECT_LT(blind, 450u);
  EXPECT_GT(learned, 500u) << "blind: " << blind;
}

TEST(LegalInputsTest, ALengthAfterACStringIsAtMostTheStringsLength) {
  const api::TypeRef size = fixtures::type("size_t", "size_t", api::Passing::value, api::TypeCategory::integer);
  const WithFunction piece("ns::piece(const char *, size_t)", "piece",
                           {fixtures::param("str", kCString), fixtures::param("len", size)});
  auto length_after = [&](Input s, Input n) { return piece.legal_call({std::move(s), std::move(n)}).inputs[1]; };
  EXPECT_EQ(length_after(Input::string("abc"), Input::unsigned_integer(100)).u, 3u);
  EXPECT_EQ(length_after(Input::string("abc"), Input::unsigned_integer(2)).u, 2u) << "a shorter length is legal";
  EXPECT_EQ(length_after(Input::string(std::string("ab\0cd", 5)), Input::unsigned_integer(5)).u, 2u)
      << "the written test's literal ends at the NUL";
  EXPECT_EQ(length_after(Input::string("abc"), Input::integer(-1)).i, 3);
  EXPECT_EQ(length_after(Input::null(), Input::unsigned_integer(7)).u, 0u);
}

TEST(LegalInputsTest, TheEndOfACharacterRangeIsTheEndOfItsText) {
  const WithFunction parse("ns::parse(const char *, const char *)", "parse",
                           {fixtures::param("beginDoc", kCString), fixtures::param("endDoc", kCString)});
  auto end_after = [&](Input begin, Input end) {
    return parse.legal_call({std::move(begin), std::move(end)}).inputs[1];
  };
  const Input end = end_after(Input::string("[1, 2]"), Input::string("unrelated"));
  EXPECT_EQ(end.kind, InputKind::string);
  EXPECT_EQ(end.s, "") << "one canonical end, whatever was drawn";
  EXPECT_EQ(end_after(Input::null(), Input::string("x")).kind, InputKind::null_pointer);
}

TEST(LegalInputsTest, AFilePathIsBelowTheTestsFolder) {
  const WithFunction save("ns::save(const char *)", "save", {fixtures::param("path", kCString)});
  EXPECT_EQ(save.legal_call({Input::string("//Tool[x]")}).inputs[0].s, "Tool[x]");
}

TEST(LegalInputsTest, AnObjectArrayIsTheHarnesssNoPoolObject) {
  api::Api api = tokens_api();
  api::Class piece;
  piece.name = "ns::Piece";
  piece.traits.default_constructible = piece.traits.destructible = true;
  api.classes.push_back(piece);
  const api::TypeRef pieces =
      fixtures::type("ns::Piece *", "ns::Piece", api::Passing::pointer, api::TypeCategory::record);
  const WithFunction with_match(
      "ns::match(ns::Piece *, int)", "match",
      {fixtures::param("submatch", pieces), fixtures::param("nsubmatch", fixtures::int_type())}, api);
  const CallableInfo& match = with_match.catalog.callables.back();
  ASSERT_TRUE(match.usable) << "no ns::Piece needs to be made first";
  EXPECT_TRUE(match.inputs[0].literal && match.inputs[0].derived);
  EXPECT_TRUE(match.inputs[0].record.empty());
  EXPECT_EQ(match.index, with_match.index);
  const harness::protocol::Statement legal = with_match.legal_call({Input::null(), Input::integer(5)});
  EXPECT_EQ(legal.inputs[0].kind, InputKind::signed_integer);
  EXPECT_EQ(legal.inputs[0].i, 0);
  EXPECT_EQ(legal.inputs[1].i, 5) << "the count is drawn";
  EXPECT_EQ(with_match.legal_call({Input::integer(0), Input::integer(1 << 30)}).inputs[1].i,
            static_cast<std::int64_t>(api::kMaxObjectArray))
      << "as many as the harness makes";
}

/// ns::free_fn reaches one block per combination of the four tokens its string holds, as a
/// parser's branches open up with the syntax its input uses; every other call reaches one block.
class TokenExecution : public Execution {
 public:
  harness::Outcome run(const RunRequest& request) override {
    harness::Outcome outcome;
    outcome.result.sequence_id = request.sequence_id;
    std::set<std::uint32_t> blocks;
    for (const auto& statement : request.statements) {
      outcome.result.statements.emplace_back();
      blocks.insert(statement.callable);
      if (statement.callable != Library::kFree) continue;
      std::bitset<4> present;
      for (std::size_t t = 0; t < kTokens.size(); ++t)
        present[t] = statement.inputs[1].s.find(kTokens[t]) != std::string::npos;
      blocks.insert(100 + static_cast<std::uint32_t>(present.to_ulong()));
    }
    for (std::uint32_t b : blocks)
      if (reached.insert(b).second) outcome.result.new_blocks.push_back(b);
    outcome.result.total_blocks = static_cast<std::uint32_t>(reached.size());
    return outcome;
  }
  std::vector<harness::Outcome> run_batch(const std::vector<RunRequest>& requests) override {
    std::vector<harness::Outcome> out;
    for (const auto& r : requests) out.push_back(run(r));
    return out;
  }
  std::chrono::milliseconds call_timeout() const override { return std::chrono::milliseconds(1000); }
  void set_call_timeout(std::chrono::milliseconds) override {}

  std::set<std::uint32_t> reached;
};

std::size_t blocks_reached(bool mutate, std::uint64_t seed) {
  TokenLibrary s;
  RandomStep step(s.catalog, s.literals, {});
  RandomSource random_source(step);
  MutationSource mutation(s.catalog, s.mutator);
  GeneratorOptions options;
  options.seed = seed;
  options.max_steps = 3000;
  options.literals = &s.literals;
  if (mutate) options.mutation = &mutation;
  TokenExecution execution;
  Generator generator(s.catalog, execution, random_source, options);
  const std::atomic<bool> stop{false};
  generator.run(stop, [](TestCase) {}, {});
  if (mutate) {
    EXPECT_GT(generator.stats().strategies.at("mutation").executed, 0u);
    EXPECT_GT(generator.stats().strategies.at("mutation").found, 0u);
  }
  return execution.reached.size();
}

TEST(MutationSourceTest, ReachesBlocksNoSingleLiteralReaches) {
  for (std::uint64_t seed : {1, 2, 3}) {
    const std::size_t without = blocks_reached(false, seed);
    const std::size_t with = blocks_reached(true, seed);
    EXPECT_GT(with, without + 3) << "seed " << seed;
  }
}

}  // namespace
}  // namespace palus::generation
