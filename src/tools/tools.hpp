// The `tartan` command: one entry point per subcommand family, each in its own file, all
// calling only the public API (tartan.h). Exit codes: 0 success, 1 usage error, 2 bad input.
#pragma once

namespace tartan_cli {

constexpr int kExitOk = 0;
constexpr int kExitUsage = 1;
constexpr int kExitBadInput = 2;

// argv[0] is the family name ("graph", "arch", ...); each prints its own --help.
int run_graph_command(int argc, char** argv);  // cmd_graph.cpp
int run_arch_command(int argc, char** argv);   // cmd_arch.cpp
int run_arch_build(int argc, char** argv);     // cmd_arch_build.cpp: `arch build`
int run_arch_hierarchy(int argc, char** argv); // cmd_arch_hierarchy.cpp: `arch hierarchy`
int run_map_command(int argc, char** argv);    // cmd_map.cpp
int run_stats_command(int argc, char** argv);  // cmd_stats.cpp
int run_draw_command(int argc, char** argv);   // cmd_draw.cpp (draw_target.cpp: `draw target`)

}  // namespace tartan_cli
