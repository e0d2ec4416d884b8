#pragma once
// Names in generated tests: identifiers made from type names, C++ keywords, macro-safe
// expressions, one-line messages, and the local variables of one test.

#include <cstddef>
#include <set>
#include <string>

namespace palus::writer {

/// Letters, digits and single underscores; never empty.
std::string identifier(const std::string& text, const std::string& fallback);

/// "ResultSet" -> "resultSet", "URLParser" -> "urlParser", "IO" -> "io".
std::string lower_camel(const std::string& name);

/// C++ keywords, and the names generated code itself uses unqualified or as the start of a
/// qualified name (std, testing, main).
bool is_reserved_word(const std::string& word);

/// Wraps `expr` in parentheses when it holds a comma that would split a macro argument (commas
/// inside parentheses or string and character literals do not).
std::string macro_safe(const std::string& expr);

/// The first line of `text`, trailing blanks dropped, cut at `limit` characters ("..." added).
std::string first_line(const std::string& text, std::size_t limit = 200);

/// The local variable names of one test: none is a reserved word or the first component of a
/// namespace the library's names start with, and none is given twice.
class LocalNames {
 public:
  /// Keeps "ns" of "ns::Widget" (or of "ns::f(int)") from being a variable's name.
  void reserve_namespace(const std::string& qualified);
  bool taken(const std::string& name) const;
  void use(const std::string& name);
  /// identifier(base), or with 2, 3, ... appended until it is not taken; marked used.
  std::string fresh(const std::string& base);

 private:
  std::set<std::string> used_, reserved_;
};

}  // namespace palus::writer
