// minisat: clauses of three shapes. Each constructor accepts only literal lists of its shape and
// throws std::invalid_argument for any other.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

#include "minisat/lit_vec.hpp"

namespace minisat {

enum class ClauseKind { Unit, Binary, Long };

// A disjunction of literals. Two clauses are equal when they have the same kind and the same
// literals, in any order.
class Clause {
public:
    virtual ~Clause() = default;

    virtual ClauseKind kind() const noexcept = 0;
    int size() const noexcept;
    // The literal at `index` (from 0); throws std::out_of_range.
    int lit(int index) const;
    const LitVec& lits() const noexcept;
    bool contains(int lit) const noexcept;
    int maxVar() const noexcept;
    // "1 -2 3 0"
    std::string toDimacs() const;

    std::size_t hashCode() const noexcept;
    bool operator==(const Clause& other) const noexcept;
    bool operator!=(const Clause& other) const noexcept;

protected:
    explicit Clause(const LitVec& lits);
    Clause(const Clause&) = default;
    Clause& operator=(const Clause&) = default;

private:
    LitVec lits_;
};

// Exactly one literal.
class UnitClause final : public Clause {
public:
    explicit UnitClause(const LitVec& lits);
    ClauseKind kind() const noexcept override;
    int literal() const noexcept;
};

// Exactly two literals of different variables.
class BinaryClause final : public Clause {
public:
    explicit BinaryClause(const LitVec& lits);
    ClauseKind kind() const noexcept override;
    int first() const noexcept;
    int second() const noexcept;
    // The literal other than `lit`; throws std::invalid_argument when `lit` is not in the clause.
    int other(int lit) const;
};

// Three or more literals, no literal twice, no literal with its negation.
class LongClause final : public Clause {
public:
    explicit LongClause(const LitVec& lits);
    ClauseKind kind() const noexcept override;
    // At most one positive literal.
    bool isHorn() const noexcept;
    // The clause's literals without `lit` (all of them when it is absent).
    LitVec without(int lit) const;
};

// The clause of the right shape for `lits` after removing repeated literals; throws
// std::invalid_argument for an empty list or one holding a literal and its negation.
std::unique_ptr<Clause> makeClause(const LitVec& lits);

// Prints the clause as toDimacs() does.
std::ostream& operator<<(std::ostream& out, const Clause& clause);

}  // namespace minisat

namespace std {

template <>
struct hash<minisat::Clause> {
    std::size_t operator()(const minisat::Clause& c) const noexcept { return c.hashCode(); }
};
template <>
struct hash<minisat::UnitClause> {
    std::size_t operator()(const minisat::UnitClause& c) const noexcept { return c.hashCode(); }
};
template <>
struct hash<minisat::BinaryClause> {
    std::size_t operator()(const minisat::BinaryClause& c) const noexcept { return c.hashCode(); }
};
template <>
struct hash<minisat::LongClause> {
    std::size_t operator()(const minisat::LongClause& c) const noexcept { return c.hashCode(); }
};

}  // namespace std
