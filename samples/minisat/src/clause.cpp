#include "minisat/clause.hpp"

#include <ostream>
#include <stdexcept>
#include <string>

namespace minisat {

namespace {

// Throws unless the literals are pairwise distinct and no literal appears with its negation.
void requireDistinctVars(const LitVec& lits, const char* shape) {
    for (int i = 0; i < lits.size(); ++i)
        for (int j = i + 1; j < lits.size(); ++j)
            if (lits.at(i) == lits.at(j) || lits.at(i) == -lits.at(j))
                throw std::invalid_argument(std::string(shape) + ": literals " + std::to_string(lits.at(i)) +
                                            " and " + std::to_string(lits.at(j)) + " share a variable");
}

void requireSize(const LitVec& lits, const char* shape, int least, int most) {
    if (lits.size() < least || (most > 0 && lits.size() > most))
        throw std::invalid_argument(std::string(shape) + ": wrong number of literals (" +
                                    std::to_string(lits.size()) + ")");
}

}  // namespace

Clause::Clause(const LitVec& lits) : lits_(lits) {}

int Clause::size() const noexcept {
    return lits_.size();
}

int Clause::lit(int index) const {
    return lits_.at(index);
}

const LitVec& Clause::lits() const noexcept {
    return lits_;
}

bool Clause::contains(int lit) const noexcept {
    return lits_.contains(lit);
}

int Clause::maxVar() const noexcept {
    return lits_.maxVar();
}

std::string Clause::toDimacs() const {
    std::string text;
    for (int i = 0; i < lits_.size(); ++i) text += std::to_string(lits_.at(i)) + " ";
    return text + "0";
}

std::size_t Clause::hashCode() const noexcept {
    return lits_.sorted().hashCode() * 3 + static_cast<std::size_t>(kind());
}

bool Clause::operator==(const Clause& other) const noexcept {
    return kind() == other.kind() && lits_.sorted() == other.lits_.sorted();
}

bool Clause::operator!=(const Clause& other) const noexcept {
    return !(*this == other);
}

UnitClause::UnitClause(const LitVec& lits) : Clause(lits) {
    requireSize(lits, "UnitClause", 1, 1);
}

ClauseKind UnitClause::kind() const noexcept {
    return ClauseKind::Unit;
}

int UnitClause::literal() const noexcept {
    return lits().at(0);
}

BinaryClause::BinaryClause(const LitVec& lits) : Clause(lits) {
    requireSize(lits, "BinaryClause", 2, 2);
    requireDistinctVars(lits, "BinaryClause");
}

ClauseKind BinaryClause::kind() const noexcept {
    return ClauseKind::Binary;
}

int BinaryClause::first() const noexcept {
    return lits().at(0);
}

int BinaryClause::second() const noexcept {
    return lits().at(1);
}

int BinaryClause::other(int lit) const {
    if (lit == first()) return second();
    if (lit == second()) return first();
    throw std::invalid_argument("BinaryClause::other: " + std::to_string(lit) + " is not in " + toDimacs());
}

LongClause::LongClause(const LitVec& lits) : Clause(lits) {
    requireSize(lits, "LongClause", 3, 0);
    requireDistinctVars(lits, "LongClause");
}

ClauseKind LongClause::kind() const noexcept {
    return ClauseKind::Long;
}

bool LongClause::isHorn() const noexcept {
    int positive = 0;
    for (int i = 0; i < size(); ++i)
        if (lits().at(i) > 0) ++positive;
    return positive <= 1;
}

LitVec LongClause::without(int lit) const {
    LitVec result;
    for (int i = 0; i < size(); ++i)
        if (lits().at(i) != lit) result.push(lits().at(i));
    return result;
}

std::unique_ptr<Clause> makeClause(const LitVec& lits) {
    LitVec distinct;
    for (int i = 0; i < lits.size(); ++i) {
        const int lit = lits.at(i);
        if (distinct.contains(-lit))
            throw std::invalid_argument("makeClause: " + std::to_string(lit) + " and its negation");
        if (!distinct.contains(lit)) distinct.push(lit);
    }
    switch (distinct.size()) {
    case 0: throw std::invalid_argument("makeClause: no literals");
    case 1: return std::make_unique<UnitClause>(distinct);
    case 2: return std::make_unique<BinaryClause>(distinct);
    default: return std::make_unique<LongClause>(distinct);
    }
}

std::ostream& operator<<(std::ostream& out, const Clause& clause) {
    return out << clause.toDimacs();
}

}  // namespace minisat
