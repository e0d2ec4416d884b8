// argparse: a small command-line parser in the manner of JSAP. Include this for everything.
#pragma once

#include "argparse/arg_list.hpp"
#include "argparse/converter.hpp"
#include "argparse/error.hpp"
#include "argparse/flag.hpp"
#include "argparse/help_formatter.hpp"
#include "argparse/parameter.hpp"
#include "argparse/parse_result.hpp"
#include "argparse/parser.hpp"
