// tinysql demo: a correct use of the library, about a dozen SQL statements from connecting to
// closing. It is the sample execution palus records its call-sequence models from.
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "tinysql/tinysql.hpp"

namespace {

void printPeople(tinysql::ResultSet& people) {
    while (people.next()) {
        const long id = people.getInt("id");
        const std::string name = people.getString(2);
        const long age = people.getInt(3);
        std::cout << "  " << id << " " << name << " ";
        if (people.wasNull()) {
            std::cout << "(age unknown)\n";
        } else {
            std::cout << age << "\n";
        }
    }
}

int run() {
    tinysql::Driver driver;
    const std::string url = "tinysql:demo";
    if (!driver.acceptsURL(url)) return 1;

    tinysql::Properties props;
    props.set("user", "demo");
    props.set("ReadOnly", "false");
    std::unique_ptr<tinysql::Connection> conn = driver.connect(url, props);
    std::unique_ptr<tinysql::Statement> stmt = conn->createStatement();

    stmt->executeUpdate("CREATE TABLE people (id INT, name TEXT, age INT)");
    int inserted = stmt->executeUpdate("INSERT INTO people VALUES (1, 'alice', 34), (2, 'bob', 27)");
    inserted += stmt->executeUpdate("INSERT INTO people (id, name) VALUES (3, 'carol')");
    std::cout << "inserted " << inserted << " rows into " << conn->name() << "\n";

    std::unique_ptr<tinysql::ResultSet> rs = stmt->executeQuery("SELECT * FROM people");
    std::cout << "everyone (" << rs->rowCount() << " rows, " << rs->columnCount() << " columns):\n";
    printPeople(*rs);

    rs = stmt->executeQuery("SELECT name, age FROM people WHERE age >= 30");
    std::cout << "30 or older:\n";
    while (rs->next()) std::cout << "  " << rs->getString(1) << " " << rs->getInt(2) << "\n";
    rs->close();

    const int birthdays = stmt->executeUpdate("UPDATE people SET age = 28 WHERE name = 'bob'");
    const int renumbered = stmt->executeUpdate("UPDATE people SET id = 10 WHERE name = 'carol'");
    std::cout << "updated " << birthdays + renumbered << " rows\n";

    rs = stmt->executeQuery("SELECT * FROM people WHERE id > 1");
    std::cout << "id above 1:\n";
    printPeople(*rs);

    const int deleted = stmt->executeUpdate("DELETE FROM people WHERE id < 2");
    std::cout << "deleted " << deleted << " row\n";

    rs = stmt->executeQuery("SELECT id, name FROM people");
    const tinysql::IntColumn ids = rs->intColumn(1);
    const tinysql::TextColumn names = rs->textColumn(rs->findColumn("name"));
    std::cout << "left:";
    for (std::size_t i = 0; i < ids.size(); ++i) std::cout << " " << ids.at(i) << "=" << names.at(i);
    std::cout << "\n";
    rs->close();

    // A second, read-only connection to the same database sees the same table.
    tinysql::Properties readerProps;
    readerProps.set("User", "reporter");
    readerProps.set("readonly", "true");
    std::unique_ptr<tinysql::Connection> reader = driver.connect(url, readerProps);
    std::unique_ptr<tinysql::Statement> query = reader->createStatement();
    std::unique_ptr<tinysql::ResultSet> count = query->executeQuery("SELECT id FROM people WHERE id = 10");
    std::cout << "reader sees " << count->rowCount() << " row with id 10 in "
              << (reader->hasTable("people") ? "people" : "?") << "\n";
    try {
        query->executeUpdate("DROP TABLE people");
        return 1;
    } catch (const tinysql::SqlError& error) {
        std::cout << "reader may not write: " << error.what() << "\n";
    }
    count->close();
    query->close();
    reader->close();

    stmt->executeUpdate("DROP TABLE people");
    stmt->close();
    conn->close();
    std::cout << "closed: " << std::boolalpha << conn->isClosed() << " after "
              << driver.connectionCount() << " connections\n";
    return 0;
}

}  // namespace

int main() {
    try {
        return run();
    } catch (const tinysql::SqlError& error) {
        std::cerr << "demo failed: " << error.what() << "\n";
        return EXIT_FAILURE;
    }
}
