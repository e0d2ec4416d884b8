// minisat: truth values and the model (satisfying assignment) a solver found.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <vector>

#include "minisat/clause.hpp"
#include "minisat/lit_vec.hpp"

namespace minisat {

enum class LBool { False, True, Undef };

// An assignment of the variables 1..numVars(). Made by Solver::model(); a default-constructed
// model has no variables.
class Model {
public:
    Model() = default;

    int numVars() const noexcept;
    // The value of `var`; throws std::out_of_range unless 1 <= var <= numVars().
    LBool value(int var) const;
    // Whether `lit` is true; throws std::out_of_range when its variable is not in the model.
    bool isTrue(int lit) const;
    // Whether some literal of the clause is true. A literal whose variable is not in the model
    // is not true.
    bool satisfies(const LitVec& clause) const;
    bool satisfies(const Clause& clause) const;
    // One literal per variable: v when v is true, -v when it is false.
    LitVec trueLits() const;

    std::size_t hashCode() const noexcept;
    bool operator==(const Model& other) const noexcept;
    bool operator!=(const Model& other) const noexcept;

private:
    friend class Solver;
    explicit Model(std::vector<LBool> values);

    std::vector<LBool> values_;  // values_[v - 1] is the value of variable v
};

// Prints "v 1 -2 3 0" (the DIMACS solution line).
std::ostream& operator<<(std::ostream& out, const Model& model);

}  // namespace minisat

namespace std {

template <>
struct hash<minisat::Model> {
    std::size_t operator()(const minisat::Model& m) const noexcept { return m.hashCode(); }
};

}  // namespace std
