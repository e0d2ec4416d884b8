// tinysql internals: parsed SQL statements, names not yet resolved.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "condition.hpp"
#include "tinysql/column_type.hpp"
#include "tinysql/value.hpp"

namespace tinysql::detail {

struct ColumnSpec {
    std::string name;
    ColumnType type;
};

struct Where {
    std::string column;
    CompareOp op;
    Value literal;
};

struct CreateTableStmt {
    std::string table;
    std::vector<ColumnSpec> columns;
};

struct DropTableStmt {
    std::string table;
};

struct InsertStmt {
    std::string table;
    std::vector<std::string> columns;      // empty: every column, in table order
    std::vector<std::vector<Value>> rows;
};

struct SelectStmt {
    std::string table;
    std::vector<std::string> columns;      // empty: *
    std::optional<Where> where;
};

struct UpdateStmt {
    std::string table;
    std::string column;
    Value value;
    std::optional<Where> where;
};

struct DeleteStmt {
    std::string table;
    std::optional<Where> where;
};

using Command = std::variant<CreateTableStmt, DropTableStmt, InsertStmt, SelectStmt, UpdateStmt,
                             DeleteStmt>;

}  // namespace tinysql::detail
