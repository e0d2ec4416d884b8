// argparse: checks and converts the text of a value (JSAP's StringParser).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace argparse {

enum class ValueType { String, Integer, Real, Boolean, Choice };

// "STRING", "INT", "NUMBER", "BOOL" or "CHOICE".
const char* toString(ValueType type);

// A value class. The default converter accepts any string.
class Converter {
public:
    Converter();
    // A converter of that type; an Integer one accepts every long, a Choice one nothing yet.
    explicit Converter(ValueType type);
    // Integers in [minimum, maximum]; throws ArgumentError when minimum > maximum.
    static Converter integer(long minimum, long maximum);
    // A Choice converter of the '|'-separated words in `list` ("fast|slow"); throws ArgumentError
    // for an empty word or a list without words.
    static Converter choices(const std::string& list);

    // Adds a choice (matched case-insensitively); throws ArgumentError unless this is a Choice
    // converter, or when the choice is empty or already there.
    Converter& addChoice(const std::string& choice);

    ValueType type() const;
    long minimum() const;
    long maximum() const;
    std::size_t choiceCount() const;
    std::vector<std::string> choiceList() const;

    bool accepts(const std::string& text) const;
    // The canonical text of a value: a decimal integer without sign or leading zeros ("+007" is
    // "7"), "true"/"false", the choice as registered; other text unchanged. Throws ArgumentError
    // when the text is not accepted.
    std::string normalize(const std::string& text) const;
    // Integers in decimal with an optional sign; booleans true/false, yes/no, on/off, 1/0 in any
    // case; numbers as strtod reads them (no leading blanks). Each throws ArgumentError.
    long toInt(const std::string& text) const;
    double toDouble(const std::string& text) const;
    bool toBool(const std::string& text) const;

    // For help texts: "STRING", "INT", "INT in [1, 10]", "NUMBER", "BOOL", "one of fast|slow".
    std::string describe() const;
    // For usage lines: "VALUE", "N", "X", "BOOL", "fast|slow".
    std::string placeholder() const;

    std::size_t hashCode() const;
    bool operator==(const Converter& other) const;
    bool operator!=(const Converter& other) const;

private:
    ValueType type_;
    long minimum_;
    long maximum_;
    std::vector<std::string> choices_;
};

std::ostream& operator<<(std::ostream& out, const Converter& converter);

}  // namespace argparse

namespace std {

template <>
struct hash<argparse::Converter> {
    std::size_t operator()(const argparse::Converter& converter) const noexcept;
};

}  // namespace std
