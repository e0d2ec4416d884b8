#include "argparse/parameter.hpp"

#include "argparse/error.hpp"
#include "text.hpp"

namespace argparse {
namespace {

const std::string& checkedName(const std::string& name) {
    if (!detail::isValidName(name)) throw ArgumentError("bad parameter name '" + name + "'");
    return name;
}

}  // namespace

// Switch

Switch::Switch(const std::string& name, const Flag& flag) : name_(checkedName(name)), flag_(flag) {}

const std::string& Switch::name() const { return name_; }
const Flag& Switch::flag() const { return flag_; }
const std::string& Switch::help() const { return help_; }

Switch& Switch::setHelp(const std::string& help) {
    help_ = help;
    return *this;
}

std::string Switch::usageForm() const {
    return "[" + (flag_.hasShort() ? flag_.shortForm() : flag_.longForm()) + "]";
}

// Option

Option::Option(const std::string& name, const Flag& flag) : name_(checkedName(name)), flag_(flag) {}

Option& Option::setConverter(const Converter& converter) {
    if (hasDefault_ && !converter.accepts(default_))
        throw ArgumentError("default '" + default_ + "' of " + name_ + " is not " + converter.describe());
    converter_ = converter;
    if (hasDefault_) default_ = converter_.normalize(default_);
    return *this;
}

Option& Option::setDefault(const std::string& value) {
    default_ = converter_.normalize(value);
    hasDefault_ = true;
    return *this;
}

Option& Option::clearDefault() {
    default_.clear();
    hasDefault_ = false;
    return *this;
}

Option& Option::setRequired(bool required) {
    required_ = required;
    return *this;
}

Option& Option::setRepeatable(bool repeatable) {
    repeatable_ = repeatable;
    return *this;
}

Option& Option::setHelp(const std::string& help) {
    help_ = help;
    return *this;
}

Option& Option::setValueName(const std::string& valueName) {
    valueName_ = valueName;
    return *this;
}

const std::string& Option::name() const { return name_; }
const Flag& Option::flag() const { return flag_; }
const Converter& Option::converter() const { return converter_; }
bool Option::hasDefault() const { return hasDefault_; }
const std::string& Option::defaultValue() const { return default_; }
bool Option::required() const { return required_; }
bool Option::repeatable() const { return repeatable_; }
const std::string& Option::help() const { return help_; }
std::string Option::valueName() const { return valueName_.empty() ? converter_.placeholder() : valueName_; }

std::string Option::usageForm() const {
    const std::string form = flag_.hasShort() ? flag_.shortForm() + " " + valueName()
                                              : flag_.longForm() + "=" + valueName();
    return required_ ? form : "[" + form + "]";
}

// Positional

Positional::Positional(const std::string& name) : name_(checkedName(name)) {}

Positional& Positional::setConverter(const Converter& converter) {
    converter_ = converter;
    return *this;
}

Positional& Positional::setRequired(bool required) {
    required_ = required;
    return *this;
}

Positional& Positional::setHelp(const std::string& help) {
    help_ = help;
    return *this;
}

const std::string& Positional::name() const { return name_; }
const Converter& Positional::converter() const { return converter_; }
bool Positional::required() const { return required_; }
const std::string& Positional::help() const { return help_; }
std::string Positional::usageForm() const { return required_ ? detail::upper(name_) : "[" + detail::upper(name_) + "]"; }

}  // namespace argparse
