#pragma once
// How the generated files include the library's headers and the user's theories headers, as the
// library's own users spell them (relative to an include folder of the project).

#include <string>
#include <vector>

#include "palus/config/config.hpp"

namespace palus::writer {

/// The config's headers, each as #include spells it: "\"tinysql/value.hpp\"".
std::vector<std::string> header_includes(const Config& config);

/// The config's theories headers: relative to an include folder of the project when one holds
/// them, else relative to the config's folder (which the test builds add to the include path when
/// theories are configured, see suite/test_build.cpp).
std::vector<std::string> theories_includes(const Config& config);

}  // namespace palus::writer
