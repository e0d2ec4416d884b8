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

/// The declared parameters of a function or function template, in order.
std::vector<CXCursor> parameters_of(CXCursor function);

}  // namespace palus::analysis
