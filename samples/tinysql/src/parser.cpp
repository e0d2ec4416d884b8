#include "parser.hpp"

#include <cerrno>
#include <cstdlib>
#include <utility>

#include "text.hpp"
#include "tinysql/error.hpp"

namespace tinysql::detail {

namespace {

const char* const kReserved[] = {"create", "table", "drop",   "insert", "into", "values", "select",
                                 "from",   "where", "update", "set",    "delete", "null"};

bool isReserved(const std::string& word) {
    for (const char* reserved : kReserved) {
        if (equalsIgnoreCase(word, reserved)) return true;
    }
    return false;
}

std::string describe(const Token& token) {
    if (token.kind == TokenKind::End) return "end of input";
    if (token.kind == TokenKind::String) return "string '" + token.text + "'";
    return "'" + token.text + "'";
}

}  // namespace

Parser::Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {
    if (tokens_.empty() || tokens_.back().kind != TokenKind::End) {
        tokens_.push_back(Token{TokenKind::End, "", 0});
    }
}

Command Parser::parse() {
    Command command;
    if (acceptKeyword("create")) {
        command = createTable();
    } else if (acceptKeyword("drop")) {
        command = dropTable();
    } else if (acceptKeyword("insert")) {
        command = insert();
    } else if (acceptKeyword("select")) {
        command = select();
    } else if (acceptKeyword("update")) {
        command = update();
    } else if (acceptKeyword("delete")) {
        command = deleteFrom();
    } else {
        fail("CREATE, DROP, INSERT, SELECT, UPDATE or DELETE");
    }
    acceptSymbol(";");
    if (peek().kind != TokenKind::End) fail("end of statement");
    return command;
}

Command Parser::createTable() {
    expectKeyword("table");
    CreateTableStmt stmt;
    stmt.table = identifier("table name");
    expectSymbol("(");
    do {
        ColumnSpec column;
        column.name = identifier("column name");
        column.type = columnType();
        stmt.columns.push_back(std::move(column));
    } while (acceptSymbol(","));
    expectSymbol(")");
    return stmt;
}

Command Parser::dropTable() {
    expectKeyword("table");
    return DropTableStmt{identifier("table name")};
}

Command Parser::insert() {
    expectKeyword("into");
    InsertStmt stmt;
    stmt.table = identifier("table name");
    if (acceptSymbol("(")) {
        stmt.columns = identifierList("column name");
        expectSymbol(")");
    }
    expectKeyword("values");
    do {
        stmt.rows.push_back(valueRow());
    } while (acceptSymbol(","));
    return stmt;
}

Command Parser::select() {
    SelectStmt stmt;
    if (!acceptSymbol("*")) stmt.columns = identifierList("column name or *");
    expectKeyword("from");
    stmt.table = identifier("table name");
    stmt.where = optionalWhere();
    return stmt;
}

Command Parser::update() {
    UpdateStmt stmt;
    stmt.table = identifier("table name");
    expectKeyword("set");
    stmt.column = identifier("column name");
    expectSymbol("=");
    stmt.value = literal();
    stmt.where = optionalWhere();
    return stmt;
}

Command Parser::deleteFrom() {
    expectKeyword("from");
    DeleteStmt stmt;
    stmt.table = identifier("table name");
    stmt.where = optionalWhere();
    return stmt;
}

std::optional<Where> Parser::optionalWhere() {
    if (!acceptKeyword("where")) return std::nullopt;
    Where where;
    where.column = identifier("column name");
    where.op = compareOp();
    where.literal = literal();
    return where;
}

std::vector<std::string> Parser::identifierList(const char* what) {
    std::vector<std::string> names;
    do {
        names.push_back(identifier(what));
    } while (acceptSymbol(","));
    return names;
}

std::vector<Value> Parser::valueRow() {
    expectSymbol("(");
    std::vector<Value> row;
    do {
        row.push_back(literal());
    } while (acceptSymbol(","));
    expectSymbol(")");
    return row;
}

Value Parser::literal() {
    if (acceptKeyword("null")) return Value();
    if (peek().kind == TokenKind::String) return Value(tokens_[pos_++].text);
    const bool negative = acceptSymbol("-");
    if (peek().kind != TokenKind::Integer) fail(negative ? "a number" : "a literal");
    const std::string digits = (negative ? "-" : "") + tokens_[pos_].text;
    errno = 0;
    char* end = nullptr;
    const long number = std::strtol(digits.c_str(), &end, 10);
    if (errno == ERANGE || end != digits.c_str() + digits.size()) {
        throw SqlError("integer literal " + digits + " out of range at position " +
                       std::to_string(peek().position));
    }
    ++pos_;
    return Value(number);
}

CompareOp Parser::compareOp() {
    const Token& token = peek();
    if (token.kind == TokenKind::Symbol) {
        const std::string& s = token.text;
        CompareOp op = CompareOp::Eq;
        bool known = true;
        if (s == "=") op = CompareOp::Eq;
        else if (s == "!=" || s == "<>") op = CompareOp::Ne;
        else if (s == "<") op = CompareOp::Lt;
        else if (s == "<=") op = CompareOp::Le;
        else if (s == ">") op = CompareOp::Gt;
        else if (s == ">=") op = CompareOp::Ge;
        else known = false;
        if (known) {
            ++pos_;
            return op;
        }
    }
    fail("a comparison (= != <> < <= > >=)");
}

ColumnType Parser::columnType() {
    if (acceptKeyword("int") || acceptKeyword("integer")) return ColumnType::Int;
    if (acceptKeyword("text") || acceptKeyword("varchar")) return ColumnType::Text;
    fail("a column type (INT or TEXT)");
}

std::string Parser::identifier(const char* what) {
    const Token& token = peek();
    if (token.kind != TokenKind::Word || isReserved(token.text)) fail(what);
    ++pos_;
    return token.text;
}

const Token& Parser::peek() const {
    return tokens_[pos_];
}

bool Parser::peekKeyword(const char* keyword) const {
    return peek().kind == TokenKind::Word && equalsIgnoreCase(peek().text, keyword);
}

bool Parser::acceptKeyword(const char* keyword) {
    if (!peekKeyword(keyword)) return false;
    ++pos_;
    return true;
}

void Parser::expectKeyword(const char* keyword) {
    if (!acceptKeyword(keyword)) fail(toUpper(keyword));
}

bool Parser::acceptSymbol(const char* symbol) {
    if (peek().kind != TokenKind::Symbol || peek().text != symbol) return false;
    ++pos_;
    return true;
}

void Parser::expectSymbol(const char* symbol) {
    if (!acceptSymbol(symbol)) fail(std::string("'") + symbol + "'");
}

void Parser::fail(const std::string& expected) const {
    throw SqlError("syntax error: expected " + expected + " but found " + describe(peek()) +
                   " at position " + std::to_string(peek().position));
}

Command parseSql(const std::string& sql) {
    return Parser(Lexer(sql).tokenize()).parse();
}

}  // namespace tinysql::detail
