#include "tinysql/error.hpp"

namespace tinysql {

SqlError::SqlError(const std::string& message) : std::runtime_error(message) {}

}  // namespace tinysql
