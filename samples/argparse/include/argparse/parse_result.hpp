// argparse: what Parser::parse found on a command line (JSAP's JSAPResult).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace argparse {

class Parser;

// Made by Parser::parse. A value class. Names are those registered with the parser; asking for
// any other name throws ArgumentError.
class ParseResult {
public:
    ParseResult(const ParseResult& other);
    ParseResult& operator=(const ParseResult& other);
    ~ParseResult();

    // No errors: every token was understood, every value converted, every required parameter given.
    bool success() const;
    std::vector<std::string> errors() const;
    std::size_t errorCount() const;
    // The first error, "" when there is none.
    std::string firstError() const;

    // Whether the parameter was given on the command line.
    bool has(const std::string& name) const;
    // Whether the parameter has a value: given, or an option with a default.
    bool hasValue(const std::string& name) const;
    // How often a switch or option was given; 0 or 1 for a positional.
    std::size_t count(const std::string& name) const;

    // The (first) value, normalized by the converter, or the default. Throws ArgumentError when
    // there is no value.
    std::string getString(const std::string& name) const;
    // Every value given, in order; the default alone when none was given.
    std::vector<std::string> getStrings(const std::string& name) const;
    // getString converted; throws ArgumentError when there is no value or it does not convert.
    long getInt(const std::string& name) const;
    double getDouble(const std::string& name) const;
    // For a switch: whether it was given. Otherwise the value as a boolean.
    bool getBool(const std::string& name) const;
    // getInt, or `fallback` when the parameter has no value. Never throws.
    long getIntOr(const std::string& name, long fallback) const noexcept;

    // Every token taken as a positional value, in order, as given: first those of the registered
    // positionals, then the rest.
    std::size_t positionalCount() const;
    // Throws ArgumentError when index >= positionalCount().
    std::string positional(std::size_t index) const;
    // The positional tokens beyond the registered positionals ("a.txt b.txt" after INPUT).
    std::vector<std::string> rest() const;

    // "ok: count=3 input=input.txt verbose" or "2 errors: ...".
    std::string toString() const;
    std::size_t hashCode() const;
    bool operator==(const ParseResult& other) const;
    bool operator!=(const ParseResult& other) const;

private:
    friend class Parser;

    ParseResult();

    void checkKnown(const std::string& name) const;
    const std::string* firstValue(const std::string& name) const;  // given or default; null if none

    std::set<std::string> names_;                             // every registered name
    std::set<std::string> switches_;                          // the names of switches
    std::map<std::string, std::vector<std::string>> values_;  // values given, normalized
    std::map<std::string, std::string> defaults_;             // defaults of options
    std::map<std::string, std::size_t> counts_;               // occurrences of switches and options
    std::vector<std::string> positionals_;                    // tokens of registered positionals, raw
    std::vector<std::string> rest_;                           // positional tokens beyond them
    std::vector<std::string> errors_;
    mutable std::unique_ptr<std::string> text_;               // toString(), made on first use
};

std::ostream& operator<<(std::ostream& out, const ParseResult& result);

}  // namespace argparse

namespace std {

template <>
struct hash<argparse::ParseResult> {
    std::size_t operator()(const argparse::ParseResult& result) const noexcept;
};

}  // namespace std
