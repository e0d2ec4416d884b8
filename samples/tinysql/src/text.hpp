// tinysql internals: small string helpers.
#pragma once

#include <string>

namespace tinysql::detail {

std::string toLower(const std::string& text);
std::string toUpper(const std::string& text);
bool equalsIgnoreCase(const std::string& a, const std::string& b);
// [A-Za-z_][A-Za-z0-9_]*
bool isIdentifier(const std::string& text);

}  // namespace tinysql::detail
