// minisat sample: a correct use of the library. Reads a small formula in DIMACS and solves it,
// then builds another one from clauses of each shape and asks it questions under assumptions.
// It is the sample execution palus records its call-sequence models from.
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "minisat/minisat.hpp"

namespace {

// Four talks and two slots: variable t is true when talk t is in the morning; variable 5 is
// true when the large room is free in the morning.
const char* const kTalks =
    "c talks: 1..4, true = morning; 5: large room free in the morning\n"
    "p cnf 5 7\n"
    "1 0\n"            // the keynote is in the morning
    "-1 -2 0\n"        // talks 1 and 2 share a speaker
    "2 3 -4 0\n"
    "-3 4 5 0\n"
    "1 3 4 0\n"
    "-4 -5 0\n"
    "3 5 0\n";         // talk 3 in the morning, or the large room is free then

const char* slot(minisat::LBool value) {
    return value == minisat::LBool::True ? "morning" : value == minisat::LBool::False ? "afternoon" : "?";
}

// Reads the talks formula and prints a schedule.
bool schedule() {
    minisat::DimacsReader reader;
    reader.parse(kTalks);
    minisat::Solver solver;
    if (!reader.loadInto(solver)) return false;
    std::cout << "read " << reader.numClauses() << " clauses over " << reader.numVars() << " variables, the first "
              << reader.clause(0) << "\n";

    if (!solver.solve()) return false;
    const minisat::Model model = solver.model();
    std::cout << model << "\n";
    for (int talk = 1; talk <= 4; ++talk) std::cout << "  talk " << talk << ": " << slot(model.value(talk)) << "\n";
    solver.reset();  // done with this formula
    std::cout << "after reset: " << solver.numClauses() << " clauses\n";
    return true;
}

// Three tasks a, b, c (variables 1..3, true = done today) and a helper (4).
bool plan() {
    minisat::Solver planner;
    const int a = planner.newVar();
    const int b = planner.newVar();
    const int c = planner.newVar();
    const int helper = planner.newVar();

    minisat::LitVec lits;
    lits.push(a);
    lits.push(b);
    const minisat::BinaryClause aOrB(lits);  // a or b today
    lits.clear();
    lits.push(-a);
    lits.push(c);
    lits.push(helper);
    const minisat::LongClause needs(lits);   // a needs c or the helper
    lits.clear();
    lits.push(-helper);
    const minisat::UnitClause noHelper(lits);
    lits.clear();
    lits.push(-b);
    lits.push(-c);
    lits.push(-b);
    const std::unique_ptr<minisat::Clause> notBoth = minisat::makeClause(lits);  // repeated -b dropped
    std::cout << "clauses: " << aOrB << ", " << needs << " (horn " << needs.isHorn() << "), " << noHelper
              << ", " << *notBoth << "\n";
    planner.addClause(aOrB);
    planner.addClause(needs);
    planner.addClause(noHelper);
    planner.addClause(*notBoth);
    if (!planner.simplify()) return false;

    minisat::LitVec withHelper;
    withHelper.push(helper);
    withHelper.push(c);
    if (planner.solve(withHelper)) return false;  // the helper is away
    std::cout << "with " << withHelper << ": no, because of " << planner.conflict() << "\n";

    minisat::LitVec cToday;
    cToday.push(c);
    if (!planner.solve(cToday)) return false;
    std::cout << "with " << cToday << ": a " << slot(planner.modelValue(a)) << ", " << planner.model().trueLits()
              << "\n";
    return planner.numClauses() == 4;
}

}  // namespace

int main() {
    try {
        if (schedule() && plan()) return 0;
        std::cerr << "unexpected answer\n";
    } catch (const minisat::ParseError& error) {
        std::cerr << "bad formula: " << error.what() << "\n";
    } catch (const std::exception& error) {
        std::cerr << "failed: " << error.what() << "\n";
    }
    return EXIT_FAILURE;
}
