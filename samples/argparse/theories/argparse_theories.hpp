// Theories, invariants and parameter values for argparse (docs/theories.md). palus runs every
// theory on the objects it generates; the generated failure tests include this header.
#pragma once

#include <palus/theory.hpp>

#include <string>

#include "argparse/argparse.hpp"

namespace argparse_theories {

// "--name=value" and "--name value" are two spellings of one thing: for every option of a parser
// that has a long name, both give the option the same value and the same number of errors.
// (No crash and no contract sees an option name that swallows part of the value.)
PALUS_THEORY(attached_value_is_separated_value, argparse::Parser& parser, const std::string& value) {
    PALUS_ASSUME(!value.empty());  // "--name=" and "--name ''" differ on purpose: the first is an error
    for (const std::string& name : parser.names()) {
        if (!parser.isOption(name) || !parser.getOption(name).flag().hasLong()) continue;
        const std::string form = parser.getOption(name).flag().longForm();
        const argparse::ParseResult attached = parser.parse(argparse::ArgList().push(form + "=" + value));
        const argparse::ParseResult separated = parser.parse(argparse::ArgList().push(form).push(value));
        const std::string none = "(no value)";
        PALUS_CHECK_EQ(attached.hasValue(name) ? attached.getString(name) : none,
                       separated.hasValue(name) ? separated.getString(name) : none);
        PALUS_CHECK_EQ(attached.errorCount(), separated.errorCount());
    }
}

// A switch given by its long name reads as true, and counts once.
PALUS_THEORY(given_switch_is_true, argparse::Parser& parser) {
    for (const std::string& name : parser.names()) {
        if (!parser.isSwitch(name) || !parser.getSwitch(name).flag().hasLong()) continue;
        const argparse::ParseResult result =
            parser.parse(argparse::ArgList().push(parser.getSwitch(name).flag().longForm()));
        PALUS_CHECK(result.getBool(name));
        PALUS_CHECK_EQ(result.count(name), 1u);
    }
}

// The canonical text of an accepted value is accepted and is its own canonical text.
PALUS_THEORY(normalize_is_idempotent, argparse::Converter& converter, const std::string& text) {
    PALUS_ASSUME(converter.accepts(text));
    const std::string once = converter.normalize(text);
    PALUS_CHECK(converter.accepts(once));
    PALUS_CHECK_EQ(converter.normalize(once), once);
}

// Joining quotes what needs quoting: splitting the joined line gives the tokens back.
PALUS_INVARIANT(argparse::ArgList, args) {
    PALUS_CHECK(argparse::ArgList::split(args.join()) == args);
    PALUS_CHECK_EQ(args.empty(), args.size() == 0);
}

// A result succeeds exactly when it has no errors.
PALUS_INVARIANT(argparse::ParseResult, result) {
    PALUS_CHECK_EQ(result.success(), result.errorCount() == 0);
    PALUS_CHECK_EQ(result.errors().size(), result.errorCount());
    PALUS_CHECK_EQ(result.firstError().empty(), result.success());
}

// Every registered name is known, once.
PALUS_INVARIANT(argparse::Parser, parser) {
    PALUS_CHECK_EQ(parser.names().size(), parser.parameterCount());
    for (const std::string& name : parser.names()) PALUS_CHECK(parser.has(name));
}

// Values an option typically takes: a file name, a number, and a key=value setting.
PALUS_PARAM_VALUES(argparse_theories::attached_value_is_separated_value, value, "out.txt", "3", "key=value")
PALUS_PARAM_VALUES(argparse::Converter::choices, list, "fast|safe", "red|green|blue")

// Parameter names and long flags of a typical command line, so that the names a parser is asked
// about are, often enough, names it has.
#define ARGPARSE_NAMES "verbose", "output", "count", "input"
PALUS_PARAM_VALUES(argparse::Parser::addFlag, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::addFlag, longName, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::addOption, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::addOption, longName, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::addPositional, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::setConverter, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::setHelp, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::has, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::isSwitch, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::isOption, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::isPositional, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::getSwitch, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::getOption, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Parser::getPositional, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::has, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::hasValue, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::count, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::getString, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::getStrings, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::getInt, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::getDouble, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::getBool, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ParseResult::getIntOr, name, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::Flag::longOnly, longName, ARGPARSE_NAMES)
PALUS_PARAM_VALUES(argparse::ArgList::pushOption, longName, ARGPARSE_NAMES)
#undef ARGPARSE_NAMES

}  // namespace argparse_theories
