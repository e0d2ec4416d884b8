// argparse internals: ASCII helpers shared by the sources (not part of the public API).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace argparse::detail {

bool isAlnum(char c);
bool isDigit(char c);
// ' ', '\t', '\n', '\v', '\f', '\r'.
bool isSpace(char c);
std::string lower(const std::string& text);
std::string upper(const std::string& text);
// 1 to 64 characters of ASCII letters, digits, '_', '-' and '.'.
bool isValidName(const std::string& name);

// Decimal, optional sign, at least one digit, nothing else, fits a long.
std::optional<long> parseLong(const std::string& text);
// true/false, yes/no, on/off, 1/0, any case.
std::optional<bool> parseBool(const std::string& text);
// What strtod reads, the whole text, no leading blank.
std::optional<double> parseDouble(const std::string& text);

std::size_t hashCombine(std::size_t seed, std::size_t value);
std::size_t hashString(const std::string& text);

}  // namespace argparse::detail
