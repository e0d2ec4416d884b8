// tinysql: the entry point, in the manner of a JDBC driver.
#pragma once

#include <memory>
#include <string>

#include "tinysql/connection.hpp"
#include "tinysql/properties.hpp"

namespace tinysql {

class Driver {
public:
    Driver() = default;

    // True for "tinysql:<name>" where <name> is an identifier: [A-Za-z_][A-Za-z0-9_]*.
    bool acceptsURL(const std::string& url) const;

    // Opens a connection to the in-memory database <name>. Connections to the same name share
    // their tables; a database lives as long as some open connection to it.
    // Returns nullptr when acceptsURL(url) is false (as JDBC does: "not my URL").
    // Recognised property: "readonly" = true|false|yes|no|1|0 (any case); other values throw
    // SqlError. Unknown properties are ignored.
    std::unique_ptr<Connection> connect(const std::string& url, const Properties& info);

    // Connections this driver has opened so far.
    int connectionCount() const;

private:
    static bool parseFlag(const std::string& key, const std::string& text);

    int connections_ = 0;
};

}  // namespace tinysql
