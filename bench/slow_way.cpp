#include "bench/slow_way.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "bench/shell.hpp"

namespace palus::bench {

namespace fs = std::filesystem;

fs::path build_library(const SlowWayOptions& options, double& seconds) {
  const fs::path objects = options.work_dir / "library";
  fs::create_directories(objects);
  const auto start = std::chrono::steady_clock::now();
  std::string compile = fmt::format("cd {} && {} {} -I {} -c", shell_quote(objects.string()), options.compiler,
                                    options.flags, shell_quote(options.include_dir.string()));
  for (const auto& src : options.sources) compile += " " + shell_quote(src.string());
  if (run_command(compile) != 0) throw std::runtime_error("compiling the library failed: " + compile);
  const fs::path archive = options.work_dir / "libsut.a";
  fs::remove(archive);
  if (run_command(fmt::format("ar rcs {} {}/*.o", shell_quote(archive.string()), shell_quote(objects.string()))) != 0)
    throw std::runtime_error("archiving the library failed");
  seconds = seconds_since(start);
  return archive;
}

SlowFile compile_and_run(const SlowWayOptions& options, const fs::path& library, const fs::path& source) {
  SlowFile file;
  file.source = source;
  fs::path exe = source;
  exe.replace_extension();
  fs::path log = source;
  log += ".log";
  const auto start = std::chrono::steady_clock::now();
  const std::string build =
      fmt::format("{} {} -I {} {} {} -lgtest_main -lgtest -pthread -o {} > {} 2>&1", options.compiler, options.flags,
                  shell_quote(options.include_dir.string()), shell_quote(source.string()),
                  shell_quote(library.string()), shell_quote(exe.string()), shell_quote(log.string()));
  file.compiled = run_command(build) == 0;
  if (file.compiled)
    file.run_status = run_command(fmt::format("{} >> {} 2>&1", shell_quote(exe.string()), shell_quote(log.string())));
  file.seconds = seconds_since(start);
  return file;
}

}  // namespace palus::bench
