#pragma once
// Turning libclang types into the fully qualified, compilable spellings api.yaml records.

#include <clang-c/Index.h>

#include <map>
#include <string>

#include "core/api.hpp"

namespace palus::analysis {

/// Template parameter name -> argument type, for members of a class template seen through an
/// alias (`using IntBox = Box<int>`): "T" becomes "int" wherever it appears as a whole word.
using TemplateSubstitution = std::map<std::string, CXType>;

/// "const std::vector<ns::Row> &": every class, enum and typedef named by its qualified name.
std::string qualified_spelling(CXType type, const TemplateSubstitution& subst = {});

/// Spelling, base type, passing mode and category of a parameter or result type.
api::TypeRef describe_type(CXType type, const TemplateSubstitution& subst = {});

}  // namespace palus::analysis
