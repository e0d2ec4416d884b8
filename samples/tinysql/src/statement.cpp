#include "tinysql/statement.hpp"

#include <variant>

#include "executor.hpp"
#include "parser.hpp"
#include "result_data.hpp"
#include "tinysql/connection.hpp"
#include "tinysql/error.hpp"

namespace tinysql {

Statement::Statement(Connection* connection) : connection_(connection) {}

Statement::~Statement() {
    closeOpenResult();
    if (connection_ != nullptr) connection_->forget(this);
}

std::unique_ptr<ResultSet> Statement::executeQuery(const std::string& sql) {
    ensureOpen();
    const detail::Command command = detail::parseSql(sql);
    detail::Database& database = connection_->database();
    const auto* select = std::get_if<detail::SelectStmt>(&command);
    if (select == nullptr) throw SqlError("executeQuery runs only SELECT; use executeUpdate");

    closeOpenResult();
    result_ = detail::Executor(database).query(*select);
    updateCount_ = -1;
    std::unique_ptr<ResultSet> resultSet(new ResultSet(this, result_.get()));
    openResult_ = resultSet.get();
    return resultSet;
}

int Statement::executeUpdate(const std::string& sql) {
    ensureOpen();
    const detail::Command command = detail::parseSql(sql);
    detail::Database& database = connection_->database();
    if (std::holds_alternative<detail::SelectStmt>(command)) {
        throw SqlError("executeUpdate cannot run a SELECT; use executeQuery");
    }
    if (connection_->isReadOnly()) {
        throw SqlError("connection " + connection_->name() + " is read-only");
    }

    closeOpenResult();
    updateCount_ = static_cast<int>(detail::Executor(database).update(command));
    return updateCount_;
}

int Statement::updateCount() const {
    ensureOpen();
    return updateCount_;
}

void Statement::close() {
    if (closed_) return;
    closed_ = true;
    // Known bug B1 (BUGS.md): frees the rows while the open ResultSet still points at them
    // (closeOpenResult() is missing here).
    result_.reset();
    if (connection_ != nullptr) {
        connection_->forget(this);
        connection_ = nullptr;
    }
}

bool Statement::isClosed() const {
    return closed_ || connection_ == nullptr;
}

void Statement::ensureOpen() const {
    if (closed_) throw SqlError("statement is closed");
}

void Statement::closeOpenResult() {
    if (openResult_ != nullptr) {
        openResult_->detach();
        openResult_ = nullptr;
    }
    result_.reset();
}

void Statement::connectionClosed() {
    closeOpenResult();
    // Known bug B6 (BUGS.md): forgets the connection but leaves closed_ false, so
    // ensureOpen() lets executeQuery/executeUpdate through to connection_->database().
    connection_ = nullptr;
}

void Statement::resultClosed(ResultSet* result) {
    if (openResult_ == result) {
        openResult_ = nullptr;
        result_.reset();
    }
}

}  // namespace tinysql
