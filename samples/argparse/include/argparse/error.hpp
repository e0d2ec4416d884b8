// argparse: the one exception type the library throws.
#pragma once

#include <stdexcept>
#include <string>

namespace argparse {

// Thrown for malformed names and flags, duplicate registrations, unknown parameters, values that
// do not convert, and an unterminated quote in ArgList::split. Parser::parse does not throw for a
// bad command line: it records the problem in ParseResult::errors().
class ArgumentError : public std::runtime_error {
public:
    explicit ArgumentError(const std::string& message);
};

}  // namespace argparse
