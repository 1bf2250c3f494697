// Option parsing, --help layout, subcommand dispatch and file helpers of the `tartan` command.
#include "tools/cli_common.hpp"

#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace tartan_cli {
namespace {

std::string active_command_path;

bool is_help_option(const std::string& arg) { return arg == "-h" || arg == "--help"; }

const OptionSpec kHelpOption = {'h', "help", nullptr, "show this help and exit"};

// "-o, --output FILE" as shown in the options table.
std::string option_label(const OptionSpec& option) {
  std::string label = option.short_name != '\0' ? std::string("-") + option.short_name + ", "
                                                : std::string("    ");
  label += std::string("--") + option.long_name;
  if (option.value_name != nullptr) label += std::string(" ") + option.value_name;
  return label;
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

const std::string& active_command() { return active_command_path; }
void set_active_command(const std::string& path) { active_command_path = path; }

void check_call(int code, const std::string& context) {
  if (code == TARTAN_OK) return;
  const char* message = TARTAN_errorMessage();
  std::string detail = (message != nullptr && message[0] != '\0')
                           ? std::string(message)
                           : std::string(TARTAN_errorString(code));
  // The library's message often names the file already: do not say it twice.
  if (detail.find(context) != std::string::npos) throw InputError(detail);
  throw InputError(context + ": " + detail);
}

// ---- Options ------------------------------------------------------------------------------
std::string ParsedCommand::value(const std::string& long_name, const std::string& fallback) const {
  auto found = values_.find(long_name);
  return found == values_.end() ? fallback : found->second;
}

void print_command_help(const CommandSpec& spec, std::FILE* stream) {
  std::fprintf(stream, "Usage: tartan %s [OPTIONS]%s%s\n\n%s\n", spec.path.c_str(),
               spec.arguments.empty() ? "" : " ", spec.arguments.c_str(), spec.summary.c_str());
  if (!spec.description.empty()) std::fprintf(stream, "\n%s\n", spec.description.c_str());
  std::vector<OptionSpec> options = spec.options;
  options.push_back(kHelpOption);
  std::size_t width = 0;
  for (const OptionSpec& option : options) width = std::max(width, option_label(option).size());
  std::fprintf(stream, "\nOptions:\n");
  for (const OptionSpec& option : options)
    std::fprintf(stream, "  %-*s  %s\n", static_cast<int>(width), option_label(option).c_str(),
                 option.help);
  std::fprintf(stream,
               "\nExit status: 0 success, 1 usage error, 2 bad or unreadable input.\n");
}

std::optional<ParsedCommand> parse_command(const CommandSpec& spec, int argc, char** argv) {
  set_active_command(spec.path);
  ParsedCommand parsed;
  auto find_long = [&](const std::string& name) -> const OptionSpec* {
    for (const OptionSpec& option : spec.options)
      if (name == option.long_name) return &option;
    return nullptr;
  };
  auto find_short = [&](char name) -> const OptionSpec* {
    for (const OptionSpec& option : spec.options)
      if (option.short_name == name) return &option;
    return nullptr;
  };
  bool options_ended = false;
  for (int index = 1; index < argc; ++index) {
    const std::string arg = argv[index];
    if (options_ended || arg == "-" || arg.empty() || arg[0] != '-') {
      parsed.args_.push_back(arg);
      continue;
    }
    if (arg == "--") {
      options_ended = true;
      continue;
    }
    if (is_help_option(arg)) {
      print_command_help(spec, stdout);
      return std::nullopt;
    }
    const OptionSpec* option = nullptr;
    std::optional<std::string> inline_value;  // "--output=X" or "-oX"
    std::string shown;                        // the option as the user wrote it
    if (arg.compare(0, 2, "--") == 0) {
      std::size_t equals = arg.find('=');
      shown = arg.substr(0, equals);
      option = find_long(shown.substr(2));
      if (equals != std::string::npos) inline_value = arg.substr(equals + 1);
    } else {
      shown = arg.substr(0, 2);
      option = find_short(arg[1]);
      if (arg.size() > 2) inline_value = arg.substr(2);
    }
    // A negative number is an argument, not an option, when the command has no such option.
    if (option == nullptr && arg.size() > 1 && std::isdigit(static_cast<unsigned char>(arg[1]))) {
      parsed.args_.push_back(arg);
      continue;
    }
    if (option == nullptr) throw UsageError("unknown option '" + shown + "'");
    if (option->value_name == nullptr) {
      if (inline_value) throw UsageError("option '" + shown + "' takes no value");
      parsed.values_[option->long_name] = "";
      continue;
    }
    if (!inline_value) {
      if (index + 1 >= argc)
        throw UsageError("option '" + shown + "' needs a value (" + option->value_name + ")");
      inline_value = std::string(argv[++index]);
    }
    parsed.values_[option->long_name] = *inline_value;
  }
  std::size_t count = parsed.args_.size();
  if (count < spec.min_args)
    throw UsageError(count == 0 ? "missing argument (" + spec.arguments + ")"
                                : "too few arguments (" + spec.arguments + ")");
  if (count > spec.max_args)
    throw UsageError("unexpected argument '" + parsed.args_[spec.max_args] + "'");
  return parsed;
}

std::optional<long long> parse_whole_integer(const std::string& text) {
  const std::size_t digits = !text.empty() && (text[0] == '-' || text[0] == '+') ? 1 : 0;
  if (text.size() == digits || !std::isdigit(static_cast<unsigned char>(text[digits])))
    return std::nullopt;  // strtoll would skip white space and accept an empty number
  errno = 0;
  char* end = nullptr;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (*end != '\0' || errno == ERANGE) return std::nullopt;
  return value;
}

long long parse_integer(const std::string& text, const std::string& what, long long min,
                        long long max) {
  const std::optional<long long> value = parse_whole_integer(text);
  if (!value) throw UsageError(what + " must be an integer, not '" + text + "'");
  if (*value < min || *value > max)
    throw UsageError(what + " must be between " + std::to_string(min) + " and " +
                     std::to_string(max) + ", not " + text);
  return *value;
}

// ---- Families -----------------------------------------------------------------------------
int dispatch_subcommands(const char* family, const char* summary,
                         const std::vector<Subcommand>& subcommands, int argc, char** argv) {
  set_active_command(family);
  auto print_family_help = [&](std::FILE* stream) {
    std::fprintf(stream, "Usage: tartan %s SUBCOMMAND [OPTIONS] [ARGUMENTS]\n\n%s\n\n", family,
                 summary);
    std::fprintf(stream, "Subcommands:\n");
    for (const Subcommand& subcommand : subcommands)
      std::fprintf(stream, "  %-10s %s\n", subcommand.name, subcommand.summary);
    std::fprintf(stream, "\nRun 'tartan %s SUBCOMMAND --help' for its options.\n", family);
  };
  if (argc < 2) throw UsageError("missing subcommand");
  const std::string name = argv[1];
  if (is_help_option(name)) {
    print_family_help(stdout);
    return kExitOk;
  }
  for (const Subcommand& subcommand : subcommands)
    if (name == subcommand.name) {
      set_active_command(std::string(family) + " " + name);
      return subcommand.run(argc - 1, argv + 1);
    }
  throw UsageError("unknown subcommand '" + name + "'");
}

// ---- Files --------------------------------------------------------------------------------
GraphFormat graph_format_of(const std::string& path) {
  std::string name = ends_with(path, ".gz") ? path.substr(0, path.size() - 3) : path;
  if (ends_with(name, ".mtx")) return GraphFormat::MatrixMarket;
  if (ends_with(name, ".graph") || ends_with(name, ".metis") || ends_with(name, ".chaco"))
    return GraphFormat::Metis;
  return GraphFormat::Scotch;
}

GraphFormat graph_format_named(const std::string& name) {
  if (name == "grf" || name == "scotch") return GraphFormat::Scotch;
  if (name == "metis" || name == "graph") return GraphFormat::Metis;
  if (name == "mtx" || name == "matrixmarket") return GraphFormat::MatrixMarket;
  throw UsageError("unknown graph format '" + name + "' (grf, metis or mtx)");
}

const char* graph_format_name(GraphFormat format) {
  switch (format) {
    case GraphFormat::Metis: return "metis";
    case GraphFormat::MatrixMarket: return "mtx";
    case GraphFormat::Scotch: break;
  }
  return "grf";
}

void read_graph(TARTAN_Graph* graph, const std::string& path, GraphFormat format,
                TARTAN_Num baseval) {
  const TARTAN_Num import_base = baseval < 0 ? 0 : baseval;
  switch (format) {
    case GraphFormat::Scotch:
      check_call(TARTAN_graphLoadPath(graph, path.c_str(), baseval, 0), path);
      break;
    case GraphFormat::Metis:
      check_call(
          TARTAN_graphImportPath(graph, path.c_str(), import_base, TARTAN_GRAPHFORMAT_METIS),
          path);
      break;
    case GraphFormat::MatrixMarket:
      check_call(TARTAN_graphImportPath(graph, path.c_str(), import_base,
                                        TARTAN_GRAPHFORMAT_MATRIXMARKET),
                 path);
      break;
  }
  check_call(TARTAN_graphCheck(graph), path);
}

void write_graph(const TARTAN_Graph* graph, const std::string& path) {
  if (path == "-") {
    check_call(TARTAN_graphSave(graph, stdout), "standard output");
    if (std::fflush(stdout) != 0) throw InputError("standard output: write error");
    return;
  }
  check_call(TARTAN_graphSavePath(graph, path.c_str()), path);
}

namespace {

// The temporary file of the OutputFile being written, removed by SIGINT, SIGTERM or SIGHUP
// before the signal takes its default course (the destination is never touched).
char pending_temporary[PATH_MAX + 16];
volatile sig_atomic_t pending_set = 0;

extern "C" void remove_temporary_and_die(int signal_number) {
  if (pending_set) unlink(pending_temporary);
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

// Records path ("" for none) as the temporary file to remove if the command is interrupted.
void register_temporary(const std::string& path) {
  static bool installed = false;
  pending_set = 0;
  if (path.empty() || path.size() >= sizeof pending_temporary) return;
  std::memcpy(pending_temporary, path.c_str(), path.size() + 1);
  pending_set = 1;
  if (!installed) {
    installed = true;
    for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction action;
      std::memset(&action, 0, sizeof action);
      action.sa_handler = remove_temporary_and_die;
      sigemptyset(&action.sa_mask);
      sigaction(signal_number, &action, nullptr);
    }
  }
}

}  // namespace

OutputFile::OutputFile(const std::string& path) : path_(path), stream_(stdout) {
  if (path == "-") return;
  // A regular (or new) file is written into a temporary file of its folder, renamed over it
  // by close() only when everything was written: an error, an exception or a signal never
  // leaves a half-written or destroyed file. A symbolic link is followed (it stays a link);
  // devices and pipes are written directly.
  final_path_ = path;
  struct stat info;
  if (lstat(path.c_str(), &info) == 0 && S_ISLNK(info.st_mode)) {
    char resolved[PATH_MAX];
    if (realpath(path.c_str(), resolved) != nullptr) final_path_ = resolved;
  }
  const bool exists = stat(final_path_.c_str(), &info) == 0;
  if (exists && !S_ISREG(info.st_mode)) {
    stream_ = std::fopen(path.c_str(), "w");
    if (stream_ == nullptr)
      throw InputError(path + ": cannot open for writing: " + std::strerror(errno));
    return;
  }
  const std::size_t slash = final_path_.rfind('/');
  std::string pattern = slash == std::string::npos
                            ? "." + final_path_ + ".XXXXXX"
                            : final_path_.substr(0, slash + 1) + "." +
                                  final_path_.substr(slash + 1) + ".XXXXXX";
  const int fd = mkstemp(&pattern[0]);
  if (fd < 0) throw InputError(path + ": cannot open for writing: " + std::strerror(errno));
  mode_t mode = info.st_mode & 07777;
  if (!exists) {
    const mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  fchmod(fd, mode);
  stream_ = fdopen(fd, "w");
  if (stream_ == nullptr) {
    const int reason = errno;
    ::close(fd);
    unlink(pattern.c_str());
    throw InputError(path + ": cannot open for writing: " + std::strerror(reason));
  }
  temp_path_ = pattern;
  register_temporary(temp_path_);
}

OutputFile::~OutputFile() {
  if (stream_ != nullptr && stream_ != stdout) std::fclose(stream_);
  if (!temp_path_.empty()) {
    unlink(temp_path_.c_str());
    register_temporary("");
  }
}

void OutputFile::close() {
  if (stream_ == nullptr) return;
  std::FILE* stream = stream_;
  stream_ = nullptr;
  bool failed = std::ferror(stream) != 0;
  failed = (stream == stdout ? std::fflush(stream) : std::fclose(stream)) != 0 || failed;
  if (!temp_path_.empty()) {
    if (!failed && std::rename(temp_path_.c_str(), final_path_.c_str()) != 0) failed = true;
    if (failed) unlink(temp_path_.c_str());
    temp_path_.clear();
    register_temporary("");
  }
  if (failed) throw InputError(path_ + ": write error");
}

}  // namespace tartan_cli
