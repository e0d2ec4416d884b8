// tinysql: one cell of a table, an INT, a TEXT or NULL.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

namespace tinysql {

// A value type. Ordering: NULL < every INT < every TEXT; INTs by number, TEXTs byte-wise.
// Equality is exact (NULL == NULL here; SQL comparison semantics live in WHERE evaluation).
class Value {
public:
    Value();  // NULL
    explicit Value(long number);
    explicit Value(std::string text);

    bool isNull() const;
    bool isInt() const;
    bool isText() const;

    long asInt() const;                // throws SqlError unless INT
    const std::string& asText() const; // throws SqlError unless TEXT

    // SQL literal form: NULL, 42, 'it''s'.
    std::string toString() const;
    std::size_t hashCode() const;

    bool operator==(const Value& other) const;
    bool operator!=(const Value& other) const;
    bool operator<(const Value& other) const;

private:
    enum class Kind { Null, Int, Text };

    Kind kind_;
    long number_;
    std::string text_;
};

std::ostream& operator<<(std::ostream& out, const Value& value);

}  // namespace tinysql

namespace std {

template <>
struct hash<tinysql::Value> {
    std::size_t operator()(const tinysql::Value& value) const noexcept;
};

}  // namespace std
