#include "argparse/help_formatter.hpp"

#include <algorithm>

#include "text.hpp"

namespace argparse {
namespace {

std::size_t clampIndent(int indent, int width) {
    return static_cast<std::size_t>(std::clamp(indent, 0, width / 2));
}

}  // namespace

HelpFormatter::HelpFormatter() : HelpFormatter(kDefaultWidth) {}

HelpFormatter::HelpFormatter(int width) : width_(std::clamp(width, kMinWidth, kMaxWidth)) {}

int HelpFormatter::width() const { return width_; }

std::string HelpFormatter::wrap(const std::string& text, int indent) const {
    return fill(text, clampIndent(indent, width_), 0);
}

std::string HelpFormatter::row(const std::string& left, const std::string& right, int column) const {
    const std::size_t at = clampIndent(column, width_);
    std::string out = "  " + left;
    if (right.empty()) return out + "\n";
    if (out.size() + 1 > at) {
        out += "\n";
        out.append(at, ' ');
    } else {
        out.append(at - out.size(), ' ');
    }
    return out + fill(right, at, at) + "\n";
}

// Lays out `text` from column `firstColumn` of a line already begun; continuation lines start with
// `indent` spaces. Blanks between words are collapsed to one space.
std::string HelpFormatter::fill(const std::string& text, std::size_t indent, std::size_t firstColumn) const {
    const std::size_t width = static_cast<std::size_t>(width_);
    std::string out;
    std::size_t column = firstColumn;
    std::size_t lineStart = firstColumn;  // where the text of the current line begins
    const auto newLine = [&] {
        out += '\n';
        out.append(indent, ' ');
        column = lineStart = indent;
    };
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (text[pos] == '\n') {
            newLine();
            ++pos;
            continue;
        }
        if (detail::isSpace(text[pos])) {
            ++pos;
            continue;
        }
        std::size_t end = pos;
        while (end < text.size() && !detail::isSpace(text[end])) ++end;
        const std::size_t length = end - pos;
        const std::size_t gap = column > lineStart ? 1 : 0;
        if (column + gap + length <= width) {  // the word fits on this line
            out.append(gap, ' ');
            out.append(text, pos, length);
            column += gap + length;
            pos = end;
            continue;
        }
        if (column > lineStart) {  // try again on a fresh line
            newLine();
            continue;
        }
        // The word does not fit on a fresh line: cut it at the end of the line.
        if (length > width) {  // Known bug B3: compares with the whole width, not the room after the indent (width - column)
            const std::size_t room = width - column;
            out.append(text, pos, room);
            pos += room;
            newLine();
        }
    }
    return out;
}

}  // namespace argparse
