#pragma once
// Finds the testable entities declared in the project's headers (DESIGN §5): classes and their
// public constructors, methods, operators and fields; free functions; enums; class template
// instantiations named by an alias. Whatever it skips goes to `unsupported` with a reason.

#include <clang-c/Index.h>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/api.hpp"

namespace palus::analysis {

/// Which qualified names are under test (targets.include / targets.exclude of palus.yaml).
class TargetFilter {
 public:
  TargetFilter(const std::vector<std::string>& include, const std::vector<std::string>& exclude);
  bool selects(const std::string& qualified_name) const;

 private:
  std::vector<std::regex> include_, exclude_;
};

/// A class found in the headers, with what the analyzer still needs to finish it.
struct ClassScan {
  api::Class cls;
  bool user_declares_constructor = false;
  bool user_declares_copy_constructor = false;
  /// Fields given a value in the class body (`int n_ = 0;`): every constructor writes them.
  std::vector<std::string> initialized_fields;
  /// Callable id -> USR of its declaration, to find the body facts.
  std::map<std::string, std::string> usr_by_id;
  /// For an alias of a class template: body facts name fields "ns::Box::v_"; rename the
  /// prefix "ns::Box::" to "ns::IntBox::".
  std::string field_prefix_from, field_prefix_to;
};

struct EntityScan {
  std::vector<ClassScan> classes;
  std::vector<api::Callable> functions;
  std::map<std::string, std::string> function_usr_by_id;
  std::vector<api::Enum> enums;
  std::vector<api::Unsupported> unsupported;
};

/// Function templates are tested through instantiations: each type parameter is tried with the
/// types of a small menu (one parameter: int, double, bool, std::string; two: int and std::string,
/// each pair), a parameter pack is left empty, a parameter with a default keeps it. The harness
/// build drops the instantiations that do not compile. The menu's types are read from these aliases,
/// which the analyzer appends to the unit of the headers.
inline constexpr const char* kTemplateMenuNamespace = "palus_template_menu";
inline constexpr const char* kTemplateMenuSource =
    "#include <string>\n"
    "namespace palus_template_menu {\n"
    "using one_int = int;\nusing one_double = double;\nusing one_bool = bool;\nusing one_string = std::string;\n"
    "}\n";

struct TemplateMenu {
  std::vector<CXType> one, two;
};

/// Scans the declarations of `unit` that lie in `project_headers` (absolute, normal paths).
EntityScan collect_entities(CXCursor unit, const std::set<std::string>& project_headers, const TargetFilter& filter);

}  // namespace palus::analysis
