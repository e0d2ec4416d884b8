// minisat: reading formulas in DIMACS CNF.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "minisat/lit_vec.hpp"

namespace minisat {

class Solver;

// Thrown by DimacsReader::parse for malformed input; line() is the 1-based line.
class ParseError : public std::runtime_error {
public:
    ParseError(const std::string& message, int line);
    int line() const noexcept;

private:
    int line_;
};

// Reads "p cnf V C" followed by C clauses, each a list of literals ended by 0 (clauses may span
// lines), over the variables 1..V. Lines starting with 'c' are comments; a line "%" ends the
// input. In strict mode (the default) the number of clauses must be C.
class DimacsReader {
public:
    DimacsReader() = default;

    void setStrict(bool strict) noexcept;
    bool strict() const noexcept;

    // Replaces the reader's formula by the one in `text`; on ParseError the reader is empty.
    void parse(const std::string& text);
    bool parsed() const noexcept;
    int numVars() const noexcept;
    int numClauses() const noexcept;
    // Clause number `index` (from 0); std::logic_error before a successful parse,
    // std::out_of_range past the last clause.
    LitVec clause(int index) const;
    // Creates variables in `solver` up to numVars() and adds every clause; returns the
    // solver's okay().
    bool loadInto(Solver& solver) const;
    // The formula in DIMACS: header and one clause per line.
    std::string toDimacs() const;

private:
    bool strict_ = true;
    bool parsed_ = false;
    int numVars_ = 0;
    std::vector<int> lits_;    // every clause's literals, one after the other
    std::vector<int> starts_;  // where each clause starts in lits_, then lits_.size()
};

}  // namespace minisat
