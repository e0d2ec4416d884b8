#include "argparse/parser.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>

#include "argparse/error.hpp"
#include "argparse/help_formatter.hpp"
#include "text.hpp"

namespace argparse {
namespace {

// The tokens of one parse side by side in one block of memory, seen through views: one
// allocation for the whole command line instead of one per token.
class TokenBlock {
public:
    explicit TokenBlock(const std::vector<std::string>& tokens) {
        std::size_t total = 0;
        for (const std::string& token : tokens) total += token.size();
        chars_ = std::make_unique<char[]>(total);
        std::size_t at = 0;
        for (const std::string& token : tokens) {
            std::memcpy(chars_.get() + at, token.data(), token.size());
            views_.emplace_back(chars_.get() + at, token.size());
            at += token.size();
        }
    }

    std::size_t size() const { return views_.size(); }
    std::string_view operator[](std::size_t index) const { return views_[index]; }

private:
    std::unique_ptr<char[]> chars_;
    std::vector<std::string_view> views_;
};

}  // namespace

Parser::Parser() : Parser("prog") {}

Parser::Parser(const std::string& program) : program_(program) {}

// Registration

const Parser::Entry* Parser::find(const std::string& name) const {
    for (std::size_t i = 0; i < order_.size(); ++i)
        if (order_[i] == name) return &entries_[i];
    return nullptr;
}

void Parser::checkNew(const std::string& name, const Flag* flag) const {
    if (find(name)) throw ArgumentError("parameter '" + name + "' is already registered");
    if (!flag) return;
    if (flag->hasShort() && (switchByShort(flag->shortName()) || optionByShort(flag->shortName())))
        throw ArgumentError("flag " + flag->shortForm() + " is already taken");
    if (flag->hasLong() && (switchByLong(flag->longName()) || optionByLong(flag->longName())))
        throw ArgumentError("flag " + flag->longForm() + " is already taken");
}

Parser& Parser::addFlag(const std::string& name, char shortName, const std::string& longName) {
    return addSwitch(Switch(name, Flag(shortName, longName)));
}

Parser& Parser::addSwitch(const Switch& option) {
    checkNew(option.name(), &option.flag());
    order_.push_back(option.name());
    entries_.push_back({Kind::Switch, switches_.size()});
    switches_.push_back(option);
    return *this;
}

Parser& Parser::addOption(const std::string& name, char shortName, const std::string& longName,
                          const std::string& defaultValue, bool required) {
    Option option(name, Flag(shortName, longName));
    if (!defaultValue.empty()) option.setDefault(defaultValue);
    option.setRequired(required);
    return addOption(option);
}

Parser& Parser::addOption(const Option& option) {
    checkNew(option.name(), &option.flag());
    order_.push_back(option.name());
    entries_.push_back({Kind::Option, options_.size()});
    options_.push_back(option);
    return *this;
}

Parser& Parser::addPositional(const std::string& name) { return addPositional(Positional(name)); }

Parser& Parser::addPositional(const Positional& positional) {
    checkNew(positional.name(), nullptr);
    order_.push_back(positional.name());
    entries_.push_back({Kind::Positional, positionals_.size()});
    positionals_.push_back(positional);
    return *this;
}

Parser& Parser::setConverter(const std::string& name, const Converter& converter) {
    const Entry* entry = find(name);
    if (!entry) throw ArgumentError("unknown parameter '" + name + "'");
    if (entry->kind == Kind::Switch) throw ArgumentError("switch '" + name + "' takes no value");
    if (entry->kind == Kind::Option)
        options_[entry->index].setConverter(converter);
    else
        positionals_[entry->index].setConverter(converter);
    return *this;
}

Parser& Parser::setHelp(const std::string& name, const std::string& text) {
    const Entry* entry = find(name);
    if (!entry) throw ArgumentError("unknown parameter '" + name + "'");
    switch (entry->kind) {
        case Kind::Switch: switches_[entry->index].setHelp(text); break;
        case Kind::Option: options_[entry->index].setHelp(text); break;
        case Kind::Positional: positionals_[entry->index].setHelp(text); break;
    }
    return *this;
}

Parser& Parser::setDescription(const std::string& text) {
    description_ = text;
    return *this;
}

// Queries

const std::string& Parser::program() const { return program_; }
const std::string& Parser::description() const { return description_; }
std::size_t Parser::parameterCount() const { return order_.size(); }
std::vector<std::string> Parser::names() const { return order_; }
bool Parser::has(const std::string& name) const { return find(name) != nullptr; }

bool Parser::isSwitch(const std::string& name) const {
    const Entry* entry = find(name);
    return entry && entry->kind == Kind::Switch;
}

bool Parser::isOption(const std::string& name) const {
    const Entry* entry = find(name);
    return entry && entry->kind == Kind::Option;
}

bool Parser::isPositional(const std::string& name) const {
    const Entry* entry = find(name);
    return entry && entry->kind == Kind::Positional;
}

const Switch& Parser::getSwitch(const std::string& name) const {
    if (!isSwitch(name)) throw ArgumentError("no switch '" + name + "'");
    return switches_[find(name)->index];
}

const Option& Parser::getOption(const std::string& name) const {
    if (!isOption(name)) throw ArgumentError("no option '" + name + "'");
    return options_[find(name)->index];
}

const Positional& Parser::getPositional(const std::string& name) const {
    if (!isPositional(name)) throw ArgumentError("no positional '" + name + "'");
    return positionals_[find(name)->index];
}

const Switch* Parser::switchByShort(char c) const {
    if (c == '\0') return nullptr;
    for (const Switch& s : switches_)
        if (s.flag().shortName() == c) return &s;
    return nullptr;
}

const Option* Parser::optionByShort(char c) const {
    if (c == '\0') return nullptr;
    for (const Option& o : options_)
        if (o.flag().shortName() == c) return &o;
    return nullptr;
}

const Switch* Parser::switchByLong(const std::string& name) const {
    if (name.empty()) return nullptr;
    for (const Switch& s : switches_)
        if (s.flag().longName() == name) return &s;
    return nullptr;
}

const Option* Parser::optionByLong(const std::string& name) const {
    if (name.empty()) return nullptr;
    for (const Option& o : options_)
        if (o.flag().longName() == name) return &o;
    return nullptr;
}

// Usage and help

std::string Parser::usage() const {
    std::string out = "Usage: " + program_;
    for (std::size_t i = 0; i < order_.size(); ++i) {
        const Entry& entry = entries_[i];
        switch (entry.kind) {
            case Kind::Switch: out += " " + switches_[entry.index].usageForm(); break;
            case Kind::Option: out += " " + options_[entry.index].usageForm(); break;
            case Kind::Positional: out += " " + positionals_[entry.index].usageForm(); break;
        }
    }
    return out;
}

std::string Parser::help(int width) const {
    const HelpFormatter formatter(width);
    std::string out = formatter.wrap(usage(), 0) + "\n";
    if (!description_.empty()) out += "\n" + formatter.wrap(description_, 0) + "\n";
    if (order_.empty()) return out;

    std::vector<std::pair<std::string, std::string>> rows;
    for (std::size_t i = 0; i < order_.size(); ++i) {
        const Entry& entry = entries_[i];
        if (entry.kind == Kind::Switch) {
            const Switch& s = switches_[entry.index];
            rows.emplace_back(s.flag().toString(), s.help());
        } else if (entry.kind == Kind::Option) {
            const Option& o = options_[entry.index];
            std::string right = o.help();
            if (o.converter().type() != ValueType::String) right += (right.empty() ? "" : " ") + ("(" + o.converter().describe() + ")");
            if (o.hasDefault()) right += (right.empty() ? "" : " ") + ("(default: " + o.defaultValue() + ")");
            if (o.required()) right += (right.empty() ? "" : " ") + std::string("(required)");
            rows.emplace_back(o.flag().toString() + (o.flag().hasShort() ? " " : "=") + o.valueName(), right);
        } else {
            const Positional& p = positionals_[entry.index];
            rows.emplace_back(detail::upper(p.name()), p.help());
        }
    }
    std::size_t longest = 0;
    for (const auto& row : rows) longest = std::max(longest, row.first.size());
    const int column = static_cast<int>(std::min<std::size_t>(longest + 4, 1000));
    out += "\n";
    for (const auto& [left, right] : rows) out += formatter.row(left, right, column);
    return out;
}

// Parsing

ParseResult Parser::parse(const std::string& commandLine) const {
    try {
        return parse(ArgList::split(commandLine));
    } catch (const ArgumentError& error) {
        ParseResult result = parse(ArgList());
        result.errors_.insert(result.errors_.begin(), error.what());
        return result;
    }
}

ParseResult Parser::parse(const ArgList& args) const {
    ParseResult result;
    for (const Switch& s : switches_) {
        result.names_.insert(s.name());
        result.switches_.insert(s.name());
    }
    for (const Option& o : options_) {
        result.names_.insert(o.name());
        if (o.hasDefault()) result.defaults_[o.name()] = o.defaultValue();
    }
    for (const Positional& p : positionals_) result.names_.insert(p.name());

    const auto fail = [&](const std::string& message) { result.errors_.push_back(message); };
    const auto give = [&](const Option& option, const std::string& spelled, std::string_view value) {
        const std::string text(value);
        if (++result.counts_[option.name()] > 1 && !option.repeatable())
            return fail("option " + spelled + " given more than once");
        if (!option.converter().accepts(text))
            return fail("invalid value '" + text + "' for " + spelled + ": expected " + option.converter().describe());
        result.values_[option.name()].push_back(option.converter().normalize(text));
    };

    bool digitFlags = false;
    for (const Switch& s : switches_) digitFlags = digitFlags || detail::isDigit(s.flag().shortName());
    for (const Option& o : options_) digitFlags = digitFlags || detail::isDigit(o.flag().shortName());

    const TokenBlock tokens(args.tokens());
    std::vector<std::string> plain;  // the positional tokens
    bool optionsEnded = false;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string_view token = tokens[i];
        if (optionsEnded || token.size() < 2 || token[0] != '-' || (!digitFlags && detail::isDigit(token[1]))) {
            plain.emplace_back(token);
            continue;
        }
        if (token == "--") {
            optionsEnded = true;
            continue;
        }
        if (token[1] == '-') {  // --name, --name=value
            const std::string_view body = token.substr(2);
            const std::size_t eq = body.rfind('=');  // Known bug B5: the last '=', not the first, ends the name
            const std::string name(body.substr(0, eq));
            if (const Switch* s = switchByLong(name)) {
                if (eq != std::string_view::npos) {
                    fail("switch --" + name + " takes no value");
                } else {
                    ++result.counts_[s->name()];
                }
            } else if (const Option* o = optionByLong(name)) {
                if (eq != std::string_view::npos) {
                    const char* value = body.data() + eq + 1;
                    if (*value == '\0')  // Known bug B2: a token is not NUL-terminated here; "--name=" reads past its end
                        fail("option --" + name + " needs a value after '='");
                    else
                        give(*o, "--" + name, std::string_view(value, body.size() - eq - 1));
                } else if (i + 1 < tokens.size()) {
                    give(*o, "--" + name, tokens[++i]);
                } else {
                    fail("option --" + name + " needs a value");
                }
            } else {
                fail("unknown option --" + name);
            }
            continue;
        }
        for (std::size_t k = 1; k < token.size(); ++k) {  // -abc: a group of short flags
            const char c = token[k];
            const std::string spelled = std::string("-") + c;
            if (const Switch* s = switchByShort(c)) {
                ++result.counts_[s->name()];
            } else if (const Option* o = optionByShort(c)) {
                if (k + 1 < token.size())
                    give(*o, spelled, token.substr(k + 1));
                else if (i + 1 < tokens.size())
                    give(*o, spelled, tokens[++i]);
                else
                    fail("option " + spelled + " needs a value");
                break;
            } else {
                fail("unknown option " + spelled + (token.size() > 2 ? " in " + std::string(token) : ""));
                break;
            }
        }
    }

    for (std::size_t k = 0; k < plain.size(); ++k) {
        if (k < positionals_.size())
            result.positionals_.push_back(plain[k]);
        else
            result.rest_.push_back(plain[k]);
    }
    for (std::size_t k = 0; k < positionals_.size(); ++k) {
        const Positional& p = positionals_[k];
        if (k < plain.size()) {
            const std::string& text = plain[k];
            if (p.converter().accepts(text))
                result.values_[p.name()] = {p.converter().normalize(text)};
            else
                fail("invalid value '" + text + "' for " + detail::upper(p.name()) + ": expected " + p.converter().describe());
        } else if (p.required()) {
            fail("missing " + detail::upper(p.name()));
        }
    }
    for (const Option& o : options_)
        if (o.required() && result.counts_[o.name()] == 0) fail("missing option " + o.flag().toString());
    return result;
}

}  // namespace argparse
