// The mapping methods a strategy string may name: one MethodEntry per method, listed in
// method_table.cpp. The parser takes the table as an argument so tests can parse strategies
// over methods of their own.
#pragma once

#include <string>
#include <vector>

#include "strat/method_params.hpp"

namespace tartan {

using MethodTable = std::vector<MethodEntry>;

// Every public mapping method, in the order the documentation lists them.
const MethodTable& mapping_method_table();

// The entry named `name`, or null.
const MethodEntry* find_method(const MethodTable& table, const std::string& name);

}  // namespace tartan
