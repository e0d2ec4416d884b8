#include "palus/generation/scalar_type.hpp"

#include <map>
#include <string_view>

namespace palus::generation {
namespace {

std::string without_std(std::string name) {
  for (std::string_view prefix : {"std::", "::"})
    if (name.rfind(prefix, 0) == 0) name.erase(0, prefix.size());
  return name;
}

}  // namespace

std::int64_t ScalarType::min() const { return bits >= 64 ? INT64_MIN : -(std::int64_t{1} << (bits - 1)); }
std::int64_t ScalarType::max() const { return bits >= 64 ? INT64_MAX : (std::int64_t{1} << (bits - 1)) - 1; }
std::uint64_t ScalarType::umax() const { return bits >= 64 ? UINT64_MAX : (std::uint64_t{1} << bits) - 1; }

ScalarType scalar_type(const std::string& base) {
  // LP64 (Linux x86-64 and AArch64); char is signed on x86-64 only, assumed signed.
  static const std::map<std::string, ScalarType, std::less<>> known{
      {"bool", {1, false, false, true}},
      {"char", {8, true, false, true}},
      {"signed char", {8, true, false, true}},
      {"unsigned char", {8, false, false, true}},
      {"char8_t", {8, false, false, true}},
      {"char16_t", {16, false, false, true}},
      {"char32_t", {32, false, false, true}},
      {"wchar_t", {32, true, false, true}},
      {"short", {16, true, false, true}},
      {"unsigned short", {16, false, false, true}},
      {"int", {32, true, false, true}},
      {"unsigned int", {32, false, false, true}},
      {"unsigned", {32, false, false, true}},
      {"long", {64, true, false, true}},
      {"unsigned long", {64, false, false, true}},
      {"long long", {64, true, false, true}},
      {"unsigned long long", {64, false, false, true}},
      {"size_t", {64, false, false, true}},
      {"ssize_t", {64, true, false, true}},
      {"ptrdiff_t", {64, true, false, true}},
      {"intptr_t", {64, true, false, true}},
      {"uintptr_t", {64, false, false, true}},
      {"intmax_t", {64, true, false, true}},
      {"uintmax_t", {64, false, false, true}},
      {"int8_t", {8, true, false, true}},
      {"uint8_t", {8, false, false, true}},
      {"int16_t", {16, true, false, true}},
      {"uint16_t", {16, false, false, true}},
      {"int32_t", {32, true, false, true}},
      {"uint32_t", {32, false, false, true}},
      {"int64_t", {64, true, false, true}},
      {"uint64_t", {64, false, false, true}},
      {"float", {32, true, true, true}},
      {"double", {64, true, true, true}},
      {"long double", {80, true, true, true}},
  };
  const std::string name = without_std(base);
  if (auto found = known.find(name); found != known.end()) return found->second;
  std::string spaced = name;  // "long int", "short int", "long unsigned int", ...
  for (std::string_view noise : {" int", "signed "}) {
    if (auto at = spaced.find(noise); at != std::string::npos && spaced != "unsigned int") {
      if (noise == "signed " && spaced.find("unsigned") != std::string::npos) continue;
      spaced.erase(at, noise.size());
    }
  }
  if (auto found = known.find(spaced); found != known.end()) return found->second;
  return ScalarType{};
}

}  // namespace palus::generation
