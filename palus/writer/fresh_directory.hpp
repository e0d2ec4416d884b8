#pragma once
// The fixture every written test runs in (issue 23): a fresh empty working directory under the
// system's temp folder, removed afterwards, so that a file one test writes ("no such table", a
// saved document) is never seen by another, in any order and from any folder.

#include <set>
#include <string>

namespace palus::writer {

/// Standard headers the fixture needs.
const std::set<std::string>& fresh_directory_includes();

/// The fixture's definition and, for each GoogleTest suite name in `suites`, an alias of it that
/// TEST_F takes. Identical in every file, so that files linked into one program agree.
std::string fresh_directory_fixture(const std::set<std::string>& suites);

}  // namespace palus::writer
