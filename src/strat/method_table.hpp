// The mapping methods a strategy string may name: one MethodEntry per method, listed in
// method_table.cpp. The parser takes the table as an argument so tests can parse strategies
// over methods of their own.
#pragma once

#include <string>
#include <vector>

#include "mapping/method.hpp"

namespace tartan {

// One line of the method table (src/strat/method_table.cpp): the name used in strategy
// strings, its parameters (for validation and the docs), and its factory.
struct MethodEntry {
  const char* name;
  const char* summary;
  const char* const* keys;  // null-terminated list of accepted parameter names
  MethodPtr (*make)(const MethodParams& params);
};

using MethodTable = std::vector<MethodEntry>;

// Every public mapping method, in the order the documentation lists them.
const MethodTable& mapping_method_table();

// The entry named `name`, or null.
const MethodEntry* find_method(const MethodTable& table, const std::string& name);

}  // namespace tartan
