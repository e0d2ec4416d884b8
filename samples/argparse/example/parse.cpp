// argparse sample program: a correct use of the library. It configures the parser of a small
// "convert" tool, parses one command line, prints what it got, and shows the other classes.
// It is the sample execution palus records its call-sequence models from.
#include <cstdlib>
#include <iostream>
#include <string>

#include "argparse/argparse.hpp"

namespace {

argparse::Parser makeParser() {
    argparse::Parser parser("convert");
    parser.setDescription("Converts the input file and writes the result. A demo of the argparse sample library.");

    parser.addFlag("verbose", 'v', "verbose");
    parser.setHelp("verbose", "print what is being done");
    parser.addOption("output", 'o', "output", "", false);
    parser.setHelp("output", "write the result to this file; the formats are listed at https://example.org/argparse/formats.html");

    argparse::Option count("count", argparse::Flag('n', "count"));
    count.setConverter(argparse::Converter::integer(1, 100)).setDefault("1").setValueName("N");
    count.setHelp("how many copies to write");
    parser.addOption(count);

    argparse::Option mode("mode", argparse::Flag::longOnly("mode"));
    mode.setConverter(argparse::Converter::choices("fast|safe")).setDefault("safe");
    parser.addOption(mode);
    parser.setConverter("mode", argparse::Converter::choices("fast|safe|exact"));

    argparse::Switch quiet("quiet", argparse::Flag::shortOnly('q'));
    quiet.setHelp("print nothing");
    parser.addSwitch(quiet);

    argparse::Positional input("input");
    input.setRequired(true).setHelp("the file to convert");
    parser.addPositional(input);
    return parser;
}

int run() {
    const argparse::Parser parser = makeParser();
    std::cout << parser.usage() << "\n";

    const std::string commandLine = "-v --output out.txt -n 3 input.txt";
    const argparse::ParseResult result = parser.parse(commandLine);
    if (!result.success()) {
        std::cerr << "unexpected errors: " << result << "\n";
        return EXIT_FAILURE;
    }
    std::cout << "parsed: " << commandLine << "\n"
              << "  verbose " << std::boolalpha << result.getBool("verbose") << " (" << result.count("verbose")
              << " time)\n"
              << "  quiet   " << result.has("quiet") << "\n"
              << "  output  " << result.getString("output") << "\n"
              << "  count   " << result.getInt("count") << " (or " << result.getIntOr("count", 1) << ")\n"
              << "  mode    " << result.getString("mode") << " (default: " << !result.has("mode") << ")\n"
              << "  input   " << result.getString("input") << " (" << result.positionalCount() << " positional)\n"
              << "  summary " << result << "\n";

    // The same parser on a list of tokens: quotes, a group of short flags, a choice in another case.
    argparse::ArgList args = argparse::ArgList::split("-vq --mode FAST 'my file.txt'");
    args.pushOption("output", "copy.txt");
    args.push("-n").push("12");
    const argparse::ParseResult second = parser.parse(args);
    std::cout << "parsed: " << args << " (" << args.size() << " tokens)\n"
              << "  " << second.toString() << "\n"
              << "  mode " << second.getString("mode") << ", input '" << second.positional(0) << "', count "
              << second.getDouble("count") << "\n";

    // A command line with mistakes gives errors, not exceptions.
    const argparse::ParseResult bad = parser.parse("--count 0 --bogus -x");
    std::cout << "errors (" << bad.errorCount() << "):\n";
    for (const std::string& error : bad.errors()) std::cout << "  " << error << "\n";
    if (bad.success() || bad.firstError().empty()) return EXIT_FAILURE;

    // Converters and flags on their own.
    const argparse::Converter percent = argparse::Converter::integer(0, 100);
    const argparse::Converter yesNo(argparse::ValueType::Boolean);
    std::cout << "converter " << percent << ": accepts 42 " << percent.accepts("42") << ", +007 is "
              << percent.normalize("+007") << ", 'yes' is " << yesNo.toBool("yes") << ", 2.5 is "
              << argparse::Converter(argparse::ValueType::Real).toDouble("2.5") << "\n";
    const argparse::Flag verbose('v', "verbose");
    std::cout << "flag " << verbose << " matches --verbose " << verbose.matches("--verbose") << ", same as the parser's "
              << (verbose == parser.getSwitch("verbose").flag()) << "\n";
    std::cout << "option " << parser.getOption("count").usageForm() << ", positional "
              << parser.getPositional("input").usageForm() << ", " << parser.parameterCount() << " parameters\n";

    const argparse::HelpFormatter formatter(60);
    std::cout << formatter.wrap(parser.description(), 0) << "\n\n" << parser.help(argparse::HelpFormatter::kDefaultWidth);
    return EXIT_SUCCESS;
}

}  // namespace

int main() {
    try {
        return run();
    } catch (const argparse::ArgumentError& error) {
        std::cerr << "parse failed: " << error.what() << "\n";
        return EXIT_FAILURE;
    }
}
