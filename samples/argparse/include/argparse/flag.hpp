// argparse: how a switch or an option is spelled on the command line: "-v", "--verbose".
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

namespace argparse {

// A value class. A short name is an ASCII letter or digit, '\0' for none. A long name is ASCII
// letters, digits, '-' and '_', starting with a letter or digit, "" for none. A flag has at least
// one of the two; the constructor throws ArgumentError otherwise.
class Flag {
public:
    Flag(char shortName, const std::string& longName);
    static Flag shortOnly(char shortName);
    static Flag longOnly(const std::string& longName);

    char shortName() const;
    const std::string& longName() const;
    bool hasShort() const;
    bool hasLong() const;
    // "-v" and "--verbose", "" when absent.
    std::string shortForm() const;
    std::string longForm() const;
    // "-v, --verbose", "-v" or "--verbose".
    std::string toString() const;
    // Whether a command-line token names this flag: "-v", "--verbose" or "--verbose=...".
    bool matches(const std::string& token) const;

    std::size_t hashCode() const;
    bool operator==(const Flag& other) const;
    bool operator!=(const Flag& other) const;
    // By long name, then short name.
    bool operator<(const Flag& other) const;

private:
    char short_;
    std::string long_;
};

std::ostream& operator<<(std::ostream& out, const Flag& flag);

}  // namespace argparse

namespace std {

template <>
struct hash<argparse::Flag> {
    std::size_t operator()(const argparse::Flag& flag) const noexcept;
};

}  // namespace std
