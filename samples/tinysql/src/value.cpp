#include "tinysql/value.hpp"

#include <ostream>
#include <utility>

#include "tinysql/error.hpp"

namespace tinysql {

Value::Value() : kind_(Kind::Null), number_(0) {}

Value::Value(long number) : kind_(Kind::Int), number_(number) {}

Value::Value(std::string text) : kind_(Kind::Text), number_(0), text_(std::move(text)) {}

bool Value::isNull() const {
    return kind_ == Kind::Null;
}

bool Value::isInt() const {
    return kind_ == Kind::Int;
}

bool Value::isText() const {
    return kind_ == Kind::Text;
}

long Value::asInt() const {
    if (kind_ != Kind::Int) throw SqlError("value " + toString() + " is not an INT");
    return number_;
}

const std::string& Value::asText() const {
    if (kind_ != Kind::Text) throw SqlError("value " + toString() + " is not a TEXT");
    return text_;
}

std::string Value::toString() const {
    switch (kind_) {
        case Kind::Null: return "NULL";
        case Kind::Int: return std::to_string(number_);
        case Kind::Text: break;
    }
    std::string quoted = "'";
    for (char c : text_) {
        quoted += c;
        if (c == '\'') quoted += '\'';
    }
    return quoted + "'";
}

std::size_t Value::hashCode() const {
    const std::size_t kind = static_cast<std::size_t>(kind_);
    switch (kind_) {
        case Kind::Null: return kind;
        case Kind::Int: return kind * 0x9e3779b97f4a7c15ULL ^ std::hash<long>{}(number_);
        case Kind::Text: break;
    }
    return kind * 0x9e3779b97f4a7c15ULL ^ std::hash<std::string>{}(text_);
}

bool Value::operator==(const Value& other) const {
    if (kind_ != other.kind_) return false;
    if (kind_ == Kind::Int) return number_ == other.number_;
    if (kind_ == Kind::Text) return text_ == other.text_;
    return true;
}

bool Value::operator!=(const Value& other) const {
    return !(*this == other);
}

bool Value::operator<(const Value& other) const {
    if (kind_ != other.kind_) return kind_ < other.kind_;
    if (kind_ == Kind::Int) return number_ < other.number_;
    if (kind_ == Kind::Text) return text_ < other.text_;
    return false;
}

std::ostream& operator<<(std::ostream& out, const Value& value) {
    return out << value.toString();
}

}  // namespace tinysql

std::size_t std::hash<tinysql::Value>::operator()(const tinysql::Value& value) const noexcept {
    return value.hashCode();
}
