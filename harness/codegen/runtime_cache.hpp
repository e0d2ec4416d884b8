#pragma once
// palus's own runtime sources (the harness runtime, the sandboxed main() of checked tests, the
// trace runtime) compile the same way for every project: they depend on the compiler, the flags
// and the runtime folder only. They are compiled once into a shared cache and linked from there,
// instead of once per harness, per check batch and per sample build.
//
// The cache lives in $PALUS_CACHE_DIR, else $XDG_CACHE_HOME/palus, else $HOME/.cache/palus, in one
// folder per key: a hash of the compiler (its path and `--version`), the flags, the sources' names
// and the content of every file of the runtime folder. A folder is built aside and renamed into
// place when complete, so concurrent palus processes never see half of one and never need a lock.

#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace palus::harness {

struct CompiledRuntime {
  std::vector<std::filesystem::path> objects;  ///< one per source, absolute, in the sources' order
  std::filesystem::path archive;               ///< all of them in one static library
};

/// The objects of `sources` (paths relative to `runtime_root`) compiled with `flags`: taken from
/// the cache, or compiled there now with `jobs` parallel compilations. `fallback` is the cache
/// folder when the user's cache cannot be created. Throws UserError with the compiler's output
/// when a source does not compile.
CompiledRuntime compiled_runtime(const std::filesystem::path& runtime_root, std::span<const char* const> sources,
                                 const std::vector<std::string>& flags, const std::filesystem::path& fallback,
                                 unsigned jobs = 2);

/// Where the shared cache is ($PALUS_CACHE_DIR, $XDG_CACHE_HOME/palus or $HOME/.cache/palus); empty
/// when none of these variables is set.
std::filesystem::path user_cache_dir();

}  // namespace palus::harness
