#include "palus/generation/token_swap.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string_view>

namespace palus::generation {
namespace {

/// What a token is made of: letters, digits and '_' (a word: "sin", "true"), other printable
/// characters but space (an operator: "<=", "&&", "]"), or anything else (a message, a blank).
enum class Lexeme { word, symbol, other };

Lexeme lexeme_of(std::string_view t) {
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  auto symbol_char = [](char c) { return std::ispunct(static_cast<unsigned char>(c)) != 0 && c != '_'; };
  if (!t.empty() && std::all_of(t.begin(), t.end(), word_char)) return Lexeme::word;
  if (!t.empty() && std::all_of(t.begin(), t.end(), symbol_char)) return Lexeme::symbol;
  return Lexeme::other;
}

}  // namespace

bool swap_token(std::string& s, const std::vector<std::string>& dictionary, Random& random) {
  struct Found {
    std::size_t at, length;
    Lexeme lexeme;
  };
  constexpr std::size_t kMaxFound = 256;
  std::vector<Found> found;
  for (const auto& t : dictionary) {
    const Lexeme lexeme = lexeme_of(t);
    if (lexeme == Lexeme::other || t.size() > s.size()) continue;
    for (std::size_t at = s.find(t); at != std::string::npos && found.size() < kMaxFound; at = s.find(t, at + 1))
      found.push_back({at, t.size(), lexeme});
  }
  if (found.empty()) return false;
  const Found& one = random.one_of(found);
  const std::string_view was(s.data() + one.at, one.length);
  // Reservoir choice among the other tokens of the same lexeme.
  const std::string* pick = nullptr;
  std::uint64_t seen = 0;
  for (const auto& t : dictionary)
    if (t != was && lexeme_of(t) == one.lexeme && random.below(++seen) == 0) pick = &t;
  if (!pick) return false;
  s.replace(one.at, one.length, *pick);
  return true;
}

}  // namespace palus::generation
