#include "tinysql/driver.hpp"

#include "database.hpp"
#include "text.hpp"
#include "tinysql/error.hpp"

namespace tinysql {

namespace {
const std::string kPrefix = "tinysql:";
}

bool Driver::acceptsURL(const std::string& url) const {
    return url.compare(0, kPrefix.size(), kPrefix) == 0 &&
           detail::isIdentifier(url.substr(kPrefix.size()));
}

std::unique_ptr<Connection> Driver::connect(const std::string& url, const Properties& info) {
    if (!acceptsURL(url)) return nullptr;
    const bool readOnly = parseFlag("readonly", info.get("readonly"));
    const std::string name = url.substr(kPrefix.size());
    std::unique_ptr<Connection> connection(
        new Connection(name, detail::Database::open(name), readOnly));
    ++connections_;
    return connection;
}

int Driver::connectionCount() const {
    return connections_;
}

bool Driver::parseFlag(const std::string& key, const std::string& text) {
    const std::string value = detail::toLower(text);
    if (value.empty() || value == "false" || value == "no" || value == "0") return false;
    if (value == "true" || value == "yes" || value == "1") return true;
    throw SqlError("property " + key + " must be true or false, not '" + text + "'");
}

}  // namespace tinysql
