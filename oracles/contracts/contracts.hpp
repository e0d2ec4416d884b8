#pragma once
// Every default contract check (DESIGN §8), included by each generated harness. A check takes the
// object(s) from the pool and returns an empty string when the contract holds, else a short
// message of what was violated. destructor_does_not_throw has no check: the harness's destroy
// phase reports a destructor that throws or crashes.

#include "oracles/contracts/copy_equals_original.hpp"
#include "oracles/contracts/equals_hash_consistent.hpp"
#include "oracles/contracts/equals_reflexive.hpp"
#include "oracles/contracts/less_irreflexive.hpp"
#include "oracles/contracts/not_equals_irreflexive.hpp"
#include "oracles/contracts/print_does_not_throw.hpp"
#include "oracles/contracts/self_assignment_keeps_value.hpp"
