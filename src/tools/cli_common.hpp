// What every family of the `tartan` command shares: declaring a subcommand's options once (they
// drive both parsing and --help), dispatching a family to its subcommands, turning library
// errors into messages, reading graphs by file extension and writing outputs.
//
// Errors are thrown, not returned: a family throws UsageError (exit 1: the command line is
// wrong) or InputError (exit 2: an input is malformed, inconsistent or unreadable, or an output
// cannot be written); main() prints "tartan <command>: <message>" on stderr and exits.
// Only the public API (tartan.h) is used here, as in the rest of the command.
#pragma once

#include <cstdio>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tartan.h"
#include "tools/tools.hpp"

namespace tartan_cli {

// ---- Errors and exit codes ----------------------------------------------------------------
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The command being run ("graph info"), as far as parsing got: main() names it in messages and
// in the "Try 'tartan graph info --help'" hint.
const std::string& active_command();
void set_active_command(const std::string& path);

// Throws InputError("context: <library message>") when code is not TARTAN_OK; the message is
// TARTAN_errorMessage(), or TARTAN_errorString(code) when the library left none.
void check_call(int code, const std::string& context);

// ---- Options and --help -------------------------------------------------------------------
struct OptionSpec {
  char short_name;         // '\0' if none
  const char* long_name;   // without the leading "--"; the key for ParsedCommand lookups
  const char* value_name;  // nullptr for a flag, else the placeholder shown in --help
  const char* help;
};

struct CommandSpec {
  std::string path;                  // "graph info"
  std::string arguments;             // "GRAPH", shown after [OPTIONS] in the usage line
  std::string summary;               // one line, listed by the family's --help
  std::string description;           // paragraphs printed under the usage line
  std::vector<OptionSpec> options;   // --help is added to every command
  std::size_t min_args = 0;          // positional argument count bounds
  std::size_t max_args = 0;
};

class ParsedCommand {
 public:
  const std::vector<std::string>& args() const { return args_; }
  bool has(const std::string& long_name) const { return values_.count(long_name) != 0; }
  // The option's value, or fallback when it was not given.
  std::string value(const std::string& long_name, const std::string& fallback) const;

 private:
  friend std::optional<ParsedCommand> parse_command(const CommandSpec&, int, char**);
  std::vector<std::string> args_;
  std::map<std::string, std::string> values_;  // flags map to ""
};

// Parses argv (argv[0] is the subcommand's own name). Accepts "-o X", "-oX", "--output X",
// "--output=X", "--" (end of options) and "-" as a positional argument (standard input or
// output). With -h/--help, prints the help on stdout and returns nullopt (the caller exits 0).
// Unknown options, missing values and a wrong argument count throw UsageError.
std::optional<ParsedCommand> parse_command(const CommandSpec& spec, int argc, char** argv);

void print_command_help(const CommandSpec& spec, std::FILE* stream);

// The whole of text as a decimal integer (optional sign, nothing else); nullopt for anything
// else or beyond long long. The one number parser of the tools.
std::optional<long long> parse_whole_integer(const std::string& text);

// An integer in [min, max] given on the command line; anything else throws UsageError naming
// `what` ("dimension X").
long long parse_integer(const std::string& text, const std::string& what, long long min,
                        long long max);

// Terminal (or vertex) numbers as `arch sub` takes them: comma-separated numbers and ranges A-B,
// or @FILE; UsageError or InputError when malformed or empty (defined in cmd_arch.cpp, shared
// with `arch build -l`). With grid (a mesh or torus), items X:Y[:Z...] are node coordinates,
// turned into terminals by TARTAN_archGridTerm.
std::vector<TARTAN_Num> parse_terminal_list(const std::string& list,
                                            const TARTAN_Arch* grid = nullptr);

// ---- Families of subcommands --------------------------------------------------------------
struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(int argc, char** argv);  // argv[0] is the subcommand's name
};

// Runs `tartan FAMILY SUBCOMMAND ...` (argv[0] is the family's name): finds the subcommand,
// prints the family's --help, or throws UsageError for a missing or unknown subcommand.
int dispatch_subcommands(const char* family, const char* summary,
                         const std::vector<Subcommand>& subcommands, int argc, char** argv);

// ---- Handles ------------------------------------------------------------------------------
// Owns an initialised TARTAN_ handle for a scope: Handle<TARTAN_Graph, TARTAN_graphInit,
// TARTAN_graphExit> graph; then graph.get() wherever the API wants the pointer.
template <class T, int (*Init)(T*), void (*Exit)(T*)>
class Handle {
 public:
  Handle() { check_call(Init(&handle_), "initialising a handle"); }
  ~Handle() { Exit(&handle_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  T* get() { return &handle_; }
  const T* get() const { return &handle_; }

 private:
  T handle_;
};
using GraphHandle = Handle<TARTAN_Graph, TARTAN_graphInit, TARTAN_graphExit>;

// ---- Files --------------------------------------------------------------------------------
// Graph file formats, chosen from the file name (a ".gz" suffix is looked through):
// .grf/.src -> SCOTCH, .mtx -> Matrix Market, .graph/.metis/.chaco -> METIS. "-" (standard
// input) and unknown extensions are SCOTCH.
enum class GraphFormat { Scotch, Metis, MatrixMarket };
GraphFormat graph_format_of(const std::string& path);
// "grf", "metis" or "mtx" (the names --format accepts); UsageError for anything else.
GraphFormat graph_format_named(const std::string& name);
const char* graph_format_name(GraphFormat format);

// Reads a graph in the given format into graph and runs TARTAN_graphCheck on it. baseval 0 or 1
// renumbers; -1 keeps a SCOTCH file's base and gives foreign formats base 0. InputError names
// the path and the problem.
void read_graph(TARTAN_Graph* graph, const std::string& path, GraphFormat format,
                TARTAN_Num baseval = -1);

// Writes a .grf ("-" is standard output; a name ending in .gz is compressed).
void write_graph(const TARTAN_Graph* graph, const std::string& path);

// An output stream for the scope: "-" is stdout. close() reports write errors as InputError;
// the destructor closes silently (an exception already being reported).
class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  std::FILE* get() { return stream_; }
  void close();

 private:
  std::string path_;
  std::FILE* stream_;
  std::string temp_path_, final_path_;  // a regular file is written atomically (close renames)
};

}  // namespace tartan_cli
