// tinysql: a small in-memory SQL engine with a JDBC-like API. Include this for everything.
#pragma once

#include "tinysql/column.hpp"
#include "tinysql/column_type.hpp"
#include "tinysql/connection.hpp"
#include "tinysql/driver.hpp"
#include "tinysql/error.hpp"
#include "tinysql/properties.hpp"
#include "tinysql/result_set.hpp"
#include "tinysql/statement.hpp"
#include "tinysql/value.hpp"
