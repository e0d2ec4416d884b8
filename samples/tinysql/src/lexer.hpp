// tinysql internals: splits SQL text into tokens.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tinysql::detail {

enum class TokenKind { Word, Integer, String, Symbol, End };

struct Token {
    TokenKind kind;
    std::string text;      // a word as written, the digits, the unquoted string, or the symbol
    std::size_t position;  // 0-based offset into the SQL text
};

// Words are [A-Za-z_][A-Za-z0-9_]*; integers are digit runs (the sign is the parser's);
// strings are single-quoted with '' for a quote; symbols are ( ) , ; * = != <> < <= > >= -.
// The token list always ends with one End token. Throws SqlError on anything else.
class Lexer {
public:
    explicit Lexer(std::string sql);
    std::vector<Token> tokenize();

private:
    Token nextToken();
    void skipSpace();
    Token word();
    Token integer();
    Token string();
    Token symbol();

    std::string sql_;
    std::size_t pos_ = 0;
};

}  // namespace tinysql::detail
