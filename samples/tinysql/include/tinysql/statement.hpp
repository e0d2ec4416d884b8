// tinysql: runs SQL text on a connection.
#pragma once

#include <memory>
#include <string>

#include "tinysql/result_set.hpp"

namespace tinysql {

class Connection;

namespace detail {
struct ResultData;
}

// Made by Connection::createStatement. Not copyable. At most one ResultSet of a statement is
// open at a time: running another statement on it closes the previous ResultSet.
class Statement {
public:
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Runs a SELECT. Throws SqlError for other statements, bad SQL, unknown tables or columns.
    std::unique_ptr<ResultSet> executeQuery(const std::string& sql);
    // Runs CREATE TABLE, DROP TABLE, INSERT, UPDATE or DELETE; returns the rows affected
    // (0 for CREATE and DROP). Throws SqlError for a SELECT or on a read-only connection.
    int executeUpdate(const std::string& sql);
    // The result of the last executeUpdate, or -1 when the last statement was a query.
    int updateCount() const;

    // Closes the statement and its open ResultSet. Closing twice does nothing.
    void close();
    bool isClosed() const;

private:
    friend class Connection;
    friend class ResultSet;

    explicit Statement(Connection* connection);

    void ensureOpen() const;
    void closeOpenResult();               // closes and forgets the open ResultSet, if any
    void connectionClosed();              // called by Connection::close
    void resultClosed(ResultSet* result); // called by ResultSet::close

    Connection* connection_;
    bool closed_ = false;
    int updateCount_ = -1;
    std::unique_ptr<detail::ResultData> result_;  // rows of the last query
    ResultSet* openResult_ = nullptr;             // the ResultSet reading result_
};

}  // namespace tinysql
