#pragma once
// What the library's branch conditions depend on (DESIGN §13), found by the analyze stage and read
// by `palus report` to explain the branches the tests never took: <work>/branches.yaml.

#include <yaml-cpp/emitter.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace palus::uncovered {

/// One thing a branch condition depends on, through local variables of its function.
struct Source {
  enum class Kind {
    this_field,     ///< name: "ns::Class::field_" of the object the method runs on, or of the
                    ///< one its field holds (via "this->buffer_")
    param,          ///< name: the parameter; type: its type
    param_field,    ///< name: "ns::Class::field_"; via: the parameter whose field it is
    external_call,  ///< name: a callee outside the library that reads the environment (I/O, time, ...)
    library_call,   ///< name: "ns::Class::method" called on `via` ("this", a parameter, or
                    ///< "this->field_": the object a field holds): its state
    global,         ///< name: a variable outside any function
  };
  static constexpr std::string_view kThisPrefix = "this->";
  Kind kind = Kind::param;
  std::string name, type, via;
  auto operator<=>(const Source&) const = default;
};

/// One operand of a condition made of && and || (`a && (b || !c)`: a, b and c), in the order they
/// are evaluated: gcov counts a pair of branches for each, on its line, in that order.
struct Operand {
  std::string text;  ///< shortened
  unsigned line = 0;
  std::vector<Source> sources;         ///< sorted, unique
  std::vector<std::string> constants;  ///< spelled as in C++
};

/// One branching construct of the library: if, while, for, do, switch, ?:, && or ||.
struct BranchSite {
  std::string file;            ///< absolute while collected; relative to the config in branches.yaml
  unsigned line = 0;           ///< where the condition starts
  unsigned condition_end = 0;  ///< where it ends
  unsigned end_line = 0;       ///< where the whole construct ends (its arms included)
  std::string construct;       ///< if | while | for | do | switch | ?: | && | ||
  std::string function;        ///< the enclosing function, qualified
  std::string declared_file;   ///< the function's first declaration (as api.yaml gives callables)
  unsigned declared_line = 0;
  std::string condition;               ///< the condition's text, shortened
  std::vector<Source> sources;         ///< sorted, unique
  std::vector<std::string> constants;  ///< literals in the condition, spelled as in C++
  /// A switch's case labels (also among constants) and the line of each; its default arm as
  /// kDefaultLabel (not among constants).
  std::vector<std::pair<std::string, unsigned>> cases;
  std::vector<Operand> operands;  ///< of an if's, a while's or an expression's && and || chain
  /// An if's then-arm, first and last line, when it only reports a broken invariant (an internal
  /// error, unreachable code, an abort): the library means its condition never to hold.
  std::pair<unsigned, unsigned> invariant_arm = {0, 0};
};

inline constexpr std::string_view kDefaultLabel = "default";

/// A function defined in the library: where its body is, and where it was first declared.
struct FunctionSpan {
  std::string function, file;
  unsigned line = 0, end_line = 0;
  std::string declared_file;
  unsigned declared_line = 0;
  std::vector<std::string> calls;   ///< the library's functions its body calls, qualified, sorted
  std::vector<std::string> writes;  ///< the fields its own body writes, qualified, sorted
  /// The virtual methods it overrides: a call of one of them may run this function.
  std::vector<std::string> overrides;
  /// It takes text to read: a string, a string view, characters through a const pointer, an input
  /// stream (a lexer's or a parser's constructor).
  bool reads_text = false;
  std::vector<std::string> reads;  ///< the fields its own body reads, qualified, sorted
  /// The enumerators its body gives as a value (assigned, initialised, returned, passed), not
  /// compared or used as a case label: qualified, with their line, in the order written.
  std::vector<std::pair<std::string, unsigned>> makes = {};
};

struct BranchMap {
  std::vector<BranchSite> sites;
  std::vector<FunctionSpan> functions;
};

std::string source_kind_name(Source::Kind kind);

/// `file` relative to `base` when it lies below it (as palus's files show paths), else as given.
std::string relative_file(const std::string& file, const std::filesystem::path& base);

/// Writes a function's name and span (`function`, `file`, `line`, `end_line`) into the flow map
/// `out` is in, as branches.yaml and uncovered.yaml both list functions.
template <typename Span>
void emit_function_span(YAML::Emitter& out, const Span& span, const std::filesystem::path& base) {
  out << YAML::Key << "function" << YAML::Value << YAML::DoubleQuoted << span.function;
  out << YAML::Key << "file" << YAML::Value << relative_file(span.file, base);
  out << YAML::Key << "line" << YAML::Value << span.line << YAML::Key << "end_line" << YAML::Value << span.end_line;
}

/// A file named relative to `base` made absolute; an absolute or empty one as given.
std::string absolute_file(const std::string& file, const std::filesystem::path& base);

/// branches.yaml: files relative to `base`.
std::string branch_map_to_yaml(const BranchMap& map, const std::filesystem::path& base);

/// Reads branches.yaml; files become absolute against `base`. UserError "<file>:<line>: ..." when
/// it is not what branch_map_to_yaml writes.
BranchMap read_branch_map(const std::filesystem::path& file, const std::filesystem::path& base);

}  // namespace palus::uncovered
