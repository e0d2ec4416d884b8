// Theories, invariants and parameter values for minisat (docs/theories.md). palus runs every
// theory on the objects it generates; the generated failure tests include this header.
#pragma once

#include <palus/theory.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "minisat/minisat.hpp"

namespace minisat_theories {

namespace detail {

// Whether some assignment of the variables 1..numVars() satisfies every clause of `solver` and
// makes every literal of `assumptions` true (truth table; numVars() must be small).
inline bool satisfiable(const minisat::Solver& solver, const minisat::LitVec& assumptions) {
    std::vector<std::vector<int>> clauses;
    for (int c = 0; c < solver.numClauses(); ++c) {
        const minisat::LitVec clause = solver.clause(c);
        clauses.emplace_back();
        for (int i = 0; i < clause.size(); ++i) clauses.back().push_back(clause.at(i));
    }
    for (int i = 0; i < assumptions.size(); ++i) clauses.push_back({assumptions.at(i)});
    const int n = solver.numVars();
    for (long bits = 0; bits < (1L << n); ++bits) {
        bool all = true;
        for (std::size_t c = 0; all && c < clauses.size(); ++c) {
            bool some = false;
            for (int lit : clauses[c]) {
                const int var = lit > 0 ? lit : -lit;
                const bool value = ((bits >> (var - 1)) & 1) != 0;
                if (lit > 0 ? value : !value) {
                    some = true;
                    break;
                }
            }
            all = some;
        }
        if (all) return true;
    }
    return false;
}

}  // namespace detail

// solve() answers as the truth table of the clauses added since construction or reset() does,
// and a model it finds satisfies every one of them.
PALUS_THEORY(solve_agrees_with_truth_table, minisat::Solver& solver) {
    PALUS_ASSUME(solver.numVars() <= 10);
    const bool expected = detail::satisfiable(solver, minisat::LitVec());
    PALUS_CHECK_EQ(solver.solve(), expected);
    if (expected) {
        const minisat::Model model = solver.model();
        for (int c = 0; c < solver.numClauses(); ++c) PALUS_CHECK(model.satisfies(solver.clause(c)));
    }
}

// The same under assumptions: a model makes them true; when they fail on a satisfiable formula,
// conflict() is a subset of them that already fails.
PALUS_THEORY(assumptions_agree_with_truth_table, minisat::Solver& solver, minisat::LitVec& assumptions) {
    PALUS_ASSUME(solver.numVars() <= 10);
    PALUS_ASSUME(assumptions.maxVar() <= solver.numVars());
    const bool expected = detail::satisfiable(solver, assumptions);
    PALUS_CHECK_EQ(solver.solve(assumptions), expected);
    if (expected) {
        const minisat::Model model = solver.model();
        for (int i = 0; i < assumptions.size(); ++i) PALUS_CHECK(model.isTrue(assumptions.at(i)));
    } else if (solver.okay()) {
        const minisat::LitVec conflict = solver.conflict();
        PALUS_CHECK(!conflict.empty());
        for (int i = 0; i < conflict.size(); ++i) PALUS_CHECK(assumptions.contains(conflict.at(i)));
        PALUS_CHECK(!detail::satisfiable(solver, conflict));
    }
}

// A clause written in DIMACS reads back as the same literals.
PALUS_THEORY(clause_reads_back, minisat::Clause& clause) {
    minisat::DimacsReader reader;
    reader.parse("p cnf " + std::to_string(clause.maxVar()) + " 1\n" + clause.toDimacs() + "\n");
    PALUS_CHECK_EQ(reader.numClauses(), 1);
    PALUS_CHECK_EQ(reader.clause(0), clause.lits());
}

// A parsed formula written back with toDimacs() parses to the same formula.
PALUS_THEORY(formula_reads_back, minisat::DimacsReader& reader) {
    PALUS_ASSUME(reader.parsed());
    minisat::DimacsReader again;
    again.parse(reader.toDimacs());
    PALUS_CHECK_EQ(again.numVars(), reader.numVars());
    PALUS_CHECK_EQ(again.numClauses(), reader.numClauses());
    for (int c = 0; c < reader.numClauses(); ++c) PALUS_CHECK_EQ(again.clause(c), reader.clause(c));
}

// A literal list holds literals only, and its sorted and doubly negated forms keep them.
PALUS_INVARIANT(minisat::LitVec, lits) {
    PALUS_CHECK_EQ(lits.empty(), lits.size() == 0);
    for (int i = 0; i < lits.size(); ++i) {
        PALUS_CHECK(lits.at(i) != 0);
        PALUS_CHECK(lits.indexOf(lits.at(i)) <= i);
    }
    PALUS_CHECK_EQ(lits.sorted().size(), lits.size());
    PALUS_CHECK(lits.negated().negated() == lits);
}

// The clauses are over the solver's variables, and a model satisfies all of them.
PALUS_INVARIANT(minisat::Solver, solver) {
    for (int c = 0; c < solver.numClauses(); ++c) PALUS_CHECK(solver.clause(c).maxVar() <= solver.numVars());
    PALUS_ASSUME(solver.hasModel());
    const minisat::Model model = solver.model();
    PALUS_CHECK(model.numVars() <= solver.numVars());
    for (int c = 0; c < solver.numClauses(); ++c) PALUS_CHECK(model.satisfies(solver.clause(c)));
}

// A model assigns every one of its variables.
PALUS_INVARIANT(minisat::Model, model) {
    const minisat::LitVec lits = model.trueLits();
    PALUS_CHECK_EQ(lits.size(), model.numVars());
    for (int i = 0; i < lits.size(); ++i) PALUS_CHECK(model.isTrue(lits.at(i)));
}

// Variables a small solver has.
PALUS_PARAM_VALUES(minisat::Solver::modelValue, var, 1, 2, 3)
PALUS_PARAM_VALUES(minisat::Model::value, var, 1, 2, 3)

}  // namespace minisat_theories
