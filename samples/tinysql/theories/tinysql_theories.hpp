// Theories, invariants and parameter values for tinysql (docs/theories.md). palus runs every
// theory on the objects it generates; the generated failure tests include this header.
#pragma once

#include <palus/theory.hpp>

#include <memory>
#include <string>
#include <vector>

#include "tinysql/tinysql.hpp"

namespace tinysql_theories {

// The paper's theory: a closed statement accepts no more queries.
PALUS_THEORY(no_query_after_close, tinysql::Statement& stmt, const std::string& sql) {
    PALUS_ASSUME(!sql.empty());
    stmt.close();
    PALUS_EXPECT_THROW(stmt.executeQuery(sql), tinysql::SqlError);
}

// For every table and INT column c of an open connection: the rows with c <= bound are those with
// c < bound and those with c = bound. (No contract can see a scan that stops one row early.)
PALUS_THEORY(at_most_is_less_or_equal, tinysql::Connection& conn, int bound) {
    PALUS_ASSUME(!conn.isClosed());
    std::unique_ptr<tinysql::Statement> stmt = conn.createStatement();
    const auto count = [&](const std::string& table, const std::string& column, const char* op) {
        return stmt->executeQuery("SELECT * FROM " + table + " WHERE " + column + " " + op + " " +
                                  std::to_string(bound))->rowCount();
    };
    for (const std::string& table : conn.tableNames()) {
        std::vector<std::string> columns;  // a new query closes this result set: read it first
        std::unique_ptr<tinysql::ResultSet> all = stmt->executeQuery("SELECT * FROM " + table);
        for (int c = 1; c <= all->columnCount(); ++c)
            if (all->columnType(c) == tinysql::ColumnType::Int) columns.push_back(all->columnName(c));
        for (const std::string& column : columns)
            PALUS_CHECK_EQ(count(table, column, "<="), count(table, column, "<") + count(table, column, "="));
    }
}

// The keys and the size of a Properties agree.
PALUS_INVARIANT(tinysql::Properties, props) {
    PALUS_CHECK_EQ(props.empty(), props.size() == 0);
    PALUS_CHECK_EQ(props.keys().size(), props.size());
}

// An open result set's cursor is on a row or before the first.
PALUS_INVARIANT(tinysql::ResultSet, rs) {
    PALUS_ASSUME(!rs.isClosed());
    PALUS_CHECK(rs.row() <= rs.rowCount());
}

// Keys the sample's tables hold, so bounds meet rows.
PALUS_PARAM_VALUES(tinysql_theories::at_most_is_less_or_equal, bound, 1, 2, 3, 10)
PALUS_PARAM_VALUES(tinysql::Statement::executeQuery, sql, "SELECT * FROM people WHERE id <= 2",
                   "SELECT name FROM people WHERE age < 30", "SELECT * FROM people WHERE id = 3")

}  // namespace tinysql_theories
