#include "text.hpp"

#include <cctype>

namespace tinysql::detail {

namespace {

char lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool isWordStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

}  // namespace

std::string toLower(const std::string& text) {
    std::string result = text;
    for (char& c : result) c = lower(c);
    return result;
}

std::string toUpper(const std::string& text) {
    std::string result = text;
    for (char& c : result) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return result;
}

bool equalsIgnoreCase(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

bool isIdentifier(const std::string& text) {
    if (text.empty() || !isWordStart(text[0])) return false;
    for (char c : text) {
        if (!isWordChar(c)) return false;
    }
    return true;
}

}  // namespace tinysql::detail
