#include "argparse/parse_result.hpp"

#include <ostream>

#include "argparse/converter.hpp"
#include "argparse/error.hpp"
#include "text.hpp"

namespace argparse {

ParseResult::ParseResult() {}

// text_ is a cache and not copied.
ParseResult::ParseResult(const ParseResult& other)
    : names_(other.names_),
      switches_(other.switches_),
      values_(other.values_),
      defaults_(other.defaults_),
      counts_(other.counts_),
      positionals_(other.positionals_),
      errors_(other.errors_) {}  // Known bug B4: rest_ is not copied

ParseResult& ParseResult::operator=(const ParseResult& other) {
    if (this == &other) return *this;
    names_ = other.names_;
    switches_ = other.switches_;
    values_ = other.values_;
    defaults_ = other.defaults_;
    counts_ = other.counts_;
    positionals_ = other.positionals_;
    rest_ = other.rest_;
    errors_ = other.errors_;
    text_.reset();
    return *this;
}

ParseResult::~ParseResult() = default;

bool ParseResult::success() const { return errors_.empty(); }
std::vector<std::string> ParseResult::errors() const { return errors_; }
std::size_t ParseResult::errorCount() const { return errors_.size(); }
std::string ParseResult::firstError() const { return errors_.empty() ? "" : errors_.front(); }

void ParseResult::checkKnown(const std::string& name) const {
    if (names_.count(name) == 0) throw ArgumentError("unknown parameter '" + name + "'");
}

const std::string* ParseResult::firstValue(const std::string& name) const {
    if (auto given = values_.find(name); given != values_.end() && !given->second.empty()) return &given->second.front();
    if (auto fallback = defaults_.find(name); fallback != defaults_.end()) return &fallback->second;
    return nullptr;
}

bool ParseResult::has(const std::string& name) const {
    checkKnown(name);
    return count(name) > 0;
}

bool ParseResult::hasValue(const std::string& name) const {
    checkKnown(name);
    return firstValue(name) != nullptr;
}

std::size_t ParseResult::count(const std::string& name) const {
    checkKnown(name);
    if (auto found = counts_.find(name); found != counts_.end()) return found->second;
    return values_.count(name) ? 1 : 0;  // a positional
}

std::string ParseResult::getString(const std::string& name) const {
    checkKnown(name);
    const std::string* value = firstValue(name);
    if (!value) throw ArgumentError("no value for '" + name + "'");
    return *value;
}

std::vector<std::string> ParseResult::getStrings(const std::string& name) const {
    checkKnown(name);
    if (auto given = values_.find(name); given != values_.end()) return given->second;
    if (auto fallback = defaults_.find(name); fallback != defaults_.end()) return {fallback->second};
    return {};
}

long ParseResult::getInt(const std::string& name) const {
    return Converter(ValueType::Integer).toInt(getString(name));
}

double ParseResult::getDouble(const std::string& name) const {
    return Converter(ValueType::Real).toDouble(getString(name));
}

bool ParseResult::getBool(const std::string& name) const {
    checkKnown(name);
    if (switches_.count(name)) return count(name) > 0;
    return Converter(ValueType::Boolean).toBool(getString(name));
}

long ParseResult::getIntOr(const std::string& name, long fallback) const noexcept {
    if (names_.count(name) == 0) return fallback;
    const std::string* value = firstValue(name);
    if (!value) return fallback;
    return Converter(ValueType::Integer).toInt(*value);  // Known bug B1: throws through noexcept for a value that is not an integer
}

std::size_t ParseResult::positionalCount() const { return positionals_.size() + rest_.size(); }

std::string ParseResult::positional(std::size_t index) const {
    if (index >= positionalCount())
        throw ArgumentError("positional " + std::to_string(index) + " of " + std::to_string(positionalCount()));
    return index < positionals_.size() ? positionals_[index] : rest_[index - positionals_.size()];
}

std::vector<std::string> ParseResult::rest() const { return rest_; }

std::string ParseResult::toString() const {
    if (text_) return *text_;
    std::string out;
    if (errors_.empty()) {
        out = "ok:";
        for (const std::string& name : names_) {
            if (switches_.count(name)) {
                if (count(name) > 0) out += " " + name;
            } else if (const std::string* value = firstValue(name)) {
                out += " " + name + "=" + *value;
            }
        }
        for (const std::string& token : rest_) out += " +" + token;
    } else {
        out = std::to_string(errors_.size()) + (errors_.size() == 1 ? " error:" : " errors:");
        for (const std::string& error : errors_) out += " " + error + ";";
    }
    text_ = std::make_unique<std::string>(out);
    return out;
}

std::size_t ParseResult::hashCode() const {
    std::size_t seed = 0;
    for (const std::string& name : names_) seed = detail::hashCombine(seed, detail::hashString(name));
    for (const std::string& name : switches_) seed = detail::hashCombine(seed, detail::hashString(name));
    for (const auto& [name, values] : values_) {
        seed = detail::hashCombine(seed, detail::hashString(name));
        for (const std::string& value : values) seed = detail::hashCombine(seed, detail::hashString(value));
    }
    for (const auto& [name, value] : defaults_)
        seed = detail::hashCombine(detail::hashCombine(seed, detail::hashString(name)), detail::hashString(value));
    for (const auto& [name, n] : counts_) seed = detail::hashCombine(detail::hashCombine(seed, detail::hashString(name)), n);
    for (const std::string& token : positionals_) seed = detail::hashCombine(seed, detail::hashString(token));
    seed = detail::hashCombine(seed, rest_.size());
    for (const std::string& token : rest_) seed = detail::hashCombine(seed, detail::hashString(token));
    for (const std::string& error : errors_) seed = detail::hashCombine(seed, detail::hashString(error));
    return seed;
}

bool ParseResult::operator==(const ParseResult& other) const {
    return names_ == other.names_ && switches_ == other.switches_ && values_ == other.values_ &&
           defaults_ == other.defaults_ && counts_ == other.counts_ && positionals_ == other.positionals_ && rest_ == other.rest_ &&
           errors_ == other.errors_;
}

bool ParseResult::operator!=(const ParseResult& other) const { return !(*this == other); }

std::ostream& operator<<(std::ostream& out, const ParseResult& result) { return out << result.toString(); }

}  // namespace argparse

std::size_t std::hash<argparse::ParseResult>::operator()(const argparse::ParseResult& result) const noexcept {
    return result.hashCode();
}
