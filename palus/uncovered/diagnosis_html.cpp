#include "palus/uncovered/diagnosis_html.hpp"

#include <fmt/format.h>

#include "palus/uncovered/branch_map.hpp"

namespace palus::uncovered {
namespace {

std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::string problems_html(const Diagnosis& diagnosis, const std::filesystem::path& base) {
  std::string rows;
  int rank = 0;
  for (const auto& p : diagnosis.problems) {
    const std::string file = relative_file(p.file, base);
    rows += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}:{}</td><td><code>{}</code></td><td>{}</td><td>{}</td>"
        "</tr>\n",
        ++rank, escaped(p.category), p.blocked_lines, p.branches.size(), escaped(file), p.line, escaped(p.subject),
        escaped(p.cause), escaped(p.suggestion));
  }
  return fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>What keeps branches uncovered</title>\n"
      "<style>body{{font-family:sans-serif}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;"
      "padding:4px;vertical-align:top}}</style></head>\n<body><h1>What keeps branches uncovered</h1>\n"
      "<p>{} branches ran one way only; {} problems behind them, ranked by the lines they keep from running. "
      "<a href=\"index.html\">Back to the coverage report</a>.</p>\n"
      "<table><tr><th>#</th><th>problem</th><th>lines blocked</th><th>branches</th><th>where</th><th>what blocks</th>"
      "<th>cause</th><th>suggestion</th></tr>\n{}</table></body></html>\n",
      diagnosis.branches.size(), diagnosis.problems.size(), rows);
}

std::string with_link_to(std::string index_html, const std::string& page) {
  const std::string link = fmt::format("<p><a href=\"{}\">What keeps branches uncovered</a></p>\n", page);
  const std::size_t body = index_html.rfind("</body>");
  if (body == std::string::npos || index_html.find(link) != std::string::npos) return index_html;
  index_html.insert(body, link);
  return index_html;
}

}  // namespace palus::uncovered
