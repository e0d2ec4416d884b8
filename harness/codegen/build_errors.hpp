#pragma once
// What a failed harness build says about harness.cpp: its compile and link errors, each tied to
// the call it comes from, so that `palus harness` can leave that call out and build again.

#include <filesystem>
#include <string>
#include <vector>

#include "core/api.hpp"

namespace palus::harness {

/// An error of the generated harness.cpp, with the harness line it comes from (0 when none).
struct HarnessCompileError {
  unsigned line = 0;
  std::string message;
  /// For a link error, the function whose code refers to the missing symbol, as the linker names
  /// it ("in function `ns::f<double>(double*)'"); its line may be that of some inlined call.
  std::string function;
};

/// Errors ninja reported for the harness object or the link, each tied to the harness.cpp line it
/// comes from: its own, or the last harness.cpp line named before it ("required from here"). A
/// link error keeps the line only when the linker names harness.cpp for it.
std::vector<HarnessCompileError> harness_errors(const std::string& output, const std::filesystem::path& harness_cpp);

/// A function template instantiation palus made up (api.yaml `template_args`).
struct InstantiationRef {
  std::string id;
  std::string name;  ///< qualified, without template arguments: "YAML::Node::as", "t::Node::Node"
  std::string template_args;
  std::size_t params = 0;
};

std::vector<InstantiationRef> instantiations_of(const api::Api& api);

/// The id of the instantiation a link error comes from: the function the linker says refers to the
/// missing symbol, or else the symbol itself ("undefined reference to `bool ns::parse<double>(char
/// const*, double*)'"); "" when neither names one of `instantiations`.
std::string undefined_instantiation(const HarnessCompileError& error,
                                    const std::vector<InstantiationRef>& instantiations);

/// A name as the linker spells it, made comparable with api.yaml's: "std::string" for
/// "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", no ABI tags,
/// no space before '>'.
std::string linker_name_as_api(std::string name);

}  // namespace palus::harness
