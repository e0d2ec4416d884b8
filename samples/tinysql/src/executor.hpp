// tinysql internals: runs parsed statements against a database.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "ast.hpp"
#include "database.hpp"
#include "result_data.hpp"

namespace tinysql::detail {

// Resolves table and column names, checks literal types, and applies a statement.
// Every check happens before the first change, so a statement that throws changes nothing.
class Executor {
public:
    explicit Executor(Database& database);

    // CREATE, DROP, INSERT, UPDATE, DELETE: the rows affected. Throws SqlError for SELECT.
    std::size_t update(const Command& command);
    std::unique_ptr<ResultData> query(const SelectStmt& select);

private:
    std::size_t createTable(const CreateTableStmt& stmt);
    std::size_t dropTable(const DropTableStmt& stmt);
    std::size_t insert(const InsertStmt& stmt);
    std::size_t updateRows(const UpdateStmt& stmt);
    std::size_t deleteRows(const DeleteStmt& stmt);

    std::optional<Condition> bind(const Table& table, const std::optional<Where>& where) const;
    std::size_t column(const Table& table, const std::string& name) const;
    void checkType(const Table& table, std::size_t column, const Value& value) const;

    Database& database_;
};

}  // namespace tinysql::detail
