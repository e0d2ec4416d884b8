// argparse: lays out help text in lines of a given width.
#pragma once

#include <string>

namespace argparse {

class HelpFormatter {
public:
    static constexpr int kMinWidth = 50;
    static constexpr int kMaxWidth = 250;
    static constexpr int kDefaultWidth = 80;

    HelpFormatter();
    // The width is clamped to [kMinWidth, kMaxWidth].
    explicit HelpFormatter(int width);

    int width() const;

    // Fills `text` into lines of at most width() columns, breaking at blanks; a word longer than
    // a line is cut. A newline in the text starts a new line. Lines after the first start with
    // `indent` spaces (clamped to [0, width() / 2]). The result ends without a newline.
    std::string wrap(const std::string& text, int indent) const;
    // A two-column row: `left` at column 2, `right` wrapped from `column` (clamped to
    // [0, width() / 2]). When `left` does not fit before the column, `right` starts on the next
    // line. The result ends with a newline.
    std::string row(const std::string& left, const std::string& right, int column) const;

private:
    std::string fill(const std::string& text, std::size_t indent, std::size_t firstColumn) const;

    int width_;
};

}  // namespace argparse
