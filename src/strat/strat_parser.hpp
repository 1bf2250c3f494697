// Strategy strings (doc/strategy.md) turned into method trees. Every method is built while
// parsing, so a wrong parameter is reported by TARTAN_stratGraphMap, not at mapping time.
#pragma once

#include <memory>
#include <string>

#include "mapping/method.hpp"
#include "strat/method_table.hpp"

namespace tartan {

// The parameters every method of a strategy accepts besides its own: its imbalance tolerance,
// and the room (load units above a terminal's mean share) up to which the step's tolerance is
// raised within the enclosing one.
constexpr const char* kImbalanceKey = "bal";
constexpr const char* kRoomKey = "room";

// Parses text against table. Throws Error(format) "position N: reason" (N counts characters
// from 1) for syntax errors, unknown methods, variables or parameters and bad values.
MethodPtr parse_strategy(const std::string& text, const MethodTable& table);

// Parses text as exactly one call `NAME{key=value,...}` of entry (NAME = entry.name, keys among
// entry.keys; `bal` only if listed there) and returns its parameters: how options are given to
// what is not a mapping method (TARTAN_archBuild0's bipartitioning). entry.make is not called.
// Throws Error(format) "position N: reason" otherwise.
std::unique_ptr<MethodParams> parse_method_call(const std::string& text, const MethodEntry& entry);

}  // namespace tartan
