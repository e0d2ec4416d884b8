#pragma once
// Mutant schemata: one copy of a source file that holds all of its mutants, each switched on at
// run time when the environment variable PALUS_MUTANT holds its id (0 or unset: the original).
// One build of the library then serves every mutant.

#include <filesystem>
#include <string>
#include <vector>

#include "palus/mutants/mutant.hpp"

namespace palus::mutants {

/// The header each schema includes: palus_mutant::on(id) and the switches the sites call.
std::string schema_prelude();

/// `text` with each site (from find_sites on this text, numbered) written as its switch. Every
/// line stays where it was.
std::string render_schema(const std::string& text, const std::vector<Site>& sites);

/// The schema as a file to compile in place of `original`: it includes `prelude` first and then
/// pretends to be `original` (#line), so diagnostics, __FILE__ and assertions name the original.
/// Its own folder differs: compile it with `-iquote` the original's folder.
std::string schema_file(const std::string& text, const std::vector<Site>& sites, const std::filesystem::path& prelude,
                        const std::filesystem::path& original);

}  // namespace palus::mutants
