#pragma once
// The id api.yaml gives a callable ("tinysql::Statement::executeQuery(const std::string &)"), built
// in one place so the analyzer and the trace instrumenter name a function the same way.

#include <clang-c/Index.h>

#include <string>
#include <vector>

#include "core/clang/type_names.hpp"

namespace palus::analysis {

/// "<owner>::<name>(<parameter types>)" plus " const" for const methods, computed on the
/// canonical (first) declaration of `decl`, so a definition in a .cpp gets the id of its
/// declaration in the header. `owner` is the class the callable is tested under (an alias name
/// for a template instantiation); empty: the qualified name of the declaration. `subst` maps
/// template parameters when `decl` belongs to a class template seen through an alias.
std::string callable_id(CXCursor decl, const std::string& owner = {}, const TemplateSubstitution& subst = {});

/// The id of an instantiation of the function template `decl` (palus/analysis's template menu):
/// as callable_id, with `subst` giving the template's own parameters too, its pack parameters left
/// out (an empty pack), and "<template_args>" after the name when the call names them
/// ("YAML::Node::as<int>() const"; not for a constructor or operator, whose arguments are deduced).
std::string instantiation_id(CXCursor decl, const std::string& owner, const TemplateSubstitution& subst,
                             const std::string& template_args);

/// The declared parameters of a function or function template, in order.
std::vector<CXCursor> parameters_of(CXCursor function);

/// A function parameter that expands a pack (`A&&... args`).
bool is_parameter_pack(CXCursor parm);

}  // namespace palus::analysis
