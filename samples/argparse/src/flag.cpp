#include "argparse/flag.hpp"

#include <ostream>

#include "argparse/error.hpp"
#include "text.hpp"

namespace argparse {
namespace {

bool validLong(const std::string& name) {
    if (name.empty() || name.size() > 64 || !detail::isAlnum(name[0])) return false;
    for (char c : name)
        if (!detail::isAlnum(c) && c != '-' && c != '_') return false;
    return true;
}

}  // namespace

Flag::Flag(char shortName, const std::string& longName) : short_(shortName), long_(longName) {
    if (short_ == '\0' && long_.empty()) throw ArgumentError("a flag needs a short or a long name");
    if (short_ != '\0' && !detail::isAlnum(short_)) throw ArgumentError("bad short flag");
    if (!long_.empty() && !validLong(long_)) throw ArgumentError("bad long flag '" + long_ + "'");
}

Flag Flag::shortOnly(char shortName) { return Flag(shortName, ""); }
Flag Flag::longOnly(const std::string& longName) { return Flag('\0', longName); }

char Flag::shortName() const { return short_; }
const std::string& Flag::longName() const { return long_; }
bool Flag::hasShort() const { return short_ != '\0'; }
bool Flag::hasLong() const { return !long_.empty(); }
std::string Flag::shortForm() const { return hasShort() ? std::string("-") + short_ : ""; }
std::string Flag::longForm() const { return hasLong() ? "--" + long_ : ""; }

std::string Flag::toString() const {
    if (hasShort() && hasLong()) return shortForm() + ", " + longForm();
    return hasShort() ? shortForm() : longForm();
}

bool Flag::matches(const std::string& token) const {
    if (hasShort() && token == shortForm()) return true;
    if (!hasLong()) return false;
    const std::string form = longForm();
    return token == form || token.compare(0, form.size() + 1, form + "=") == 0;
}

std::size_t Flag::hashCode() const {
    return detail::hashCombine(static_cast<std::size_t>(static_cast<unsigned char>(short_)), detail::hashString(long_));
}

bool Flag::operator==(const Flag& other) const { return short_ == other.short_ && long_ == other.long_; }
bool Flag::operator!=(const Flag& other) const { return !(*this == other); }

bool Flag::operator<(const Flag& other) const {
    if (long_ != other.long_) return long_ < other.long_;
    return short_ < other.short_;
}

std::ostream& operator<<(std::ostream& out, const Flag& flag) { return out << flag.toString(); }

}  // namespace argparse

std::size_t std::hash<argparse::Flag>::operator()(const argparse::Flag& flag) const noexcept { return flag.hashCode(); }
