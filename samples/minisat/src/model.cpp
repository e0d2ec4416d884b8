#include "minisat/model.hpp"

#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

namespace minisat {

Model::Model(std::vector<LBool> values) : values_(std::move(values)) {}

int Model::numVars() const noexcept {
    return static_cast<int>(values_.size());
}

LBool Model::value(int var) const {
    if (var < 1 || var > numVars())
        throw std::out_of_range("Model::value: no variable " + std::to_string(var) + " in a model of " +
                                std::to_string(numVars()));
    return values_[static_cast<std::size_t>(var - 1)];
}

bool Model::isTrue(int lit) const {
    const LBool v = value(varOf(lit));
    return lit > 0 ? v == LBool::True : v == LBool::False;
}

bool Model::satisfies(const LitVec& clause) const {
    for (int i = 0; i < clause.size(); ++i) {
        const int lit = clause.at(i);
        if (varOf(lit) <= numVars() && isTrue(lit)) return true;
    }
    return false;
}

bool Model::satisfies(const Clause& clause) const {
    return satisfies(clause.lits());
}

LitVec Model::trueLits() const {
    LitVec result;
    for (int v = 1; v <= numVars(); ++v) result.push(value(v) == LBool::True ? v : -v);
    return result;
}

std::size_t Model::hashCode() const noexcept {
    std::size_t h = values_.size();
    for (LBool v : values_) h = h * 31 + static_cast<std::size_t>(v);
    return h;
}

bool Model::operator==(const Model& other) const noexcept {
    return values_ == other.values_;
}

bool Model::operator!=(const Model& other) const noexcept {
    return !(*this == other);
}

std::ostream& operator<<(std::ostream& out, const Model& model) {
    out << 'v';
    for (int v = 1; v <= model.numVars(); ++v) out << ' ' << (model.value(v) == LBool::True ? v : -v);
    return out << " 0";
}

}  // namespace minisat
