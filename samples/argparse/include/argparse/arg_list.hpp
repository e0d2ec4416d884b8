// argparse: a command line as a list of tokens (what main receives as argv, without argv[0]).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace argparse {

// A value class.
class ArgList {
public:
    ArgList();

    // Splits a command line as a POSIX shell would, without expansions: blanks separate tokens;
    // '...' keeps everything literally; "..." keeps everything but \" and \\, which stand for " and
    // \; elsewhere \c stands for c. Throws ArgumentError for an unterminated quote.
    static ArgList split(const std::string& commandLine);

    ArgList& push(const std::string& token);
    // Pushes the one token "--longName=value".
    ArgList& pushOption(const std::string& longName, const std::string& value);
    void clear();

    std::size_t size() const;
    bool empty() const;
    // Throws ArgumentError when index >= size().
    const std::string& at(std::size_t index) const;
    const std::vector<std::string>& tokens() const;

    // The tokens separated by spaces, each quoted when needed: split(join()) == *this.
    std::string join() const;

    std::size_t hashCode() const;
    bool operator==(const ArgList& other) const;
    bool operator!=(const ArgList& other) const;
    // Lexicographic, by tokens.
    bool operator<(const ArgList& other) const;

private:
    std::vector<std::string> tokens_;
};

std::ostream& operator<<(std::ostream& out, const ArgList& args);

}  // namespace argparse

namespace std {

template <>
struct hash<argparse::ArgList> {
    std::size_t operator()(const argparse::ArgList& args) const noexcept;
};

}  // namespace std
