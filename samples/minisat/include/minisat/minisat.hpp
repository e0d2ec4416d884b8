// minisat: a small CDCL SAT solver with clause shapes and a DIMACS reader. Include this for
// everything.
#pragma once

#include "minisat/clause.hpp"
#include "minisat/dimacs.hpp"
#include "minisat/lit_vec.hpp"
#include "minisat/model.hpp"
#include "minisat/solver.hpp"
