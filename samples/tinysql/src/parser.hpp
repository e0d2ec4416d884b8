// tinysql internals: a recursive-descent parser for the SQL subset.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ast.hpp"
#include "lexer.hpp"

namespace tinysql::detail {

// Grammar (keywords in any case, an optional ';' at the end):
//   CREATE TABLE t ( col type {, col type} )        type: INT | INTEGER | TEXT | VARCHAR
//   DROP TABLE t
//   INSERT INTO t [( col {, col} )] VALUES ( lit {, lit} ) {, ( lit {, lit} )}
//   SELECT * | col {, col} FROM t [WHERE col op lit]
//   UPDATE t SET col = lit [WHERE col op lit]
//   DELETE FROM t [WHERE col op lit]
//   op: = != <> < <= > >=        lit: [-]digits | 'text' | NULL
class Parser {
public:
    explicit Parser(std::vector<Token> tokens);
    // Throws SqlError naming what was expected and where.
    Command parse();

private:
    Command createTable();
    Command dropTable();
    Command insert();
    Command select();
    Command update();
    Command deleteFrom();

    std::optional<Where> optionalWhere();
    std::vector<std::string> identifierList(const char* what);
    std::vector<Value> valueRow();
    Value literal();
    CompareOp compareOp();
    ColumnType columnType();
    std::string identifier(const char* what);

    const Token& peek() const;
    bool peekKeyword(const char* keyword) const;
    bool acceptKeyword(const char* keyword);
    void expectKeyword(const char* keyword);
    bool acceptSymbol(const char* symbol);
    void expectSymbol(const char* symbol);
    [[noreturn]] void fail(const std::string& expected) const;

    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
};

// Tokenizes and parses one statement.
Command parseSql(const std::string& sql);

}  // namespace tinysql::detail
