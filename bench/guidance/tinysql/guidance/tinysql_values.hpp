// SQL for tinysql's Statement, as Covana's top three suggestions asked: an UPDATE moving the last
// row's key up, INSERTs whose value counts do not match their columns, string literals that do
// not end or hold a doubled quote.
#pragma once

#include <palus/theory.hpp>

#include "tinysql/tinysql.hpp"

PALUS_PARAM_VALUES(tinysql::Statement::executeUpdate, sql, "UPDATE people SET id = 99 WHERE id = 2",
                   "UPDATE people SET id = 0 WHERE id = 1", "INSERT INTO people (id, name) VALUES (4)",
                   "INSERT INTO people VALUES (5, 'eve', 40, 1)")
PALUS_PARAM_VALUES(tinysql::Statement::executeQuery, sql, "SELECT * FROM people WHERE name = 'open",
                   "SELECT * FROM people WHERE name = 'it''s'")
