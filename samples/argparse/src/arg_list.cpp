#include "argparse/arg_list.hpp"

#include <ostream>

#include "argparse/error.hpp"
#include "text.hpp"

namespace argparse {
namespace {

bool needsQuotes(const std::string& token) {
    if (token.empty()) return true;
    for (char c : token)
        if (detail::isSpace(c) || c == '\'' || c == '"' || c == '\\') return true;
    return false;
}

// 'it'\''s': single quotes keep everything but a single quote, which is written as \'.
std::string quoted(const std::string& token) {
    std::string out = "'";
    for (char c : token) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

}  // namespace

ArgList::ArgList() = default;

ArgList ArgList::split(const std::string& commandLine) {
    ArgList args;
    std::string token;
    bool inToken = false;  // a token is started, even an empty one ('')
    const std::size_t n = commandLine.size();
    std::size_t i = 0;
    while (i < n) {
        const char c = commandLine[i];
        if (detail::isSpace(c)) {
            if (inToken) args.tokens_.push_back(token);
            token.clear();
            inToken = false;
            ++i;
        } else if (c == '\'') {
            const std::size_t close = commandLine.find('\'', i + 1);
            if (close == std::string::npos) throw ArgumentError("unterminated ' in command line");
            token.append(commandLine, i + 1, close - i - 1);
            inToken = true;
            i = close + 1;
        } else if (c == '"') {
            ++i;
            while (i < n && commandLine[i] != '"') {
                if (commandLine[i] == '\\' && i + 1 < n && (commandLine[i + 1] == '"' || commandLine[i + 1] == '\\')) ++i;
                token += commandLine[i++];
            }
            if (i == n) throw ArgumentError("unterminated \" in command line");
            inToken = true;
            ++i;
        } else if (c == '\\' && i + 1 < n) {
            token += commandLine[i + 1];
            inToken = true;
            i += 2;
        } else {
            token += c;  // a backslash at the very end stands for itself
            inToken = true;
            ++i;
        }
    }
    if (inToken) args.tokens_.push_back(token);
    return args;
}

ArgList& ArgList::push(const std::string& token) {
    tokens_.push_back(token);
    return *this;
}

ArgList& ArgList::pushOption(const std::string& longName, const std::string& value) {
    tokens_.push_back("--" + longName + "=" + value);
    return *this;
}

void ArgList::clear() { tokens_.clear(); }
std::size_t ArgList::size() const { return tokens_.size(); }
bool ArgList::empty() const { return tokens_.empty(); }

const std::string& ArgList::at(std::size_t index) const {
    if (index >= tokens_.size())
        throw ArgumentError("token " + std::to_string(index) + " of " + std::to_string(tokens_.size()));
    return tokens_[index];
}

const std::vector<std::string>& ArgList::tokens() const { return tokens_; }

std::string ArgList::join() const {
    std::string out;
    for (const std::string& token : tokens_) {
        if (!out.empty() || &token != &tokens_.front()) out += ' ';
        out += needsQuotes(token) ? quoted(token) : token;
    }
    return out;
}

std::size_t ArgList::hashCode() const {
    std::size_t seed = tokens_.size();
    for (const std::string& token : tokens_) seed = detail::hashCombine(seed, detail::hashString(token));
    return seed;
}

bool ArgList::operator==(const ArgList& other) const { return tokens_ == other.tokens_; }
bool ArgList::operator!=(const ArgList& other) const { return !(*this == other); }
bool ArgList::operator<(const ArgList& other) const { return tokens_ < other.tokens_; }

std::ostream& operator<<(std::ostream& out, const ArgList& args) { return out << args.join(); }

}  // namespace argparse

std::size_t std::hash<argparse::ArgList>::operator()(const argparse::ArgList& args) const noexcept {
    return args.hashCode();
}
