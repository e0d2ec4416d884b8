// minisat: literals and literal lists. A literal is a plain int in DIMACS style: v is the variable
// v (numbered from 1), -v its negation; 0 is not a literal.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>

namespace minisat {

// The largest variable number a literal may name.
constexpr int kMaxVar = 100000;

// The variable of a literal; throws std::invalid_argument for 0 or |lit| > kMaxVar.
int varOf(int lit);

// A growable list of literals, MiniSat's vec<Lit>: the argument type of every clause
// constructor, Solver::addClause and Solver::solve(assumptions). Keeps a hash of its contents
// up to date as it changes.
class LitVec {
public:
    LitVec() noexcept = default;
    LitVec(const LitVec& other);
    LitVec(LitVec&& other) noexcept;
    LitVec& operator=(const LitVec& other);
    LitVec& operator=(LitVec&& other) noexcept;
    ~LitVec();

    // Appends `lit`; throws std::invalid_argument when it is not a literal (0, |lit| > kMaxVar).
    void push(int lit);
    // Removes the last literal; throws std::out_of_range when empty.
    void pop();
    void clear() noexcept;

    int size() const noexcept;
    bool empty() const noexcept;
    // The literal at `index` (from 0); throws std::out_of_range.
    int at(int index) const;
    int last() const;
    bool contains(int lit) const noexcept;
    // Index of the first occurrence of `lit`, or -1.
    int indexOf(int lit) const noexcept;
    // The largest variable named, 0 when empty.
    int maxVar() const noexcept;

    // Ordered by variable, the negative literal first; duplicates kept.
    LitVec sorted() const;
    // Every literal negated, in the same order.
    LitVec negated() const;

    std::size_t hashCode() const noexcept;
    // Same literals in the same order.
    bool operator==(const LitVec& other) const noexcept;
    bool operator!=(const LitVec& other) const noexcept;
    // Lexicographic by literal value; a proper prefix is less.
    bool operator<(const LitVec& other) const noexcept;

private:
    void reserve(int capacity);

    int* data_ = nullptr;
    int size_ = 0;
    int capacity_ = 0;
    std::size_t hash_ = 0;  // sum of mix(lit, position) over the literals
};

// Prints "[1 -2 3]".
std::ostream& operator<<(std::ostream& out, const LitVec& lits);

}  // namespace minisat

namespace std {

template <>
struct hash<minisat::LitVec> {
    std::size_t operator()(const minisat::LitVec& lits) const noexcept { return lits.hashCode(); }
};

}  // namespace std
