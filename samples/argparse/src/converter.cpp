#include "argparse/converter.hpp"

#include <climits>
#include <ostream>

#include "argparse/error.hpp"
#include "text.hpp"

namespace argparse {

const char* toString(ValueType type) {
    switch (type) {
        case ValueType::String: return "STRING";
        case ValueType::Integer: return "INT";
        case ValueType::Real: return "NUMBER";
        case ValueType::Boolean: return "BOOL";
        case ValueType::Choice: return "CHOICE";
    }
    return "?";
}

Converter::Converter() : Converter(ValueType::String) {}

Converter::Converter(ValueType type) : type_(type), minimum_(LONG_MIN), maximum_(LONG_MAX) {}

Converter Converter::integer(long minimum, long maximum) {
    if (minimum > maximum)
        throw ArgumentError("empty range [" + std::to_string(minimum) + ", " + std::to_string(maximum) + "]");
    Converter converter(ValueType::Integer);
    converter.minimum_ = minimum;
    converter.maximum_ = maximum;
    return converter;
}

Converter Converter::choices(const std::string& list) {
    Converter converter(ValueType::Choice);
    std::size_t start = 0;
    while (true) {
        const std::size_t bar = list.find('|', start);
        converter.addChoice(list.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
        if (bar == std::string::npos) break;
        start = bar + 1;
    }
    return converter;
}

Converter& Converter::addChoice(const std::string& choice) {
    if (type_ != ValueType::Choice) throw ArgumentError("not a choice converter");
    if (choice.empty()) throw ArgumentError("empty choice");
    for (const std::string& known : choices_)
        if (detail::lower(known) == detail::lower(choice)) throw ArgumentError("duplicate choice '" + choice + "'");
    choices_.push_back(choice);
    return *this;
}

ValueType Converter::type() const { return type_; }
long Converter::minimum() const { return minimum_; }
long Converter::maximum() const { return maximum_; }
std::size_t Converter::choiceCount() const { return choices_.size(); }
std::vector<std::string> Converter::choiceList() const { return choices_; }

bool Converter::accepts(const std::string& text) const {
    switch (type_) {
        case ValueType::String: return true;
        case ValueType::Integer: {
            const std::optional<long> value = detail::parseLong(text);
            return value && *value >= minimum_ && *value <= maximum_;
        }
        case ValueType::Real: return detail::parseDouble(text).has_value();
        case ValueType::Boolean: return detail::parseBool(text).has_value();
        case ValueType::Choice:
            for (const std::string& choice : choices_)
                if (detail::lower(choice) == detail::lower(text)) return true;
            return false;
    }
    return false;
}

std::string Converter::normalize(const std::string& text) const {
    if (!accepts(text)) throw ArgumentError("'" + text + "' is not " + describe());
    switch (type_) {
        case ValueType::Integer: return std::to_string(*detail::parseLong(text));
        case ValueType::Boolean: return *detail::parseBool(text) ? "true" : "false";
        case ValueType::Choice:
            for (const std::string& choice : choices_)
                if (detail::lower(choice) == detail::lower(text)) return choice;
            return text;
        default: return text;
    }
}

long Converter::toInt(const std::string& text) const {
    const std::optional<long> value = detail::parseLong(text);
    if (!value) throw ArgumentError("'" + text + "' is not an integer");
    return *value;
}

double Converter::toDouble(const std::string& text) const {
    const std::optional<double> value = detail::parseDouble(text);
    if (!value) throw ArgumentError("'" + text + "' is not a number");
    return *value;
}

bool Converter::toBool(const std::string& text) const {
    const std::optional<bool> value = detail::parseBool(text);
    if (!value) throw ArgumentError("'" + text + "' is not a boolean");
    return *value;
}

std::string Converter::describe() const {
    if (type_ == ValueType::Integer && (minimum_ != LONG_MIN || maximum_ != LONG_MAX))
        return "INT in [" + std::to_string(minimum_) + ", " + std::to_string(maximum_) + "]";
    if (type_ == ValueType::Choice) return "one of " + placeholder();
    return toString(type_);
}

std::string Converter::placeholder() const {
    switch (type_) {
        case ValueType::String: return "VALUE";
        case ValueType::Integer: return "N";
        case ValueType::Real: return "X";
        case ValueType::Boolean: return "BOOL";
        case ValueType::Choice: {
            std::string out;
            for (const std::string& choice : choices_) out += (out.empty() ? "" : "|") + choice;
            return out.empty() ? "CHOICE" : out;
        }
    }
    return "VALUE";
}

std::size_t Converter::hashCode() const {
    std::size_t seed = static_cast<std::size_t>(type_);
    seed = detail::hashCombine(seed, static_cast<std::size_t>(minimum_));
    seed = detail::hashCombine(seed, static_cast<std::size_t>(maximum_));
    for (const std::string& choice : choices_) seed = detail::hashCombine(seed, detail::hashString(choice));
    return seed;
}

bool Converter::operator==(const Converter& other) const {
    return type_ == other.type_ && minimum_ == other.minimum_ && maximum_ == other.maximum_ &&
           choices_ == other.choices_;
}

bool Converter::operator!=(const Converter& other) const { return !(*this == other); }

std::ostream& operator<<(std::ostream& out, const Converter& converter) { return out << converter.describe(); }

}  // namespace argparse

std::size_t std::hash<argparse::Converter>::operator()(const argparse::Converter& converter) const noexcept {
    return converter.hashCode();
}
