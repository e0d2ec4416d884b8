#include "harness/codegen/code_digest.hpp"

#include <elf.h>
#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string_view>
#include <vector>

#include "core/hash.hpp"

namespace palus::harness {
namespace {

template <typename T>
bool read_at(const std::vector<char>& bytes, std::size_t offset, T& out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(&out, bytes.data() + offset, sizeof(T));
  return true;
}

}  // namespace

std::string code_digest(const std::filesystem::path& executable) {
  std::ifstream in(executable, std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  Elf64_Ehdr header;
  if (!read_at(bytes, 0, header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64)
    return "";
  Elf64_Shdr names;
  if (!read_at(bytes, header.e_shoff + std::size_t{header.e_shstrndx} * header.e_shentsize, names)) return "";
  for (std::size_t k = 0; k < header.e_shnum; ++k) {
    Elf64_Shdr section;
    if (!read_at(bytes, header.e_shoff + k * header.e_shentsize, section)) return "";
    const std::size_t name_at = names.sh_offset + section.sh_name;
    if (name_at >= bytes.size() || std::string_view(bytes.data() + name_at) != ".text") continue;
    if (section.sh_offset > bytes.size() || bytes.size() - section.sh_offset < section.sh_size) return "";
    std::uint64_t h = hash::mix(hash::kSeed, section.sh_addr);
    for (std::size_t i = 0; i < section.sh_size; ++i)
      h = hash::mix(h, static_cast<unsigned char>(bytes[section.sh_offset + i]));
    return fmt::format("{:016x}", h);
  }
  return "";
}

}  // namespace palus::harness
