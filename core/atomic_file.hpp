#pragma once
// Writing output files so that an interrupted run never leaves a half-written one (DESIGN §3).

#include <filesystem>
#include <string_view>

namespace palus {

/// Replaces `path` with `content` atomically: creates the parent folders if needed, writes a
/// temporary file in the same folder (".<name>.tmp-<pid>-<n>"), flushes it to disk and renames
/// it over `path`. Readers see either the old file or the complete new one, never a part.
/// A new file gets the usual permissions (0666 minus the umask); an existing file keeps its
/// permission bits. On failure the temporary file is removed, `path` is left as it was, and a
/// UserError "cannot write <path>: <reason>" is thrown.
void write_file_atomically(const std::filesystem::path& path, std::string_view content);

/// write_file_atomically unless `path` already holds exactly `content`, so that tools which
/// look at modification times (ninja) see no change. Returns whether it wrote.
bool write_file_if_changed(const std::filesystem::path& path, std::string_view content);

}  // namespace palus
