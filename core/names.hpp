#pragma once
// Qualified C++ names as api.yaml spells them ("ns::Box<std::pair<int, int>>::operator<",
// "ns::C::f(void (*)(int)) const"), taken apart by one scanner: "::", "," and parentheses inside
// template arguments, parameter lists and "(anonymous namespace)" do not count, and an operator's
// name ("operator<", "operator()", "operator std::string") is one component.
// Every function returns a view into its argument.

#include <string_view>
#include <vector>

namespace palus::names {

/// The components of a qualified name without parameter list:
/// "ns::Box<std::string>::size" -> {"ns", "Box<std::string>", "size"}. A leading "::" is dropped.
std::vector<std::string_view> components(std::string_view qualified);

/// The last component: "ns::Box<std::string>" -> "Box<std::string>"; "f" -> "f".
std::string_view last_component(std::string_view qualified);

/// Everything before the last component: "ns::inner::f" -> "ns::inner"; "f" -> "".
std::string_view scope_of(std::string_view qualified);

/// The first component: "ns::inner::f" -> "ns"; "f" -> "f".
std::string_view first_component(std::string_view qualified);

/// `name` without its template arguments: "Box<int>" -> "Box"; "ns::Box<int>::Item" is left
/// whole (only arguments at the end are dropped).
std::string_view without_template_arguments(std::string_view name);

/// The last component without template arguments: "ns::Box<int, ns::A>" -> "Box".
std::string_view unqualified(std::string_view qualified);

/// A callable id without its parameter list and qualifiers:
/// "ns::C::f(int) const" -> "ns::C::f"; "ns::C::operator()(int)" -> "ns::C::operator()".
std::string_view without_parameters(std::string_view id);

/// The words of an identifier, lowercased: split at underscores, before an uppercase letter that
/// follows a lowercase one or a digit, and before the last of a run of capitals that a lowercase
/// letter follows: "beginDoc" -> {"begin", "doc"}, "a_pFun" -> {"a", "p", "fun"}, "XMLEnd" ->
/// {"xml", "end"}, "max_len2" -> {"max", "len2"}.
std::vector<std::string> words_of(std::string_view identifier);

/// A comma-separated list split at its top-level commas, each part trimmed: "int, std::pair<A,
/// B>, void (*)(int, int)" -> {"int", "std::pair<A, B>", "void (*)(int, int)"}; {} when empty.
std::vector<std::string_view> split_top_level(std::string_view list);

/// The template arguments of `type` at top level: "std::map<K, std::pair<A, B>>" -> {"K",
/// "std::pair<A, B>"}; {} when it has none. Each is trimmed.
std::vector<std::string_view> template_arguments(std::string_view type);

/// What follows "operator" in an operator's name, trimmed: "==", "()", "new[]",
/// "std::string" (a conversion), "\"\"_km" (a literal); "" when `name` names no operator
/// ("operatorCount" does not).
std::string_view operator_symbol(std::string_view name);

/// True when `symbol` (from operator_symbol) is an operator written with punctuation only: not
/// a conversion, new or delete, co_await or a user-defined literal.
bool is_symbolic(std::string_view symbol);

/// "T" of "std::unique_ptr<T>", "std::unique_ptr<T, Deleter>" and "std::shared_ptr<T>" (cv kept:
/// "const T"); "" for any other type.
std::string_view smart_pointee(std::string_view type);

/// Whether the type spelled `text` names the class `name` by its last component, as a whole
/// identifier: "ResultSet *" and "std::unique_ptr<ResultSet>" name tinysql::ResultSet;
/// "xml_node_struct *" does not name pugi::xml_node.
bool names_type(std::string_view text, std::string_view name);

}  // namespace palus::names
