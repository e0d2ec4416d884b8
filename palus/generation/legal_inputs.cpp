#include "palus/generation/legal_inputs.hpp"

#include <algorithm>

#include "core/api_rules.hpp"

namespace palus::generation {

Sequence with_legal_lengths(const Sequence& sequence, const Catalog& catalog) {
  Sequence out = sequence;
  for (std::size_t k = 0; k < sequence.size(); ++k) {
    const CallableInfo& info = catalog.callables[sequence[k].callable];
    if (info.callable == nullptr || info.is_check()) continue;
    const api::Callable& f = *info.callable;
    const std::size_t first = info.is_method ? 1 : 0;
    for (std::size_t p = 0; p + 1 < f.params.size() && first + p < sequence[k].inputs.size(); ++p) {
      // An object array's objects are the harness's: one canonical input (a drawn or recorded one
      // would make two calls on the same count two sequences).
      if (catalog.api == nullptr || !api::is_object_array(*catalog.api, f, p)) continue;
      const Input& drawn = out[k].inputs[first + p];
      if (drawn.kind != InputKind::signed_integer || drawn.i != 0)
        out = out.with_input(k, first + p, Input::integer(0));
      // Its count as the harness passes it (0 to kMaxObjectArray): two draws past the most are one call.
      if (first + p + 1 >= sequence[k].inputs.size()) continue;
      const Input& count = out[k].inputs[first + p + 1];
      constexpr auto most = static_cast<std::int64_t>(api::kMaxObjectArray);
      if (count.kind == InputKind::signed_integer && (count.i < 0 || count.i > most))
        out = out.with_input(k, first + p + 1, Input::integer(count.i < 0 ? 0 : most));
      else if (count.kind == InputKind::unsigned_integer && count.u > api::kMaxObjectArray)
        out = out.with_input(k, first + p + 1, Input::unsigned_integer(api::kMaxObjectArray));
    }
    for (std::size_t p = 0; p < f.params.size() && first + p < sequence[k].inputs.size(); ++p) {
      // A test writes only in its own folder: a file path is kept below it (a sample's XPath text
      // "//Tool[...]" given to save_file wrote to the machine's root, which the sandbox refused
      // during generation, so the recorded `false` failed where the test ran as root).
      const Input& path = out[k].inputs[first + p];
      if (path.kind != InputKind::string || !api::is_file_path(f, p)) continue;
      if (std::string relative = api::relative_path(path.s); relative != path.s)
        out = out.with_input(k, first + p, Input::string(std::move(relative)));
    }
    for (std::size_t p = 1; p < f.params.size(); ++p) {
      if (first + p >= sequence[k].inputs.size()) continue;
      if (api::is_string_end(f, p)) {
        // The end is the begin's end, whatever was drawn: one canonical input, so that two calls
        // on the same text are one sequence.
        const bool null = out[k].inputs[first + p - 1].kind == InputKind::null_pointer;
        const Input end = null ? Input::null() : Input::string("");
        const Input& drawn = out[k].inputs[first + p];
        if (drawn.kind != end.kind || drawn.s != end.s) out = out.with_input(k, first + p, end);
        continue;
      }
      if (!api::is_string_length(f, p)) continue;
      const Input& text = out[k].inputs[first + p - 1];
      const Input& length = out[k].inputs[first + p];
      std::uint64_t most = 0;
      if (text.kind == InputKind::string)
        most = std::min(text.s.find('\0'), text.s.size());
      else if (text.kind != InputKind::null_pointer)
        continue;
      if (length.kind == InputKind::unsigned_integer && length.u > most) {
        out = out.with_input(k, first + p, Input::unsigned_integer(most));
      } else if (length.kind == InputKind::signed_integer &&
                 (length.i < 0 || static_cast<std::uint64_t>(length.i) > most)) {
        out = out.with_input(k, first + p, Input::integer(static_cast<std::int64_t>(most)));
      }
    }
  }
  return out;
}

}  // namespace palus::generation
