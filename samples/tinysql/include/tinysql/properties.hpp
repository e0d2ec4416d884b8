// tinysql: connection properties, a small string-to-string map with case-insensitive keys.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tinysql {

class Properties {
public:
    Properties() = default;

    // Sets or replaces the value of `key`. Keys are case-insensitive: set("User", ...) then
    // set("user", ...) replaces the first value and keeps the first spelling of the key.
    void set(const std::string& key, const std::string& value);
    // The value of `key`, or "" when absent.
    std::string get(const std::string& key) const;
    bool has(const std::string& key) const;
    // Removes `key`; returns whether it was present.
    bool remove(const std::string& key);
    std::size_t size() const;
    bool empty() const;
    // Keys in insertion order, as first spelled.
    std::vector<std::string> keys() const;

    std::size_t hashCode() const;
    // Same keys (compared case-insensitively) with the same values (compared exactly).
    bool operator==(const Properties& other) const;
    bool operator!=(const Properties& other) const;

private:
    std::size_t find(const std::string& key) const;  // index into entries_, or npos

    std::vector<std::pair<std::string, std::string>> entries_;
};

}  // namespace tinysql

namespace std {

template <>
struct hash<tinysql::Properties> {
    std::size_t operator()(const tinysql::Properties& properties) const noexcept;
};

}  // namespace std
