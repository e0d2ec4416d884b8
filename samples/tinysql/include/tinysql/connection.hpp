// tinysql: a session with one named in-memory database.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "tinysql/statement.hpp"

namespace tinysql {

namespace detail {
class Database;
}

// Made by Driver::connect. Not copyable. Destroying a connection closes it.
class Connection {
public:
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // A new statement on this connection; throws SqlError when the connection is closed.
    std::unique_ptr<Statement> createStatement();

    // Closes the connection and every statement made from it. Closing twice does nothing.
    void close();
    bool isClosed() const;

    // The database name (the part of the URL after "tinysql:"); also after close().
    const std::string& name() const;
    bool isReadOnly() const;

    // Whether the database has a table of that name (case-insensitive).
    bool hasTable(const std::string& table) const noexcept;
    // Table names, ordered case-insensitively; throws SqlError when closed.
    std::vector<std::string> tableNames() const;
    // Statements made from this connection that are still open.
    std::size_t openStatementCount() const;

private:
    friend class Driver;
    friend class Statement;

    Connection(std::string name, std::shared_ptr<detail::Database> database, bool readOnly);

    detail::Database& database() const;   // throws SqlError when closed
    void forget(Statement* statement);    // a statement closed or went away

    std::string name_;
    std::shared_ptr<detail::Database> database_;
    bool readOnly_;
    bool closed_ = false;
    std::vector<Statement*> statements_;
};

}  // namespace tinysql
