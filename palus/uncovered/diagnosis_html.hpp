#pragma once
// The diagnosis as a page of the HTML coverage report: the ranked problems, with their causes and
// suggestions, beside gcovr's pages.

#include <filesystem>
#include <string>

#include "palus/uncovered/diagnosis.hpp"

namespace palus::uncovered {

/// A complete HTML page; files relative to `base`.
std::string problems_html(const Diagnosis& diagnosis, const std::filesystem::path& base);

/// gcovr's index.html with a link to `page` before its closing body tag (unchanged when there is
/// no such tag, or the link is there already).
std::string with_link_to(std::string index_html, const std::string& page);

}  // namespace palus::uncovered
