#include "oracles/contracts/contract_id.hpp"

namespace palus::oracles {
namespace {

constexpr std::string_view kPrefix = "palus::contract::";

}  // namespace

std::string contract_id(const ContractUse& use) {
  std::string id = std::string(kPrefix) + use.name + "(" + use.type;
  for (unsigned i = 1; i < use.arity; ++i) id += ", " + use.type;
  return id + ")";
}

std::optional<ContractUse> parse_contract_id(const std::string& id) {
  if (id.rfind(kPrefix, 0) != 0 || id.empty() || id.back() != ')') return std::nullopt;
  const std::size_t open = id.find('(', kPrefix.size());
  if (open == std::string::npos) return std::nullopt;
  ContractUse use;
  use.name = id.substr(kPrefix.size(), open - kPrefix.size());
  const std::string args = id.substr(open + 1, id.size() - open - 2);
  // Types may hold ", " themselves (templates): the arity is the number of equal thirds.
  use.type = args;
  use.arity = 1;
  const std::size_t half = (args.size() - 2) / 2;
  if (args.size() > 2 && (args.size() - 2) % 2 == 0 && args.substr(half, 2) == ", " &&
      args.substr(0, half) == args.substr(half + 2)) {
    use.type = args.substr(0, half);
    use.arity = 2;
  }
  if (use.name.empty() || use.type.empty()) return std::nullopt;
  return use;
}

}  // namespace palus::oracles
