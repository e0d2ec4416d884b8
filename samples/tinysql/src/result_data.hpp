// tinysql internals: the rows a query produced, owned by the Statement, read by the ResultSet.
#pragma once

#include <string>
#include <vector>

#include "tinysql/column_type.hpp"
#include "tinysql/value.hpp"

namespace tinysql::detail {

struct ResultData {
    std::vector<std::string> names;
    std::vector<ColumnType> types;
    std::vector<std::vector<Value>> rows;  // each row holds exactly names.size() values
};

}  // namespace tinysql::detail
