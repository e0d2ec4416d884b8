#include "tinysql/column_type.hpp"

namespace tinysql {

const char* toString(ColumnType type) {
    switch (type) {
        case ColumnType::Int: return "INT";
        case ColumnType::Text: return "TEXT";
    }
    return "?";
}

}  // namespace tinysql
