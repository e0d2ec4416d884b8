#pragma once
// Finds what theories headers declare with oracles/include/palus/theory.hpp (DESIGN §8): theories,
// invariants and the values of PALUS_PARAM_VALUES / PALUS_TYPE_VALUES, by the
// [[clang::annotate("palus_...")]] attribute each macro puts on the function it writes.

#include <clang-c/Index.h>

#include <set>
#include <string>
#include <vector>

#include "core/api.hpp"

namespace palus::analysis {

/// A PALUS_PARAM_VALUES or PALUS_TYPE_VALUES as the header writes it.
struct WrittenParamValues {
  api::ParamValues values;  ///< `callable` as written in the macro, not yet resolved
  std::string scope;        ///< the macro's enclosing namespace ("a::b"; "" global): where lookup starts
};

struct OracleScan {
  std::vector<api::Oracle> oracles;              ///< sorted by function id
  std::vector<WrittenParamValues> param_values;  ///< in the order of the headers
};

/// Scans the definitions of `unit` that lie in `theories` (absolute, normal paths). Throws
/// UserError "file:line: ..." for a value that is not a constant.
OracleScan collect_oracles(CXCursor unit, const std::set<std::string>& theories);

/// Resolves each PALUS_PARAM_VALUES's callable as C++ lookup would from its namespace, against
/// the callables of `api` and its theories (api.oracles must be filled). Throws UserError
/// "file:line: ..." for an unknown callable or a parameter it does not have.
std::vector<api::ParamValues> resolve_param_values(const std::vector<WrittenParamValues>& written, const api::Api& api);

}  // namespace palus::analysis
