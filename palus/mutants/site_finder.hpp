#pragma once
// Where `palus mutate` changes a source file (libclang): the operators, constants, conditions,
// statements and returned values of the function bodies written in that file.

#include <string>
#include <vector>

#include "core/clang/translation_unit.hpp"
#include "palus/mutants/mutant.hpp"

namespace palus::mutants {

/// The mutation sites of the function bodies in `unit`'s own file (not in what it includes), in
/// file order; `text` is that file's content. Left out, because a switch at run time could not
/// compile there or would not be a change: code written by macros, constant expressions (case
/// labels, array bounds, template arguments, static_assert, sizeof, `if constexpr`, constexpr
/// functions), const variables' initialisers, and operators of class types.
std::vector<Site> find_sites(const analysis::TranslationUnit& unit, const std::string& text);

}  // namespace palus::mutants
