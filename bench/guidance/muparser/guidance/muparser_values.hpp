// Formulas for mu::ParserBase::SetExpr, as Covana's top three suggestions asked: text for which
// the bytecode and the token kinds take the cases never run (comparisons, *, /, ^, powers of a
// variable, parentheses, ?:), over the variables a and b that the sample program defines.
#pragma once

#include <palus/theory.hpp>

#include "muParser.h"

PALUS_PARAM_VALUES(mu::ParserBase::SetExpr, a_sExpr, "a<=b", "a>=b", "a!=b", "a==b", "a<b", "a>b", "a*b", "a/b", "a^b",
                   "a^2", "a^3", "a^4", "a*2", "(a+b)*(a-b)", "a<b ? a : b", "a && b || a", "sin(a)*b")
