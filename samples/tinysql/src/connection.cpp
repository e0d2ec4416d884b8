#include "tinysql/connection.hpp"

#include <algorithm>
#include <utility>

#include "database.hpp"
#include "tinysql/error.hpp"

namespace tinysql {

Connection::Connection(std::string name, std::shared_ptr<detail::Database> database, bool readOnly)
    : name_(std::move(name)), database_(std::move(database)), readOnly_(readOnly) {}

Connection::~Connection() {
    close();
}

std::unique_ptr<Statement> Connection::createStatement() {
    if (closed_) throw SqlError("connection " + name_ + " is closed");
    std::unique_ptr<Statement> statement(new Statement(this));
    statements_.push_back(statement.get());
    return statement;
}

void Connection::close() {
    if (closed_) return;
    closed_ = true;
    for (Statement* statement : statements_) statement->connectionClosed();
    statements_.clear();
    database_.reset();  // the tables go away with the last connection to them
}

bool Connection::isClosed() const {
    return closed_;
}

const std::string& Connection::name() const {
    return name_;
}

bool Connection::isReadOnly() const {
    return readOnly_;
}

// Known bug B7 (BUGS.md): noexcept, but database() throws once the connection is closed.
bool Connection::hasTable(const std::string& table) const noexcept {
    return database().hasTable(table);
}

std::vector<std::string> Connection::tableNames() const {
    return database().tableNames();
}

std::size_t Connection::openStatementCount() const {
    return statements_.size();
}

detail::Database& Connection::database() const {
    if (closed_ || !database_) throw SqlError("connection " + name_ + " is closed");
    return *database_;
}

void Connection::forget(Statement* statement) {
    const auto it = std::find(statements_.begin(), statements_.end(), statement);
    if (it != statements_.end()) statements_.erase(it);
}

}  // namespace tinysql
