#include "condition.hpp"

namespace tinysql::detail {

bool satisfies(const Value& cell, CompareOp op, const Value& literal) {
    if (cell.isNull() || literal.isNull()) return false;
    switch (op) {
        case CompareOp::Eq: return cell == literal;
        case CompareOp::Ne: return cell != literal;
        case CompareOp::Lt: return cell < literal;
        case CompareOp::Le: return !(literal < cell);
        case CompareOp::Gt: return literal < cell;
        case CompareOp::Ge: return !(cell < literal);
    }
    return false;
}

}  // namespace tinysql::detail
