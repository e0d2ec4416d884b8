#include "bench/shell.hpp"

#include <stdlib.h>

#include <cstdio>
#include <stdexcept>

#include "core/process.hpp"

namespace palus::bench {

int run_command(const std::string& command) {
  process::ProcessSpec spec;
  spec.exe = "/bin/sh";
  spec.args = {"-c", command};
  spec.env = process::environment_with({});
  spec.output_cap = 1 << 20;
  const process::ProcessResult ran = process::run_process(spec);
  std::fwrite(ran.output.data(), 1, ran.output.size(), stdout);
  std::fflush(stdout);
  return ran.started ? ran.exit_status : -1;
}

std::filesystem::path fresh_temp_dir(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

}  // namespace palus::bench
