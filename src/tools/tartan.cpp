// The `tartan` command: `tartan FAMILY ...` hands over to the family's entry point; this file
// owns the top-level --help and --version and turns the families' errors into exit codes.
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "config.h"
#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/painter.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {
namespace {

// What this build was configured with (the library and the command are built together).
#ifdef HAVE_ZLIB
constexpr bool kWithZlib = true;
#else
constexpr bool kWithZlib = false;
#endif
#ifdef HAVE_HWLOC
constexpr bool kWithHwloc = true;
#else
constexpr bool kWithHwloc = false;
#endif

struct Family {
  const char* name;
  const char* summary;
  int (*run)(int argc, char** argv);  // argv[0] is the family's name
};

// The command families. Adding one: its cmd_NAME.cpp in src/tools/local.mk, one line here.
const Family kFamilies[] = {
    {"graph", "read, check, convert and generate source graphs", run_graph_command},
    {"arch", "inspect, restrict and build target architectures", run_arch_command},
    {"map", "map a graph onto a target (writes a .map file)", run_map_command},
    {"stats", "print the quality figures of a mapping (SCOTCH's gmtst)", run_stats_command},
    {"draw", "draw a mapping (SVG, PNG, PDF): the graph, or the machine with its loads", run_draw_command},
};

void print_usage(std::FILE* stream) {
  std::fprintf(stream,
               "Usage: tartan COMMAND [SUBCOMMAND] [OPTIONS] [ARGUMENTS]\n"
               "       tartan --help | --version\n");
}

void print_help() {
  print_usage(stdout);
  std::printf(
      "\nTartan maps the vertices of a communication graph onto the processing elements of a\n"
      "target architecture. Files use SCOTCH's formats (.grf graphs, .tgt targets, .map\n"
      "mappings).\n\nCommands:\n");
  for (const Family& family : kFamilies) std::printf("  %-8s %s\n", family.name, family.summary);
  std::printf(
      "\nRun 'tartan COMMAND --help' for its subcommands and options; 'man tartan' for more.\n"
      "Exit status: 0 success, 1 usage error, 2 bad or unreadable input.\n");
}

void print_version() {
  std::printf("tartan %s\n", TARTAN_version());
  std::printf("TARTAN_Num: %d bits\n", TARTAN_NUM_BITS);
  std::printf("zlib: %s\n", kWithZlib ? "yes" : "no");
  std::printf("hwloc: %s\n", kWithHwloc ? "yes" : "no");
  std::printf("cairo: %s\n", have_cairo() ? "yes (tartan draw: PNG and PDF)" : "no");
}

int run(int argc, char** argv) {
  set_active_command("");
  if (argc < 2) throw UsageError("missing command");
  const std::string name = argv[1];
  if (name == "-h" || name == "--help" || name == "help") {
    print_help();
    return kExitOk;
  }
  if (name == "--version" || name == "-V") {
    print_version();
    return kExitOk;
  }
  for (const Family& family : kFamilies)
    if (name == family.name) return family.run(argc - 1, argv + 1);
  if (name[0] == '-') throw UsageError("unknown option '" + name + "'");
  throw UsageError("unknown command '" + name + "'");
}

// "tartan graph info: " or "tartan: ".
std::string message_prefix() {
  return active_command().empty() ? std::string("tartan: ") : "tartan " + active_command() + ": ";
}

}  // namespace
}  // namespace tartan_cli

int main(int argc, char** argv) {
  using namespace tartan_cli;
  if (TARTAN_versionCheck(TARTAN_NUM_BITS) != TARTAN_OK) {
    std::fprintf(stderr, "tartan: %s\n", TARTAN_errorMessage());
    return kExitBadInput;
  }
  try {
    return run(argc, argv);
  } catch (const UsageError& error) {
    std::fprintf(stderr, "%s%s\n", message_prefix().c_str(), error.what());
    std::string hint = active_command().empty() ? "" : " " + active_command();
    std::fprintf(stderr, "Try 'tartan%s --help'.\n", hint.c_str());
    return kExitUsage;
  } catch (const InputError& error) {
    std::fprintf(stderr, "%s%s\n", message_prefix().c_str(), error.what());
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "%sout of memory\n", message_prefix().c_str());
    return kExitBadInput;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%sinternal error: %s\n", message_prefix().c_str(), error.what());
    return kExitBadInput;
  }
}
