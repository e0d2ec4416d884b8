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
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  // A word counts where it stands alone ("e" in "true" does not); a symbol counts anywhere.
  auto whole_at = [&](std::size_t at, std::size_t length, Lexeme lexeme) {
    if (lexeme != Lexeme::word) return true;
    return (at == 0 || !word_char(s[at - 1])) && (at + length == s.size() || !word_char(s[at + length]));
  };
  auto first_at = [&](const std::string& t, Lexeme lexeme) {
    for (std::size_t at = s.find(t); at != std::string::npos; at = s.find(t, at + 1))
      if (whole_at(at, t.size(), lexeme)) return at;
    return std::string::npos;
  };
  // Which tokens are in the text, each as likely as another however often it occurs and wherever.
  std::vector<Lexeme> lexemes;
  lexemes.reserve(dictionary.size());
  std::vector<std::size_t> present;
  for (std::size_t k = 0; k < dictionary.size(); ++k) {
    lexemes.push_back(lexeme_of(dictionary[k]));
    if (lexemes[k] != Lexeme::other && dictionary[k].size() <= s.size() &&
        first_at(dictionary[k], lexemes[k]) != std::string::npos)
      present.push_back(k);
  }
  if (present.empty()) return false;
  const std::size_t chosen = random.one_of(present);
  const std::string& was = dictionary[chosen];
  std::vector<std::size_t> places;
  for (std::size_t at = s.find(was); at != std::string::npos; at = s.find(was, at + 1))
    if (whole_at(at, was.size(), lexemes[chosen])) places.push_back(at);
  const std::size_t at = random.one_of(places);
  // Reservoir choice among the other tokens of the same lexeme.
  const std::string* pick = nullptr;
  std::uint64_t seen = 0;
  for (std::size_t k = 0; k < dictionary.size(); ++k)
    if (k != chosen && lexemes[k] == lexemes[chosen] && random.below(++seen) == 0) pick = &dictionary[k];
  if (!pick) return false;
  s.replace(at, was.size(), *pick);
  return true;
}

}  // namespace palus::generation
