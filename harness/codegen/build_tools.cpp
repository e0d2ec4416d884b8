#include "build_tools.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "core/hash.hpp"
#include "core/process.hpp"

namespace fs = std::filesystem;

namespace palus::harness {

std::string compiler() {
  const char* cxx = std::getenv("CXX");
  return cxx && *cxx ? cxx : "c++";
}

std::vector<std::string> sanitize_flags(const std::vector<std::string>& sanitizers) {
  if (sanitizers.empty()) return {};
  std::string joined;
  for (const auto& s : sanitizers) joined += (joined.empty() ? "" : ",") + s;
  return {"-fsanitize=" + joined, "-fno-sanitize-recover=all"};
}

std::vector<std::string> instrumentation_flags(const std::vector<std::string>& sanitizers) {
  // No sibling calls: a thunk's last call stays a frame of its own, so sanitizer stacks name the
  // harness callable that freed or used memory (generation/ownership.hpp).
  // -g1: line tables are all the sanitizers' stacks need (inlined frames included), and the
  // harness compiles a third faster than with -g.
  std::vector<std::string> flags{"-O1", "-g1", "-fno-omit-frame-pointer", "-fno-optimize-sibling-calls", "-Wno-error"};
  for (auto& f : sanitize_flags(sanitizers)) flags.push_back(std::move(f));
  // UBSan's and AddressSanitizer's checks return after their report, so that a fork server's child
  // can live on (harness/runtime/recover.hpp). The checked tests link this build of the library
  // and still halt at the first report (halt_on_error=1, AddressSanitizer's default), as does a
  // harness without the fork server.
  for (const char* recoverable : {"undefined", "address"})
    if (std::find(sanitizers.begin(), sanitizers.end(), recoverable) != sanitizers.end())
      flags.push_back(std::string("-fsanitize-recover=") + recoverable);
  return flags;
}

std::string ninja_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    for (char ch : process::shell_quote(w)) out += ch == '$' ? std::string("$$") : std::string(1, ch);
  }
  return out;
}

std::string ninja_path(const fs::path& path) {
  std::string out;
  for (char ch : path.string()) {
    if (ch == '$' || ch == ' ' || ch == ':') out += '$';
    out += ch;
  }
  return out;
}

std::string library_object(const fs::path& source) {
  return fmt::format("obj/lib/{}-{:08x}.o", source.stem().string(), hash::fnv1a(source.string()) & 0xffffffffu);
}

std::string ninja_prelude(const std::string& comment) {
  return "# " + comment + "\n" + "ninja_required_version = 1.5\n" + "cxx = " + ninja_words({compiler()}) + "\n" +
         "rule cxx\n  command = $cxx -MMD -MF $out.d $flags -c $in -o $out\n  depfile = $out.d\n  deps = gcc\n"
         "  description = compile $in\n"
         "rule archive\n  command = rm -f $out && ar crs $out $in\n  description = archive $out\n"
         "rule link\n  command = $cxx -o $out $in $libs\n  description = link $out\n\n";
}

}  // namespace palus::harness
