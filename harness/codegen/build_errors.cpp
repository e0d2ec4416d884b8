#include "build_errors.hpp"

#include <regex>
#include <sstream>

#include "core/names.hpp"
#include "core/text.hpp"

namespace palus::harness {
namespace {

/// "In file included from ...harness.cpp:5:" names where a header came in, not a call.
bool is_include_chain(const std::string& line) {
  const std::size_t text = line.find_first_not_of(' ');
  return line.rfind("In file included from ", 0) == 0 ||
         (text != std::string::npos && line.compare(text, 5, "from ") == 0);
}

/// The compiler driver's summary of a failed link, not an error of its own.
bool is_link_summary(const std::string& line) {
  return line.find("collect2: error:") != std::string::npos ||
         line.find("error: linker command failed") != std::string::npos;
}

/// The offset just past the bracketed list that opens at `text[open]`, or npos.
std::size_t past_list(const std::string& text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(' || text[i] == '<') ++depth;
    if (text[i] == ')' || text[i] == '>') --depth;
    if (depth == 0) return i + 1;
  }
  return std::string::npos;
}

/// Whether `where` (a demangled function) names `candidate`: its name at a name boundary, then
/// template arguments that start with the candidate's (a pack or defaulted ones may follow), then
/// a parameter list as long as the candidate's.
bool names_instantiation(const std::string& where, const InstantiationRef& candidate) {
  for (std::size_t at = where.find(candidate.name); at != std::string::npos; at = where.find(candidate.name, at + 1)) {
    if (at > 0 && (text::is_identifier_char(where[at - 1]) || where[at - 1] == ':')) continue;
    std::size_t next = at + candidate.name.size();
    std::string args;
    if (next < where.size() && where[next] == '<') {
      const std::size_t end = past_list(where, next);
      if (end == std::string::npos) continue;
      args = where.substr(next + 1, end - next - 2);
      next = end;
    }
    if (next >= where.size() || where[next] != '(') continue;
    const std::size_t end = past_list(where, next);
    if (end == std::string::npos) continue;
    if (names::split_top_level(std::string_view(where).substr(next + 1, end - next - 2)).size() != candidate.params)
      continue;
    const std::string& wanted = candidate.template_args;
    if (args.rfind(wanted, 0) == 0 && (args.size() == wanted.size() || args[wanted.size()] == ',')) return true;
  }
  return false;
}

}  // namespace

std::vector<HarnessCompileError> harness_errors(const std::string& output, const std::filesystem::path& harness_cpp) {
  std::vector<HarnessCompileError> errors;
  const std::string name = harness_cpp.filename().string();
  const std::regex mention("(^|/)" + std::regex_replace(name, std::regex("[.]"), "[.]") + ":([0-9]+):");
  const std::regex error("(error: |undefined reference to )(.*)$");
  const std::regex in_function(": in function `(.*)':$");
  std::istringstream lines(output);
  std::string line, function;
  bool in_harness = false;
  unsigned last_line = 0;
  std::smatch m;
  while (std::getline(lines, line)) {
    if (line.rfind("FAILED: ", 0) == 0) {
      in_harness = line.find("obj/harness.o") != std::string::npos || line.find("palus-harness") != std::string::npos;
      last_line = 0;
      function.clear();
      continue;
    }
    if (!in_harness || is_link_summary(line)) continue;
    const bool mentions_harness = !is_include_chain(line) && std::regex_search(line, m, mention);
    if (mentions_harness) last_line = static_cast<unsigned>(std::stoul(m[2].str()));
    if (std::regex_search(line, m, in_function)) function = m[1].str();
    if (!std::regex_search(line, m, error)) continue;
    if (m[1].str() != "error: ") {  // a link error: its own location, or none
      errors.push_back({mentions_harness ? last_line : 0u, "undefined reference to " + m[2].str(), function});
    } else if (last_line > 0) {
      errors.push_back({last_line, m[2].str(), ""});
    }
  }
  return errors;
}

std::vector<InstantiationRef> instantiations_of(const api::Api& api) {
  std::vector<InstantiationRef> found;
  auto add = [&](const std::vector<api::Callable>& callables) {
    for (const auto& c : callables) {
      if (!c.is_instantiation) continue;
      const std::string_view name = names::without_parameters(c.id);
      found.push_back({c.id, std::string(names::without_template_arguments(name)), c.template_args, c.params.size()});
    }
  };
  for (const auto& cls : api.classes) {
    add(cls.constructors);
    add(cls.methods);
  }
  add(api.functions);
  return found;
}

std::string undefined_instantiation(const HarnessCompileError& error,
                                    const std::vector<InstantiationRef>& instantiations) {
  const std::string prefix = "undefined reference to ";
  if (error.message.rfind(prefix, 0) != 0) return {};
  for (const std::string& where :
       {linker_name_as_api(error.function), linker_name_as_api(error.message.substr(prefix.size()))}) {
    for (const auto& candidate : instantiations)
      if (names_instantiation(where, candidate)) return candidate.id;
  }
  return {};
}

std::string linker_name_as_api(std::string name) {
  static const std::regex string_type(
      R"(std::(__cxx11::)?basic_string<char, std::char_traits<char>, std::allocator<char> ?>)");
  static const std::regex inline_namespace(R"(std::__cxx11::)");
  static const std::regex abi_tag(R"(\[abi:[A-Za-z0-9_]+\])");
  static const std::regex space_before_close(" >");
  name = std::regex_replace(name, string_type, "std::string");
  name = std::regex_replace(name, inline_namespace, "std::");
  name = std::regex_replace(name, abi_tag, "");
  return std::regex_replace(name, space_before_close, ">");
}

}  // namespace palus::harness
