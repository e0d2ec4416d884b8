#include "argparse/error.hpp"

namespace argparse {

ArgumentError::ArgumentError(const std::string& message) : std::runtime_error(message) {}

}  // namespace argparse
