#pragma once
// Source text of the abstract-profile functions (Palus §3.1.2, models/runtime/palus_profile.hpp):
// one function per class of the api that appends the profile of an object's fields, private ones
// included. Compiled into the traced sample program (palus trace) and into the harness.

#include <cstdint>
#include <string>
#include <vector>

#include "core/api.hpp"

namespace palus::models {

/// C++17 source text: `include_lines` (ready `#include "..."` lines of the project's headers;
/// may be empty when the including file already has them) and "palus_profile.hpp", then for each
/// class of `api` with fields a function `void profile_N(const void* object, std::string& out)`
/// appending ::palus::profile::append(out, field) for each non-static field in declaration
/// order, the fields of public bases that are api classes first. Private fields are read
/// through the rule that explicit instantiations do not check access. Fields a member pointer
/// cannot reach are left out: references, bit-fields, anonymous members. The text ends with
///   namespace palus_profiles { struct Entry { const std::type_info* type;
///     void (*profile)(const void*, std::string&); };
///     extern const Entry entries[]; extern const std::size_t entry_count; }
/// defined, one entry per class that got a function.
std::string render_profile_functions(const api::Api& api, const std::vector<std::string>& include_lines);

/// C++17 source text for the same file as render_profile_functions, after it: at static
/// initialisation, registers every entry with palus_trace::register_profile and passes
/// `table_hash` to palus_trace::set_table_hash.
std::string render_trace_registration(std::uint64_t table_hash);

}  // namespace palus::models
