// tinysql: the SQL column types.
#pragma once

namespace tinysql {

enum class ColumnType { Int, Text };

// "INT" or "TEXT".
const char* toString(ColumnType type);

}  // namespace tinysql
