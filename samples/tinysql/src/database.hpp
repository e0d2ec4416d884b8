// tinysql internals: the tables of one named in-memory database, and the registry of databases.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "table.hpp"

namespace tinysql::detail {

// Table names are case-insensitive. Not thread-safe; the registry is.
class Database {
public:
    // The database of that name, created empty when no connection holds it any more.
    static std::shared_ptr<Database> open(const std::string& name);

    bool hasTable(const std::string& name) const;
    Table& table(const std::string& name);             // throws SqlError when unknown
    void createTable(Table table);                     // throws SqlError when it exists
    void dropTable(const std::string& name);           // throws SqlError when unknown
    std::vector<std::string> tableNames() const;       // as created, ordered case-insensitively

private:
    std::map<std::string, Table> tables_;  // by lower-case name
};

}  // namespace tinysql::detail
