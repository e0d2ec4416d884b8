#pragma once
// Width and signedness of the integer and floating types a parameter may have, from the type's
// spelling in api.yaml ("std::size_t", "unsigned long", "std::int8_t", "float", ...).

#include <cstdint>
#include <string>

namespace palus::generation {

struct ScalarType {
  unsigned bits = 32;
  bool is_signed = true;
  bool is_floating = false;
  bool known = false;  ///< false: an unknown alias, assumed to be a signed 32-bit int

  std::int64_t min() const;    ///< for signed integers
  std::int64_t max() const;    ///< for signed integers
  std::uint64_t umax() const;  ///< for unsigned integers
};

/// Integers, characters, floating point; `base` as api.yaml's TypeRef::base spells it.
ScalarType scalar_type(const std::string& base);

}  // namespace palus::generation
