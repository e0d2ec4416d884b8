#include "executor.hpp"

#include <utility>

#include "text.hpp"
#include "tinysql/error.hpp"

namespace tinysql::detail {

Executor::Executor(Database& database) : database_(database) {}

std::size_t Executor::update(const Command& command) {
    if (const auto* stmt = std::get_if<CreateTableStmt>(&command)) return createTable(*stmt);
    if (const auto* stmt = std::get_if<DropTableStmt>(&command)) return dropTable(*stmt);
    if (const auto* stmt = std::get_if<InsertStmt>(&command)) return insert(*stmt);
    if (const auto* stmt = std::get_if<UpdateStmt>(&command)) return updateRows(*stmt);
    if (const auto* stmt = std::get_if<DeleteStmt>(&command)) return deleteRows(*stmt);
    throw SqlError("executeUpdate cannot run a SELECT; use executeQuery");
}

std::unique_ptr<ResultData> Executor::query(const SelectStmt& select) {
    const Table& table = database_.table(select.table);
    std::vector<std::size_t> picked;
    if (select.columns.empty()) {
        for (std::size_t i = 0; i < table.columns().size(); ++i) picked.push_back(i);
    } else {
        for (const std::string& name : select.columns) picked.push_back(column(table, name));
    }
    const std::optional<Condition> where = bind(table, select.where);

    auto result = std::make_unique<ResultData>();
    for (std::size_t index : picked) {
        result->names.push_back(table.columns()[index].name);
        result->types.push_back(table.columns()[index].type);
    }
    for (std::size_t rowIndex : table.matchingRows(where)) {
        const Row& source = table.row(rowIndex);
        std::vector<Value> row;
        row.reserve(picked.size());
        for (std::size_t index : picked) row.push_back(source.cells[index]);
        result->rows.push_back(std::move(row));
    }
    return result;
}

std::size_t Executor::createTable(const CreateTableStmt& stmt) {
    std::vector<ColumnDef> columns;
    for (const ColumnSpec& spec : stmt.columns) {
        for (const ColumnDef& earlier : columns) {
            if (equalsIgnoreCase(earlier.name, spec.name)) {
                throw SqlError("duplicate column " + spec.name + " in table " + stmt.table);
            }
        }
        columns.push_back(ColumnDef{spec.name, spec.type});
    }
    database_.createTable(Table(stmt.table, std::move(columns)));
    return 0;
}

std::size_t Executor::dropTable(const DropTableStmt& stmt) {
    database_.dropTable(stmt.table);
    return 0;
}

std::size_t Executor::insert(const InsertStmt& stmt) {
    Table& table = database_.table(stmt.table);
    const std::size_t width = table.columns().size();

    // Where each given value goes.
    std::vector<std::size_t> targets;
    if (stmt.columns.empty()) {
        for (std::size_t i = 0; i < width; ++i) targets.push_back(i);
    } else {
        for (const std::string& name : stmt.columns) {
            const std::size_t index = column(table, name);
            for (std::size_t earlier : targets) {
                if (earlier == index) throw SqlError("column " + name + " given twice");
            }
            targets.push_back(index);
        }
    }

    std::vector<std::vector<Value>> rows;
    for (const std::vector<Value>& given : stmt.rows) {
        if (given.size() != targets.size()) {
            throw SqlError("INSERT INTO " + stmt.table + " expects " +
                           std::to_string(targets.size()) + " values per row, got " +
                           std::to_string(given.size()));
        }
        std::vector<Value> row(width);  // columns not given are NULL
        for (std::size_t i = 0; i < given.size(); ++i) {
            checkType(table, targets[i], given[i]);
            row[targets[i]] = given[i];
        }
        rows.push_back(std::move(row));
    }
    for (std::vector<Value>& row : rows) table.insert(std::move(row));
    return rows.size();
}

std::size_t Executor::updateRows(const UpdateStmt& stmt) {
    Table& table = database_.table(stmt.table);
    const std::size_t target = column(table, stmt.column);
    checkType(table, target, stmt.value);
    return table.update(target, stmt.value, bind(table, stmt.where));
}

std::size_t Executor::deleteRows(const DeleteStmt& stmt) {
    Table& table = database_.table(stmt.table);
    return table.remove(bind(table, stmt.where));
}

std::optional<Condition> Executor::bind(const Table& table,
                                        const std::optional<Where>& where) const {
    if (!where) return std::nullopt;
    const std::size_t index = column(table, where->column);
    checkType(table, index, where->literal);
    return Condition{index, where->op, where->literal};
}

std::size_t Executor::column(const Table& table, const std::string& name) const {
    const std::optional<std::size_t> index = table.findColumn(name);
    if (!index) throw SqlError("no such column: " + name + " in table " + table.name());
    return *index;
}

void Executor::checkType(const Table& table, std::size_t column, const Value& value) const {
    const ColumnDef& def = table.columns()[column];
    const bool fits = value.isNull() || (def.type == ColumnType::Int ? value.isInt() : value.isText());
    if (!fits) {
        throw SqlError("type mismatch: column " + def.name + " of " + table.name() + " is " +
                       toString(def.type) + ", got " + value.toString());
    }
}

}  // namespace tinysql::detail
