#pragma once
// What a call may do to the objects it is given, judged from the parameter's type alone: the one
// home of the rules that the generator (an object moved from is no input any more), the theory
// checks (which objects a statement changed), the harness and the test writer (std::move) share.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/api.hpp"

namespace palus::api {

/// True for a pointer, const or not: `T*`, `const T*`.
constexpr bool is_pointer(Passing passing) { return passing == Passing::pointer || passing == Passing::const_pointer; }

/// True when passing an object as `param` leaves the caller's object moved from: an rvalue
/// reference, or by value a type that cannot be copied but moved (std::unique_ptr, or a class
/// whose traits say so; `cls` is the parameter's class in the api, nullptr when it has none).
bool moves_from(const TypeRef& param, const Class* cls);

/// True when a call may change the caller's object through `param`: a non-const reference or
/// pointer, or a move (see moves_from).
bool may_change(const TypeRef& param, const Class* cls);

/// Whether parameter `param` of `f` is a buffer: a pointer to a number or character (not a C string) followed
/// by an integer passed by value, its length (`char* buffer, size_t capacity`). The harness and
/// the written tests pass a real array of that length (buffer_length), never one scalar's address.
bool is_buffer(const Callable& f, std::size_t param);

/// Whether parameter `param` of `f` is an array of objects: a pointer to a class of `api` that is
/// default constructible, followed by an integer by value named as its count ("count", "size",
/// "n", or "n"/"num" and the pointer's name: `StringPiece* submatch, int nsubmatch`). The harness
/// and the written tests pass that many default-constructed objects (object_array_length), never
/// one pool object's address.
bool is_object_array(const Api& api, const Callable& f, std::size_t param);

/// The most objects an object array gets: a larger drawn count is given as this.
inline constexpr std::uint64_t kMaxObjectArray = 64;

/// Whether parameter `param` of `f` is the length of the C string before it: an integer by value
/// named as a length ("len", "size", "count", "n", ...; or unnamed, "arg<N>", of an unsigned
/// type) right after a `const char*` (`StringPiece(const char* str, size_type len)`). A caller
/// passes at most the string's length; the generator keeps to that (generation/legal_inputs.hpp).
bool is_string_length(const Callable& f, std::size_t param);

/// Whether parameter `param` of `f` is the end of a character range that the C string before it
/// begins: two `const char*` in a row, the second named as an end ("end", "endDoc", "last"), as
/// in `Value(const char* begin, const char* end)`. A caller passes a pointer into the same text;
/// the harness and the written tests pass the first string's end (generation/legal_inputs.hpp).
bool is_string_end(const Callable& f, std::size_t param);

/// Whether parameter `param` of `f` names a file: a string or C string whose name has the word
/// path, file, filename, dir, directory or folder (`save_file(const char* path)`). A generated test
/// keeps such a path inside its own working directory (relative_path).
bool is_file_path(const Callable& f, std::size_t param);

/// `path` made relative and kept below the working directory: leading '/' and every "../" step
/// taken out ("//Tool[x]" -> "Tool[x]", "../../etc/x" -> "etc/x").
std::string relative_path(std::string path);

/// The output stream parameter whose text a call of `f` reports as its value: the first ostream
/// parameter, when `f` returns nothing or the stream itself (`operator<<`); nullopt otherwise
/// (then its result is reported, and the stream's text is not asserted).
std::optional<std::size_t> written_stream(const Callable& f);

/// The most elements a buffer argument gets: a larger drawn length is given as this.
inline constexpr std::uint64_t kMaxBufferLength = 4096;

/// The length of the array for a drawn buffer length: 0 for a negative one, at most kMaxBufferLength.
constexpr std::uint64_t buffer_length(std::int64_t drawn) {
  return drawn < 0                                              ? 0
         : static_cast<std::uint64_t>(drawn) > kMaxBufferLength ? kMaxBufferLength
                                                                : static_cast<std::uint64_t>(drawn);
}
constexpr std::uint64_t buffer_length(std::uint64_t drawn) {
  return drawn > kMaxBufferLength ? kMaxBufferLength : drawn;
}

/// The class named `name` (qualified) in `api`; nullptr when there is none.
const Class* find_class(const Api& api, std::string_view name);

/// An iterator, by the standard library's shape: a class named so, or one that steps and
/// dereferences (steps_and_dereferences). A default-constructed one is singular: only assigning,
/// comparing and destroying it are defined.
bool is_iterator(const Class& cls);

/// A class with the C++ iterator protocol: operator++ or operator--, and operator* or operator->.
/// Its caller compares it with end() before stepping or dereferencing it (a Java-style iterator
/// with hasNext() and next() checks itself).
bool steps_and_dereferences(const Class& cls);

/// A const method whose class also declares a non-const one of the same name (`Value::operator[](int)
/// const` and `Value::operator[](int)`): called on an object that is not const, a non-const
/// overload may be chosen (of the same parameters, or of others a conversion reaches, or the call
/// may be ambiguous), so the harness and the written tests call `method` on a const view of the
/// object, where only const overloads compete. `owner`: the method's class.
bool has_mutable_twin(const Class& owner, const Callable& method);

/// The name a call of `c` spells after the object: its name, and for a conversion operator
/// "operator " and its whole result type, which the declared name abbreviates (re2's
/// `operator basic_string_view` converts to std::basic_string_view<char, traits_type>).
std::string called_name(const Callable& c);

/// The name a user writes for `c` (PALUS_PARAM_VALUES, the uncovered-branch advice): its id
/// without parameters and without the template arguments an instantiation names: "ns::C::f",
/// "YAML::Node::as" for YAML::Node::as<int>() const.
std::string written_name(const Callable& c);

}  // namespace palus::api
