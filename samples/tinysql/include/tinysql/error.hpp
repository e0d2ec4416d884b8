// tinysql: the one exception type the library throws.
#pragma once

#include <stdexcept>
#include <string>

namespace tinysql {

// Thrown for malformed SQL, unknown tables or columns, type mismatches, and any use of a
// closed Connection, Statement or ResultSet.
class SqlError : public std::runtime_error {
public:
    explicit SqlError(const std::string& message);
};

}  // namespace tinysql
