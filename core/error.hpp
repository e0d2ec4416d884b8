#pragma once
// Errors the user can fix (bad config, unparsable header, missing file). The message already
// names the place ("palus.yaml:12: unknown key 'time_limt' (did you mean 'time_limit'?)");
// `palus` prints it as is and exits with status 2. Anything else that escapes is a palus bug (1).

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace palus {

struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws a UserError whose message is "<where>: <formatted what>".
template <typename... Args>
[[noreturn]] void fail_at(const std::string& where, fmt::format_string<Args...> what, Args&&... args) {
  throw UserError(where + ": " + fmt::format(what, std::forward<Args>(args)...));
}

}  // namespace palus
