// argparse: the parser a program configures with its switches, options and positionals (JSAP).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "argparse/arg_list.hpp"
#include "argparse/converter.hpp"
#include "argparse/parameter.hpp"
#include "argparse/parse_result.hpp"

namespace argparse {

// Register parameters, then parse command lines. Names, short flags and long flags must be unique
// across all parameters; the add methods throw ArgumentError for a duplicate.
//
// Parsing: "--" ends the options (every later token is positional); "--name=value" and
// "--name value" give an option its value, "--name" a switch; "-abc" is a group of short flags,
// where an option takes the rest of the group as its value ("-n3") or else the next token ("-n 3");
// "-" and tokens not starting with '-' are positional, and so is a negative number ("-3") unless
// some short flag is a digit.
class Parser {
public:
    Parser();
    explicit Parser(const std::string& program);

    // A switch; shortName '\0' or longName "" when there is none (not both).
    Parser& addFlag(const std::string& name, char shortName, const std::string& longName);
    Parser& addSwitch(const Switch& option);
    // An option of strings; defaultValue "" means no default.
    Parser& addOption(const std::string& name, char shortName, const std::string& longName,
                      const std::string& defaultValue, bool required);
    Parser& addOption(const Option& option);
    Parser& addPositional(const std::string& name);
    Parser& addPositional(const Positional& positional);

    // For an option or positional; throws ArgumentError for a switch or an unknown name, and when
    // an option's default does not convert.
    Parser& setConverter(const std::string& name, const Converter& converter);
    // For any parameter; throws ArgumentError for an unknown name.
    Parser& setHelp(const std::string& name, const std::string& text);
    Parser& setDescription(const std::string& text);

    const std::string& program() const;
    const std::string& description() const;
    std::size_t parameterCount() const;
    // Every name, in the order registered.
    std::vector<std::string> names() const;
    bool has(const std::string& name) const;
    bool isSwitch(const std::string& name) const;
    bool isOption(const std::string& name) const;
    bool isPositional(const std::string& name) const;
    // Throw ArgumentError when there is no such parameter of that kind.
    const Switch& getSwitch(const std::string& name) const;
    const Option& getOption(const std::string& name) const;
    const Positional& getPositional(const std::string& name) const;

    // "Usage: prog [-v] [-o FILE] -n N INPUT [OUTPUT]"
    std::string usage() const;
    // The usage line, the description and one row per parameter, in `width` columns (clamped as
    // by HelpFormatter).
    std::string help(int width) const;

    // Never throws for a bad command line; see ParseResult::errors().
    ParseResult parse(const std::string& commandLine) const;
    ParseResult parse(const ArgList& args) const;

private:
    enum class Kind { Switch, Option, Positional };
    struct Entry {
        Kind kind;
        std::size_t index;  // into switches_, options_ or positionals_
    };

    const Entry* find(const std::string& name) const;
    void checkNew(const std::string& name, const Flag* flag) const;
    const Switch* switchByShort(char c) const;
    const Option* optionByShort(char c) const;
    const Switch* switchByLong(const std::string& name) const;
    const Option* optionByLong(const std::string& name) const;

    std::string program_;
    std::string description_;
    std::vector<std::string> order_;
    std::vector<Entry> entries_;  // parallel to order_
    std::vector<Switch> switches_;
    std::vector<Option> options_;
    std::vector<Positional> positionals_;
};

}  // namespace argparse
