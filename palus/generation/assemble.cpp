#include "palus/generation/assemble.hpp"

namespace palus::generation {

std::optional<Assembled> assemble(const std::vector<Sequence>& parts, std::vector<ChosenInput> inputs,
                                  std::uint32_t callable, std::size_t max_statements) {
  std::vector<const Sequence*> part_pointers;
  std::size_t length = 1;
  for (const auto& p : parts) {
    part_pointers.push_back(&p);
    length += p.size();
  }
  if (length > max_statements) return std::nullopt;
  Assembled out;
  Sequence base = Sequence::concatenated(part_pointers, out.offsets);
  Statement statement;
  statement.callable = callable;
  for (auto& c : inputs) {
    if (c.part < 0)
      statement.inputs.push_back(std::move(c.literal));
    else
      statement.inputs.push_back(Input::result_of(out.offsets[static_cast<std::size_t>(c.part)] + c.statement));
  }
  out.sequence = base.extended(std::move(statement));
  return out;
}

}  // namespace palus::generation
