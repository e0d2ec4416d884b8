#pragma once
// Text helpers every layer shares: trimming and joining (fmt::join underneath), so that no file
// writes its own loop for either.

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <string_view>

namespace palus::text {

/// `s` without ASCII white space (space, \t, \n, \v, \f, \r) at either end.
constexpr std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\n\v\f\r";
  const std::size_t first = s.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kSpace) - first + 1);
}

/// A letter, digit or underscore: a character of a C++ identifier.
constexpr bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// The items of `range` (strings, string views or anything fmt can format) with `separator`
/// between them: "a, b, c"; "" when there are none.
template <typename Range>
std::string join(const Range& range, std::string_view separator = ", ") {
  return fmt::format("{}", fmt::join(range, separator));
}

/// `s` with its ASCII letters in lower case.
inline std::string lowered(std::string s) {
  for (char& c : s) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  return s;
}

/// `s` with every occurrence of `part` removed (nothing when `part` is empty): a project's folder
/// taken out of messages, so that they name its files relative to it.
inline std::string erase_all(std::string s, std::string_view part) {
  if (part.empty()) return s;
  for (std::size_t at = s.find(part); at != std::string::npos; at = s.find(part, at)) s.erase(at, part.size());
  return s;
}

}  // namespace palus::text
