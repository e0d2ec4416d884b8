#include "minisat/solver.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace minisat {

namespace detail {

// A clause the solver keeps: the two watched literals are lits[0] and lits[1]; when the clause
// is the reason of an assignment, lits[0] is the literal it implied.
struct ClauseData {
    std::vector<int> lits;
    bool learnt;
};

}  // namespace detail

using detail::ClauseData;

namespace {

int var(int lit) {
    return lit > 0 ? lit : -lit;
}

// Index into the watch lists: watches_[litIndex(p)] holds the clauses watching -p, which must
// be visited when p becomes true.
std::size_t litIndex(int lit) {
    return static_cast<std::size_t>(2 * var(lit) + (lit < 0 ? 1 : 0));
}

}  // namespace

Solver::Solver() {
    // Variable 0 does not exist; its slots keep the by-variable vectors 1-based.
    assigns_.push_back(LBool::Undef);
    level_.push_back(0);
    reason_.push_back(nullptr);
    phase_.push_back(false);
    seen_.push_back(0);
    watches_.resize(2);
}

Solver::~Solver() {
    for (ClauseData* c : clauses_) delete c;
    for (ClauseData* c : learnts_) delete c;
}

int Solver::newVar() {
    if (numVars() >= kMaxVar) throw std::length_error("Solver::newVar: too many variables");
    assigns_.push_back(LBool::Undef);
    level_.push_back(0);
    reason_.push_back(nullptr);
    phase_.push_back(false);
    seen_.push_back(0);
    watches_.emplace_back();
    watches_.emplace_back();
    return numVars();
}

int Solver::numVars() const noexcept {
    return static_cast<int>(assigns_.size()) - 1;
}

int Solver::numClauses() const noexcept {
    return static_cast<int>(original_.size());
}

LitVec Solver::clause(int index) const {
    if (index < 0 || index >= numClauses())
        throw std::out_of_range("Solver::clause: no clause " + std::to_string(index));
    return original_[static_cast<std::size_t>(index)];
}

int Solver::numLearnts() const noexcept {
    return static_cast<int>(learnts_.size());
}

LBool Solver::value(int lit) const noexcept {
    const LBool assigned = assigns_[static_cast<std::size_t>(var(lit))];
    if (assigned == LBool::Undef) return LBool::Undef;
    return (assigned == LBool::True) == (lit > 0) ? LBool::True : LBool::False;
}

int Solver::decisionLevel() const noexcept {
    return static_cast<int>(trailLim_.size());
}

void Solver::requireLevel0(const char* operation) const {
    if (decisionLevel() != 0)
        throw std::logic_error(std::string(operation) + ": the solver is in the middle of a search");
}

void Solver::checkVars(const LitVec& lits, const char* operation) const {
    for (int i = 0; i < lits.size(); ++i)
        if (var(lits.at(i)) > numVars())
            throw std::invalid_argument(std::string(operation) + ": variable " + std::to_string(var(lits.at(i))) +
                                        " does not exist (" + std::to_string(numVars()) + " variables)");
}

void Solver::enqueue(int lit, ClauseData* reason) {
    const std::size_t v = static_cast<std::size_t>(var(lit));
    assigns_[v] = lit > 0 ? LBool::True : LBool::False;
    level_[v] = decisionLevel();
    reason_[v] = reason;
    trail_.push_back(lit);
}

void Solver::attach(ClauseData* clause) {
    watches_[litIndex(-clause->lits[0])].push_back(clause);
    watches_[litIndex(-clause->lits[1])].push_back(clause);
}

void Solver::detach(ClauseData* clause) {
    for (int k = 0; k < 2; ++k) {
        std::vector<ClauseData*>& ws = watches_[litIndex(-clause->lits[static_cast<std::size_t>(k)])];
        const auto found = std::find(ws.begin(), ws.end(), clause);
        if (found != ws.end()) ws.erase(found);
    }
}

bool Solver::satisfied(const ClauseData& clause) const {
    for (int lit : clause.lits)
        if (value(lit) == LBool::True) return true;
    return false;
}

void Solver::removeSatisfied(std::vector<ClauseData*>& clauses) {
    std::size_t kept = 0;
    for (ClauseData* c : clauses) {
        if (satisfied(*c)) {
            detach(c);
            delete c;
        } else {
            clauses[kept++] = c;
        }
    }
    clauses.resize(kept);
}

bool Solver::addClause(const LitVec& lits) {
    return addClause_(lits);
}

bool Solver::addClause(const Clause& clause) {
    return addClause_(clause.lits());
}

bool Solver::addClause_(const LitVec& lits) {
    requireLevel0("addClause");
    checkVars(lits, "addClause");
    original_.push_back(lits);
    hasModel_ = false;
    model_.clear();
    if (!ok_) return false;

    // Simplify against the literals fixed at level 0.
    std::vector<int> ps;
    for (int i = 0; i < lits.size(); ++i) {
        const int lit = lits.at(i);
        const LBool val = value(lit);
        if (val == LBool::True || std::find(ps.begin(), ps.end(), -lit) != ps.end()) return true;
        if (val == LBool::False || std::find(ps.begin(), ps.end(), lit) != ps.end()) continue;
        ps.push_back(lit);
    }
    if (ps.empty()) {
        ok_ = false;
        return false;
    }
    if (ps.size() == 1) {
        enqueue(ps[0], nullptr);
        ok_ = propagate() == nullptr;
        return ok_;
    }
    ClauseData* c = new ClauseData{ps, false};
    clauses_.push_back(c);
    attach(c);
    return true;
}

bool Solver::okay() const noexcept {
    return ok_;
}

bool Solver::simplify() noexcept {
    // Known bug B1 (BUGS.md): throws std::logic_error when solve(assumptions) left the solver
    // above level 0, and the exception cannot leave this noexcept function.
    requireLevel0("simplify");
    if (!ok_ || propagate() != nullptr) {
        ok_ = false;
        return false;
    }
    removeSatisfied(clauses_);
    removeSatisfied(learnts_);
    for (int lit : trail_) reason_[static_cast<std::size_t>(var(lit))] = nullptr;  // reasons may be gone
    return true;
}

ClauseData* Solver::propagate() {
    ClauseData* conflict = nullptr;
    while (qhead_ < trail_.size()) {
        const int p = trail_[qhead_++];
        const int falseLit = -p;
        std::vector<ClauseData*>& ws = watches_[litIndex(p)];
        ++propagations_;
        std::size_t i = 0;
        std::size_t j = 0;
        while (i < ws.size()) {
            ClauseData* c = ws[i++];
            std::vector<int>& lits = c->lits;
            if (lits[0] == falseLit) std::swap(lits[0], lits[1]);
            if (value(lits[0]) == LBool::True) {
                ws[j++] = c;
                continue;
            }
            bool moved = false;
            for (std::size_t k = 2; k < lits.size(); ++k) {
                if (value(lits[k]) != LBool::False) {
                    std::swap(lits[1], lits[k]);
                    watches_[litIndex(-lits[1])].push_back(c);
                    moved = true;
                    break;
                }
            }
            if (moved) continue;
            ws[j++] = c;
            if (value(lits[0]) == LBool::False) {
                conflict = c;
                qhead_ = trail_.size();
                while (i < ws.size()) ws[j++] = ws[i++];
            } else {
                enqueue(lits[0], c);
            }
        }
        ws.resize(j);
    }
    return conflict;
}

// First-UIP conflict analysis: `learnt` is the asserting clause (learnt[0] the literal it
// asserts, learnt[1] one of the highest level among the rest), `backtrackLevel` where it asserts.
void Solver::analyze(ClauseData* conflict, std::vector<int>& learnt, int& backtrackLevel) {
    learnt.assign(1, 0);
    int pathCount = 0;
    int p = 0;
    int index = static_cast<int>(trail_.size()) - 1;
    do {
        const std::vector<int>& lits = conflict->lits;
        for (std::size_t j = p == 0 ? 0 : 1; j < lits.size(); ++j) {
            const std::size_t v = static_cast<std::size_t>(var(lits[j]));
            if (!seen_[v] && level_[v] > 0) {
                seen_[v] = 1;
                if (level_[v] >= decisionLevel()) {
                    ++pathCount;
                } else {
                    learnt.push_back(lits[j]);
                }
            }
        }
        while (!seen_[static_cast<std::size_t>(var(trail_[static_cast<std::size_t>(index--)]))]) {
        }
        p = trail_[static_cast<std::size_t>(index + 1)];
        conflict = reason_[static_cast<std::size_t>(var(p))];
        seen_[static_cast<std::size_t>(var(p))] = 0;
        --pathCount;
    } while (pathCount > 0);
    learnt[0] = -p;

    backtrackLevel = 0;
    if (learnt.size() > 1) {
        std::size_t highest = 1;
        for (std::size_t i = 2; i < learnt.size(); ++i)
            if (level_[static_cast<std::size_t>(var(learnt[i]))] > level_[static_cast<std::size_t>(var(learnt[highest]))])
                highest = i;
        std::swap(learnt[1], learnt[highest]);
        backtrackLevel = level_[static_cast<std::size_t>(var(learnt[1]))];
    }
    for (int lit : learnt) seen_[static_cast<std::size_t>(var(lit))] = 0;
}

// The assumption `lit` is false: conflict_ gets it and the assumptions that forced it.
void Solver::analyzeFinal(int lit) {
    conflict_.clear();
    conflict_.push(lit);
    if (decisionLevel() == 0) return;
    seen_[static_cast<std::size_t>(var(lit))] = 1;
    for (int i = static_cast<int>(trail_.size()) - 1; i >= trailLim_[0]; --i) {
        const int assigned = trail_[static_cast<std::size_t>(i)];
        const std::size_t x = static_cast<std::size_t>(var(assigned));
        if (!seen_[x]) continue;
        if (reason_[x] == nullptr) {
            conflict_.push(assigned);  // a decision, so an assumption
        } else {
            const std::vector<int>& lits = reason_[x]->lits;
            for (std::size_t j = 1; j < lits.size(); ++j)
                if (level_[static_cast<std::size_t>(var(lits[j]))] > 0) seen_[static_cast<std::size_t>(var(lits[j]))] = 1;
        }
        seen_[x] = 0;
    }
    seen_[static_cast<std::size_t>(var(lit))] = 0;
}

void Solver::cancelUntil(int level) {
    if (decisionLevel() <= level) return;
    const int start = trailLim_[static_cast<std::size_t>(level)];
    for (int c = static_cast<int>(trail_.size()) - 1; c >= start; --c) {
        const int lit = trail_[static_cast<std::size_t>(c)];
        const std::size_t v = static_cast<std::size_t>(var(lit));
        assigns_[v] = LBool::Undef;
        reason_[v] = nullptr;
        phase_[v] = lit > 0;
    }
    qhead_ = static_cast<std::size_t>(start);
    trail_.resize(static_cast<std::size_t>(start));
    trailLim_.resize(static_cast<std::size_t>(level));
}

// The next unassigned variable, scanning round-robin from the last decision; 0 when all are
// assigned.
int Solver::pickBranchVar() {
    const int n = numVars();
    if (n == 0) return 0;
    int v = nextVar_;
    do {
        if (v >= 1 && assigns_[static_cast<std::size_t>(v)] == LBool::Undef) {
            nextVar_ = v;
            return v;
        }
        v = v % n + 1;
    } while (v != nextVar_);
    return 0;
}

LBool Solver::search(long conflictLimit) {
    long conflictsHere = 0;
    std::vector<int> learnt;
    for (;;) {
        ClauseData* conflict = propagate();
        if (conflict != nullptr) {
            ++conflicts_;
            ++conflictsHere;
            if (decisionLevel() == 0) return LBool::False;
            int backtrackLevel = 0;
            analyze(conflict, learnt, backtrackLevel);
            cancelUntil(backtrackLevel);
            if (learnt.size() == 1) {
                enqueue(learnt[0], nullptr);
            } else {
                ClauseData* c = new ClauseData{learnt, true};
                learnts_.push_back(c);
                attach(c);
                enqueue(learnt[0], c);
            }
            continue;
        }
        if (conflictsHere >= conflictLimit) {  // restart
            cancelUntil(0);
            return LBool::Undef;
        }
        int next = 0;
        while (decisionLevel() < static_cast<int>(assumptions_.size())) {
            const int p = assumptions_[static_cast<std::size_t>(decisionLevel())];
            const LBool val = value(p);
            if (val == LBool::True) {
                trailLim_.push_back(static_cast<int>(trail_.size()));  // an empty level keeps the count
            } else if (val == LBool::False) {
                analyzeFinal(p);
                return LBool::False;
            } else {
                next = p;
                break;
            }
        }
        if (next == 0) {
            const int v = pickBranchVar();
            if (v == 0) return LBool::True;
            next = phase_[static_cast<std::size_t>(v)] ? v : -v;
        }
        ++decisions_;
        trailLim_.push_back(static_cast<int>(trail_.size()));
        enqueue(next, nullptr);
    }
}

bool Solver::solve() {
    return solve_(LitVec());
}

bool Solver::solve(const LitVec& assumptions) {
    return solve_(assumptions);
}

bool Solver::solve_(const LitVec& assumptions) {
    checkVars(assumptions, "solve");
    cancelUntil(0);
    hasModel_ = false;
    model_.clear();
    conflict_.clear();
    if (!ok_) return false;

    assumptions_.clear();
    for (int i = 0; i < assumptions.size(); ++i) assumptions_.push_back(assumptions.at(i));
    LBool status = LBool::Undef;
    double limit = 100;
    while (status == LBool::Undef) {
        status = search(static_cast<long>(limit));
        if (limit < 1e9) limit *= 1.5;
    }
    assumptions_.clear();

    if (status == LBool::True) {
        model_.assign(assigns_.begin() + 1, assigns_.end());
        hasModel_ = true;
    } else if (conflict_.empty()) {
        ok_ = false;  // unsatisfiable without the assumptions' help
    } else {
        // Known bug B1 (BUGS.md): the assumptions failed; returns before cancelUntil(0), so the
        // solver stays at the level where the failed assumption was found.
        return false;
    }
    cancelUntil(0);
    return status == LBool::True;
}

bool Solver::hasModel() const noexcept {
    return hasModel_;
}

LBool Solver::modelValue(int var) const {
    if (!hasModel_) throw std::logic_error("Solver::modelValue: no model");
    if (var < 1 || var > static_cast<int>(model_.size()))
        throw std::out_of_range("Solver::modelValue: no variable " + std::to_string(var) + " in the model");
    return model_[static_cast<std::size_t>(var - 1)];
}

Model Solver::model() const {
    if (!hasModel_) throw std::logic_error("Solver::model: no model");
    return Model(model_);
}

LitVec Solver::conflict() const {
    return conflict_;
}

void Solver::reset() {
    // Known bug B5 (BUGS.md): cancelUntil(0) undoes the decisions only; the literals fixed at
    // level 0 by the old formula (unit clauses, learnt units) stay on the trail and assigned.
    cancelUntil(0);
    for (ClauseData* c : clauses_) delete c;
    for (ClauseData* c : learnts_) delete c;
    clauses_.clear();
    learnts_.clear();
    original_.clear();
    // Known bug B2 (BUGS.md): variables run from 1 to numVars(); the watch lists of the last
    // variable keep pointers to the clauses just deleted.
    for (int v = 1; v < numVars(); ++v) {
        watches_[litIndex(v)].clear();
        watches_[litIndex(-v)].clear();
    }
    std::fill(reason_.begin(), reason_.end(), nullptr);
    assumptions_.clear();
    conflict_.clear();
    model_.clear();
    hasModel_ = false;
    ok_ = true;
    // Known bug B3 (BUGS.md): 0 is not a variable; pickBranchVar's scan never comes back to it.
    nextVar_ = 0;
    conflicts_ = decisions_ = propagations_ = 0;
}

long Solver::numConflicts() const noexcept {
    return conflicts_;
}

long Solver::numDecisions() const noexcept {
    return decisions_;
}

long Solver::numPropagations() const noexcept {
    return propagations_;
}

}  // namespace minisat
