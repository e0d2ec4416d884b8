#include "lexer.hpp"

#include <cctype>
#include <utility>

#include "tinysql/error.hpp"

namespace tinysql::detail {

namespace {

bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool isWordStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

}  // namespace

Lexer::Lexer(std::string sql) : sql_(std::move(sql)) {}

std::vector<Token> Lexer::tokenize() {
    std::vector<Token> tokens;
    pos_ = 0;
    for (;;) {
        tokens.push_back(nextToken());
        if (tokens.back().kind == TokenKind::End) return tokens;
    }
}

Token Lexer::nextToken() {
    skipSpace();
    if (pos_ >= sql_.size()) return Token{TokenKind::End, "", pos_};
    const char c = sql_[pos_];
    if (isWordStart(c)) return word();
    if (isDigit(c)) return integer();
    if (c == '\'') return string();
    return symbol();
}

void Lexer::skipSpace() {
    while (pos_ < sql_.size() && std::isspace(static_cast<unsigned char>(sql_[pos_])) != 0) ++pos_;
}

Token Lexer::word() {
    const std::size_t start = pos_;
    while (pos_ < sql_.size() && isWordChar(sql_[pos_])) ++pos_;
    return Token{TokenKind::Word, sql_.substr(start, pos_ - start), start};
}

Token Lexer::integer() {
    const std::size_t start = pos_;
    while (pos_ < sql_.size() && isDigit(sql_[pos_])) ++pos_;
    if (pos_ < sql_.size() && isWordStart(sql_[pos_])) {
        throw SqlError("malformed number at position " + std::to_string(start));
    }
    return Token{TokenKind::Integer, sql_.substr(start, pos_ - start), start};
}

Token Lexer::string() {
    const std::size_t start = pos_;
    std::string text;
    ++pos_;  // opening quote
    for (;;) {
        if (pos_ >= sql_.size()) {
            throw SqlError("unterminated string literal at position " + std::to_string(start));
        }
        const char c = sql_[pos_++];
        if (c != '\'') {
            text += c;
        } else if (pos_ < sql_.size() && sql_[pos_] == '\'') {
            text += '\'';  // '' stands for one quote
            ++pos_;
        } else {
            return Token{TokenKind::String, text, start};
        }
    }
}

Token Lexer::symbol() {
    const std::size_t start = pos_;
    const char c = sql_[pos_++];
    const char following = pos_ < sql_.size() ? sql_[pos_] : '\0';
    if ((c == '<' && (following == '=' || following == '>')) ||
        (c == '>' && following == '=') || (c == '!' && following == '=')) {
        ++pos_;
        return Token{TokenKind::Symbol, std::string{c, following}, start};
    }
    switch (c) {
        case '(': case ')': case ',': case ';': case '*': case '=': case '<': case '>': case '-':
            return Token{TokenKind::Symbol, std::string(1, c), start};
        default:
            throw SqlError(std::string("unexpected character '") + c + "' at position " +
                           std::to_string(start));
    }
}

}  // namespace tinysql::detail
