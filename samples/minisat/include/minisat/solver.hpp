// minisat: a CDCL SAT solver (watched literals, first-UIP learning, restarts, assumptions),
// shaped like the constrained parts of SAT4J's ISolver.
#pragma once

#include <cstddef>
#include <vector>

#include "minisat/clause.hpp"
#include "minisat/lit_vec.hpp"
#include "minisat/model.hpp"

namespace minisat {

namespace detail {
struct ClauseData;
}

class Solver {
public:
    Solver();
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // Creates the next variable and returns its number (1, 2, ...).
    int newVar();
    int numVars() const noexcept;
    // The clauses added since construction or the last reset(), as given.
    int numClauses() const noexcept;
    // The clause added as number `index` (from 0); throws std::out_of_range.
    LitVec clause(int index) const;
    int numLearnts() const noexcept;

    // Adds a clause over the variables created so far (std::invalid_argument otherwise) and
    // forgets the model. Returns false when the formula is now known to be unsatisfiable. Must
    // not be called during a search (std::logic_error).
    bool addClause(const LitVec& lits);
    bool addClause(const Clause& clause);
    // False once the formula is known to be unsatisfiable.
    bool okay() const noexcept;
    // Removes the clauses satisfied by the literals fixed so far; returns okay().
    bool simplify() noexcept;

    // Searches for a model of the formula; true when one is found.
    bool solve();
    // The same under the assumptions (literals taken as true for this call only). When it
    // returns false and okay() is still true, conflict() holds the assumptions responsible.
    bool solve(const LitVec& assumptions);
    bool hasModel() const noexcept;
    // The value of `var` in the model; std::logic_error without a model, std::out_of_range
    // for a variable not in it.
    LBool modelValue(int var) const;
    // The model; std::logic_error without one.
    Model model() const;
    // After solve(assumptions) returned false with okay(): a subset of the assumptions that
    // cannot all hold. Empty otherwise.
    LitVec conflict() const;

    // Removes every clause and learnt clause, forgets the model and every assignment; the
    // variables remain. A new formula can then be added over them.
    void reset();

    long numConflicts() const noexcept;
    long numDecisions() const noexcept;
    long numPropagations() const noexcept;

private:
    bool addClause_(const LitVec& lits);
    bool solve_(const LitVec& assumptions);
    LBool value(int lit) const noexcept;
    int decisionLevel() const noexcept;
    void requireLevel0(const char* operation) const;
    void checkVars(const LitVec& lits, const char* operation) const;
    void enqueue(int lit, detail::ClauseData* reason);
    void attach(detail::ClauseData* clause);
    void detach(detail::ClauseData* clause);
    bool satisfied(const detail::ClauseData& clause) const;
    void removeSatisfied(std::vector<detail::ClauseData*>& clauses);
    detail::ClauseData* propagate();
    void analyze(detail::ClauseData* conflict, std::vector<int>& learnt, int& backtrackLevel);
    void analyzeFinal(int lit);
    void cancelUntil(int level);
    int pickBranchVar();
    LBool search(long conflictLimit);

    std::vector<LBool> assigns_;                // by variable (index 0 unused)
    std::vector<int> level_;                    // by variable
    std::vector<detail::ClauseData*> reason_;   // by variable
    std::vector<bool> phase_;                   // saved phase, by variable
    std::vector<char> seen_;                    // by variable
    std::vector<std::vector<detail::ClauseData*>> watches_;  // by literal index
    std::vector<int> trail_;
    std::vector<int> trailLim_;
    std::size_t qhead_ = 0;
    std::vector<detail::ClauseData*> clauses_;
    std::vector<detail::ClauseData*> learnts_;
    std::vector<LitVec> original_;
    std::vector<int> assumptions_;
    LitVec conflict_;
    std::vector<LBool> model_;
    bool hasModel_ = false;
    bool ok_ = true;
    int nextVar_ = 1;                           // where the decision scan starts
    long conflicts_ = 0;
    long decisions_ = 0;
    long propagations_ = 0;
};

}  // namespace minisat
