#include "database.hpp"

#include <mutex>
#include <utility>

#include "text.hpp"
#include "tinysql/error.hpp"

namespace tinysql::detail {

namespace {

struct Registry {
    std::mutex mutex;
    std::map<std::string, std::weak_ptr<Database>> databases;
};

Registry& registry() {
    static Registry instance;
    return instance;
}

}  // namespace

std::shared_ptr<Database> Database::open(const std::string& name) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mutex);
    std::weak_ptr<Database>& slot = reg.databases[name];
    std::shared_ptr<Database> database = slot.lock();
    if (!database) {
        database = std::make_shared<Database>();
        slot = database;
    }
    return database;
}

bool Database::hasTable(const std::string& name) const {
    return tables_.count(toLower(name)) != 0;
}

Table& Database::table(const std::string& name) {
    const auto it = tables_.find(toLower(name));
    if (it == tables_.end()) throw SqlError("no such table: " + name);
    return it->second;
}

void Database::createTable(Table table) {
    const std::string key = toLower(table.name());
    if (tables_.count(key) != 0) throw SqlError("table " + table.name() + " already exists");
    tables_.emplace(key, std::move(table));
}

void Database::dropTable(const std::string& name) {
    if (tables_.erase(toLower(name)) == 0) throw SqlError("no such table: " + name);
}

std::vector<std::string> Database::tableNames() const {
    std::vector<std::string> names;
    for (const auto& entry : tables_) names.push_back(entry.second.name());
    return names;
}

}  // namespace tinysql::detail
