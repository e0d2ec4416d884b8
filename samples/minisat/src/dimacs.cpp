#include "minisat/dimacs.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

#include "minisat/solver.hpp"

namespace minisat {

ParseError::ParseError(const std::string& message, int line)
    : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line) {}

int ParseError::line() const noexcept {
    return line_;
}

namespace {

// A cursor over the text that knows its line.
class Scanner {
public:
    explicit Scanner(const std::string& text) : text_(text) {}

    bool atEnd() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }
    int line() const { return line_; }

    void skipBlanks() {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) ++pos_;
    }
    void skipLine() {
        while (!atEnd() && peek() != '\n') ++pos_;
        nextLine();
    }
    void nextLine() {
        if (!atEnd()) {
            ++pos_;
            ++line_;
        }
    }
    bool atEndOfLine() {
        skipBlanks();
        return atEnd() || peek() == '\n';
    }
    // The next word on this line; "" at the end of the line.
    std::string word() {
        skipBlanks();
        const std::size_t begin = pos_;
        while (!atEnd() && peek() != ' ' && peek() != '\t' && peek() != '\r' && peek() != '\n') ++pos_;
        return text_.substr(begin, pos_ - begin);
    }

    [[noreturn]] void fail(const std::string& message) const { throw ParseError(message, line_); }

    // A decimal number with an optional '-', at most kMaxVar in magnitude.
    int number(const std::string& word, const char* what) const {
        std::size_t i = word.size() > 1 && word[0] == '-' ? 1 : 0;
        if (i == word.size()) fail(std::string("expected ") + what + ", found '" + word + "'");
        long value = 0;
        for (; i < word.size(); ++i) {
            if (word[i] < '0' || word[i] > '9') fail(std::string("expected ") + what + ", found '" + word + "'");
            value = value * 10 + (word[i] - '0');
            if (value > kMaxVar) fail(std::string(what) + " too large: " + word);
        }
        return static_cast<int>(word[0] == '-' ? -value : value);
    }

private:
    const std::string& text_;
    std::size_t pos_ = 0;
    int line_ = 1;
};

}  // namespace

void DimacsReader::setStrict(bool strict) noexcept {
    strict_ = strict;
}

bool DimacsReader::strict() const noexcept {
    return strict_;
}

void DimacsReader::parse(const std::string& text) {
    parsed_ = false;
    numVars_ = 0;
    lits_.clear();
    starts_.clear();

    Scanner in(text);
    int vars = -1;
    int declared = 0;
    std::vector<int> lits;
    std::vector<int> starts;
    int clauseStart = 0;
    while (!in.atEnd()) {
        if (in.atEndOfLine()) {
            in.nextLine();
            continue;
        }
        const char first = in.peek();
        if (first == 'c') {
            in.skipLine();
            continue;
        }
        if (first == '%') break;
        if (first == 'p') {
            if (vars >= 0) in.fail("a second 'p' line");
            if (in.word() != "p" || in.word() != "cnf") in.fail("expected 'p cnf <variables> <clauses>'");
            vars = in.number(in.word(), "the number of variables");
            declared = in.number(in.word(), "the number of clauses");
            if (vars < 0 || declared < 0) in.fail("negative count in the 'p' line");
            if (!in.atEndOfLine()) in.fail("unexpected text after the 'p' line");
            in.nextLine();
            continue;
        }
        if (vars < 0) in.fail("clause before the 'p cnf' line");
        while (!in.atEndOfLine()) {
            const int lit = in.number(in.word(), "a literal");
            if (lit == 0) {
                starts.push_back(clauseStart);
                clauseStart = static_cast<int>(lits.size());
            } else {
                if (lit > vars || -lit > vars)
                    in.fail("literal " + std::to_string(lit) + " names no variable of 1.." + std::to_string(vars));
                lits.push_back(lit);
            }
        }
        in.nextLine();
    }
    if (vars < 0) in.fail("no 'p cnf' line");
    if (clauseStart != static_cast<int>(lits.size())) in.fail("the last clause does not end with 0");
    if (strict_ && static_cast<int>(starts.size()) != declared)
        in.fail(std::to_string(starts.size()) + " clauses, the 'p' line says " + std::to_string(declared));

    starts.push_back(static_cast<int>(lits.size()));
    lits_ = std::move(lits);
    starts_ = std::move(starts);
    numVars_ = vars;
    parsed_ = true;
}

bool DimacsReader::parsed() const noexcept {
    return parsed_;
}

int DimacsReader::numVars() const noexcept {
    return numVars_;
}

int DimacsReader::numClauses() const noexcept {
    return parsed_ ? static_cast<int>(starts_.size()) - 1 : 0;
}

LitVec DimacsReader::clause(int index) const {
    if (!parsed_) throw std::logic_error("DimacsReader::clause: nothing parsed");
    // Known bug B6 (BUGS.md): the upper bound is checked, a negative index is not.
    if (index >= numClauses())
        throw std::out_of_range("DimacsReader::clause: no clause " + std::to_string(index) + " of " +
                                std::to_string(numClauses()));
    LitVec result;
    for (int k = starts_[static_cast<std::size_t>(index)]; k < starts_[static_cast<std::size_t>(index) + 1]; ++k)
        result.push(lits_[static_cast<std::size_t>(k)]);
    return result;
}

bool DimacsReader::loadInto(Solver& solver) const {
    if (!parsed_) throw std::logic_error("DimacsReader::loadInto: nothing parsed");
    while (solver.numVars() < numVars_) solver.newVar();
    for (std::size_t c = 0; c + 1 < starts_.size(); ++c) {
        LitVec lits;
        for (int k = starts_[c]; k < starts_[c + 1]; ++k) lits.push(lits_[static_cast<std::size_t>(k)]);
        solver.addClause(lits);
    }
    return solver.okay();
}

std::string DimacsReader::toDimacs() const {
    std::string text = "p cnf " + std::to_string(numVars_) + " " + std::to_string(numClauses()) + "\n";
    for (std::size_t c = 0; c + 1 < starts_.size(); ++c) {
        for (int k = starts_[c]; k < starts_[c + 1]; ++k) text += std::to_string(lits_[static_cast<std::size_t>(k)]) + " ";
        text += "0\n";
    }
    return text;
}

}  // namespace minisat
