// argparse: the three kinds of parameter a Parser knows (JSAP's Switch, FlaggedOption and
// UnflaggedOption). A parameter name is 1 to 64 ASCII letters, digits, '_', '-' or '.';
// constructors throw ArgumentError for any other.
#pragma once

#include <string>

#include "argparse/converter.hpp"
#include "argparse/flag.hpp"

namespace argparse {

// Present or absent: "-v", "--verbose". Given twice, it counts twice.
class Switch {
public:
    Switch(const std::string& name, const Flag& flag);

    const std::string& name() const;
    const Flag& flag() const;
    const std::string& help() const;
    Switch& setHelp(const std::string& help);
    // "[-v]", or "[--verbose]" without a short name.
    std::string usageForm() const;

private:
    std::string name_;
    Flag flag_;
    std::string help_;
};

// A flag with a value: "-o FILE", "-oFILE", "--output FILE", "--output=FILE".
class Option {
public:
    Option(const std::string& name, const Flag& flag);

    Option& setConverter(const Converter& converter);
    // The value when the option is absent; throws ArgumentError when the converter rejects it.
    Option& setDefault(const std::string& value);
    Option& clearDefault();
    Option& setRequired(bool required);
    // A repeatable option collects every value; another is an error when given twice.
    Option& setRepeatable(bool repeatable);
    Option& setHelp(const std::string& help);
    // The word standing for the value in usage and help ("FILE"); default: the converter's.
    Option& setValueName(const std::string& valueName);

    const std::string& name() const;
    const Flag& flag() const;
    const Converter& converter() const;
    bool hasDefault() const;
    const std::string& defaultValue() const;
    bool required() const;
    bool repeatable() const;
    const std::string& help() const;
    std::string valueName() const;
    // "-o FILE", in brackets when not required: "[-o FILE]", "[--output=FILE]".
    std::string usageForm() const;

private:
    std::string name_;
    Flag flag_;
    Converter converter_;
    std::string default_;
    bool hasDefault_ = false;
    bool required_ = false;
    bool repeatable_ = false;
    std::string help_;
    std::string valueName_;
};

// A value given by position: the first non-option token goes to the first positional, and so on.
class Positional {
public:
    explicit Positional(const std::string& name);

    Positional& setConverter(const Converter& converter);
    Positional& setRequired(bool required);
    Positional& setHelp(const std::string& help);

    const std::string& name() const;
    const Converter& converter() const;
    bool required() const;
    const std::string& help() const;
    // "INPUT" or "[INPUT]": the name in upper case.
    std::string usageForm() const;

private:
    std::string name_;
    Converter converter_;
    bool required_ = false;
    std::string help_;
};

}  // namespace argparse
