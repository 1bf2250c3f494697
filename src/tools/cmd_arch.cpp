// `tartan arch`: inspect targets, restrict them to terminal lists, build them from hwloc.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "tartan.h"
#include "tools/cli_common.hpp"
#include "tools/tools.hpp"

namespace tartan_cli {
namespace {

using ArchHandle = Handle<TARTAN_Arch, TARTAN_archInit, TARTAN_archExit>;

// Above this many terminal pairs `arch info` samples the pairs instead of visiting them all.
constexpr long long kExactPairLimit = 2'000'000;
constexpr long long kSampledPairs = 500'000;
// Above this many terminals it samples kSampledPairs terminals for the weights' min and max.
constexpr long long kExactWeightLimit = 2'000'000;
// Longest terminal list `arch sub` accepts (a typo such as 0-4000000000 must not eat memory).
constexpr long long kMaxListLength = 1LL << 26;

const OptionSpec kOutputOption = {'o', "output", "FILE",
                                  "write the target to FILE (default: standard output)"};

void load_target(ArchHandle& arch, const std::string& path) {
  if (path == "-")
    check_call(TARTAN_archLoadPath(arch.get(), "-"), "standard input");
  else
    check_call(TARTAN_archLoadPath(arch.get(), path.c_str()), path);
}

void save_target(const ArchHandle& arch, const std::string& path) {
  OutputFile output(path);
  check_call(TARTAN_archSave(arch.get(), output.get()), path == "-" ? "standard output" : path);
  output.close();
}

TARTAN_Num terminal_count(ArchHandle& arch, const std::string& path) {
  const TARTAN_Num size = TARTAN_archSize(arch.get());
  if (size < 0) check_call(TARTAN_EINVAL, path);
  return size;
}

TARTAN_ArchDom terminal_domain(ArchHandle& arch, TARTAN_Num terminal) {
  TARTAN_ArchDom dom;
  check_call(TARTAN_archDomTerm(arch.get(), &dom, terminal),
             "terminal " + std::to_string(terminal));
  return dom;
}

TARTAN_Num checked_value(TARTAN_Num value, const std::string& context) {
  if (value < 0) check_call(TARTAN_EINVAL, context);
  return value;
}

// ---- arch info ------------------------------------------------------------------------------
const CommandSpec kInfoSpec = {
    "arch info",
    "TARGET",
    "describe a target: kind, terminals, weights, distances",
    "Prints the kind, the terminal count, the minimum, maximum and sum of the terminal\n"
    "weights and the minimum, maximum and average distance between distinct terminals.\n"
    "Distances cover every pair up to " +
        std::to_string(kExactPairLimit) +
        " pairs; larger targets are measured on a fixed\n"
        "sample of " +
        std::to_string(kSampledPairs) +
        " pairs spread evenly over the pair space (the same on every run), and the\n"
        "output says so: the sampled minimum and maximum then bound the true ones from within.\n"
        "Terminal weights are likewise sampled above " +
        std::to_string(kExactWeightLimit) +
        " terminals (their sum is always exact).\n"
        "TARGET is a .tgt file, or - for standard input.",
    {},
    1,
    1};

// A deterministic sequence of points spread evenly over [0, count)^2: the R2 low-discrepancy
// sequence (fractional parts of i/g and i/g^2, g the plastic number). No random generator, so
// `arch info` prints the same figures on every run.
class EvenPairs {
 public:
  explicit EvenPairs(long long count) : count_(count) {}
  void next(long long& a, long long& b) {
    ++index_;
    a = coordinate(0.7548776662466927);
    b = coordinate(0.5698402909980532);
  }

 private:
  long long coordinate(double step) const {
    const double fraction = std::fmod(0.5 + step * static_cast<double>(index_), 1.0);
    return std::min(count_ - 1, static_cast<long long>(fraction * static_cast<double>(count_)));
  }
  long long count_;
  long long index_ = 0;
};

struct Summary {
  long long min = 0;
  long long max = 0;
  double sum = 0;
  long long count = 0;
  bool sampled = false;
  void add(long long value) {
    if (count == 0 || value < min) min = value;
    if (count == 0 || value > max) max = value;
    sum += value;
    ++count;
  }
};

// The terminal numbers of a deco target in increasing order (its terminals are numbered by
// label, not 0..size-1), collected from the leaves of its domain tree; empty for other kinds,
// numbered by position.
std::vector<TARTAN_Num> deco_terminal_numbers(ArchHandle& arch, const std::string& path) {
  std::vector<TARTAN_Num> numbers;
  if (std::strncmp(TARTAN_archName(arch.get()), "deco", 4) != 0) return numbers;
  std::vector<TARTAN_ArchDom> pending(1);
  check_call(TARTAN_archDomFrst(arch.get(), &pending[0]), path);
  while (!pending.empty()) {
    const TARTAN_ArchDom dom = pending.back();
    pending.pop_back();
    TARTAN_ArchDom halves[2];
    const int split = TARTAN_archDomBipart(arch.get(), &dom, &halves[0], &halves[1]);
    if (split < 0) check_call(split, path);
    if (split == 1) {
      numbers.push_back(checked_value(TARTAN_archDomNum(arch.get(), &dom), path));
    } else {
      pending.push_back(halves[1]);
      pending.push_back(halves[0]);
    }
  }
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

// Terminal number of the terminal at position index (0..size-1).
TARTAN_Num number_at(const std::vector<TARTAN_Num>& numbers, long long index) {
  return numbers.empty() ? static_cast<TARTAN_Num>(index) : numbers[static_cast<std::size_t>(index)];
}

TARTAN_Num terminal_weight(ArchHandle& arch, TARTAN_Num terminal) {
  const TARTAN_ArchDom dom = terminal_domain(arch, terminal);
  return checked_value(TARTAN_archDomWght(arch.get(), &dom),
                       "weight of terminal " + std::to_string(terminal));
}

// Terminal weights: every terminal up to kExactWeightLimit terminals, else an even sample.
Summary summarise_weights(ArchHandle& arch, TARTAN_Num size,
                          const std::vector<TARTAN_Num>& numbers) {
  Summary summary;
  if (size <= kExactWeightLimit) {
    for (TARTAN_Num terminal = 0; terminal < size; ++terminal)
      summary.add(terminal_weight(arch, number_at(numbers, terminal)));
    return summary;
  }
  summary.sampled = true;
  EvenPairs points(size);
  long long a = 0, b = 0;
  while (summary.count < kSampledPairs) {
    points.next(a, b);
    summary.add(terminal_weight(arch, number_at(numbers, a)));
  }
  return summary;
}

// Distances between distinct terminals: every pair up to kExactPairLimit pairs, else an even
// sample of kSampledPairs pairs.
Summary summarise_distances(ArchHandle& arch, TARTAN_Num size,
                            const std::vector<TARTAN_Num>& numbers) {
  Summary summary;
  auto distance = [&](const TARTAN_ArchDom& dom_a, const TARTAN_ArchDom& dom_b, long long a,
                      long long b) {
    return checked_value(
        TARTAN_archDomDist(arch.get(), &dom_a, &dom_b),
        "distance of terminals " + std::to_string(a) + " and " + std::to_string(b));
  };
  const long long count = size;
  if (count * (count - 1) / 2 <= kExactPairLimit) {
    std::vector<TARTAN_ArchDom> doms;
    for (TARTAN_Num terminal = 0; terminal < size; ++terminal)
      doms.push_back(terminal_domain(arch, number_at(numbers, terminal)));
    for (long long a = 0; a < count; ++a)
      for (long long b = a + 1; b < count; ++b) summary.add(distance(doms[a], doms[b], a, b));
    return summary;
  }
  summary.sampled = true;
  EvenPairs pairs(count);
  long long a = 0, b = 0;
  while (summary.count < kSampledPairs) {
    pairs.next(a, b);
    if (a == b) continue;
    const TARTAN_ArchDom dom_a = terminal_domain(arch, number_at(numbers, a));
    const TARTAN_ArchDom dom_b = terminal_domain(arch, number_at(numbers, b));
    summary.add(distance(dom_a, dom_b, a, b));
  }
  return summary;
}

// The "shape" line: the geometry of the machine behind the target (TARTAN_archShape), e.g.
// "torus 4 x 4 x 4", "tree 2 x 3 (children per level)", "hcub 3 dimensions", with "(N of its
// M nodes)" for a sub target.
void print_shape(ArchHandle& arch, const std::string& path, TARTAN_Num size) {
  int shape = TARTAN_ARCHSHAPE_NONE;
  TARTAN_Num dimnbr = 0, nodenbr = 0;
  check_call(TARTAN_archShape(arch.get(), &shape, &dimnbr, nullptr, &nodenbr, nullptr), path);
  std::vector<TARTAN_Num> dims(static_cast<std::size_t>(dimnbr));
  check_call(TARTAN_archShape(arch.get(), &shape, &dimnbr, dims.data(), &nodenbr, nullptr), path);
  static const char* const kNames[] = {"none", "mesh", "torus", "hcub", "tree"};
  std::string text = kNames[shape];
  if (shape == TARTAN_ARCHSHAPE_HCUB) {
    text += " " + std::to_string(dimnbr) + " dimensions";
  } else {
    for (std::size_t d = 0; d < dims.size(); ++d)
      text += (d == 0 ? " " : " x ") + std::to_string(dims[d]);
    if (shape == TARTAN_ARCHSHAPE_TREE) text += " (children per level)";
  }
  if (size < nodenbr)
    text += " (" + std::to_string(size) + " of its " + std::to_string(nodenbr) + " nodes)";
  std::printf("shape      %s\n", text.c_str());
}

int run_info(int argc, char** argv) {
  auto parsed = parse_command(kInfoSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::string path = parsed->args()[0];
  ArchHandle arch;
  load_target(arch, path);

  std::printf("kind       %s\n", TARTAN_archName(arch.get()));
  if (TARTAN_archVar(arch.get()) == 1) {
    std::printf("terminals  variable (as many as a mapping needs)\n");
    return kExitOk;
  }
  const TARTAN_Num size = terminal_count(arch, path);
  std::printf("terminals  %lld\n", static_cast<long long>(size));
  print_shape(arch, path, size);

  // The sum is the whole target's weight, exact even when min and max are sampled.
  TARTAN_ArchDom first;
  check_call(TARTAN_archDomFrst(arch.get(), &first), path);
  const TARTAN_Num weight_sum = checked_value(TARTAN_archDomWght(arch.get(), &first), path);
  const std::vector<TARTAN_Num> numbers = deco_terminal_numbers(arch, path);
  const Summary weights = summarise_weights(arch, size, numbers);
  std::printf("weights    min %lld  max %lld  sum %lld%s\n", weights.min, weights.max,
              static_cast<long long>(weight_sum),
              weights.sampled ? "  (min and max sampled)" : "");

  if (size < 2) {
    std::printf("distances  none (a single terminal)\n");
    return kExitOk;
  }
  const Summary distances = summarise_distances(arch, size, numbers);
  const long long all_pairs = static_cast<long long>(size) * (size - 1) / 2;
  std::printf("distances  min %lld  max %lld  avg %.4f  (%s %lld of %lld pairs)\n", distances.min,
              distances.max, distances.sum / static_cast<double>(distances.count),
              distances.sampled ? "sampled" : "all", distances.count, all_pairs);
  return kExitOk;
}

// ---- arch dist ------------------------------------------------------------------------------
const CommandSpec kDistSpec = {
    "arch dist",
    "TARGET A B",
    "print the distance between terminals A and B",
    "Prints the distance between terminals A and B of TARGET (numbered from 0; deco targets\n"
    "by label, the target-graph vertex, as SCOTCH numbers them): the number\n"
    "of hops, or the sum of the link costs crossed for tree-leaf targets.",
    {},
    3,
    3};

int run_dist(int argc, char** argv) {
  auto parsed = parse_command(kDistSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::string path = parsed->args()[0];
  const long long max_num = std::numeric_limits<TARTAN_Num>::max();
  const TARTAN_Num a = static_cast<TARTAN_Num>(parse_integer(parsed->args()[1], "A", 0, max_num));
  const TARTAN_Num b = static_cast<TARTAN_Num>(parse_integer(parsed->args()[2], "B", 0, max_num));
  ArchHandle arch;
  load_target(arch, path);
  const TARTAN_ArchDom dom_a = terminal_domain(arch, a);
  const TARTAN_ArchDom dom_b = terminal_domain(arch, b);
  const TARTAN_Num distance =
      checked_value(TARTAN_archDomDist(arch.get(), &dom_a, &dom_b), "distance");
  std::printf("%lld\n", static_cast<long long>(distance));
  return kExitOk;
}

// ---- arch sub -------------------------------------------------------------------------------
const CommandSpec kLinksSpec = {
    "arch links",
    "TARGET",
    "print the nodes and directed links of a target's network",
    "Prints the network of TARGET (doc/networks.md): a line \"nodes N links L terminals T\",\n"
    "then one line per directed link: its number, tail node, head node and bandwidth. Nodes\n"
    "0 to T-1 are the terminals, switches follow. Targets without links (variable-sized\n"
    "kinds, a deco 0 read from a file) are refused.",
    {{'o', "output", "FILE", "write to FILE (default: standard output)"}},
    1,
    1};

int run_links(int argc, char** argv) {
  auto parsed = parse_command(kLinksSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::string path = parsed->args()[0];
  ArchHandle arch;
  load_target(arch, path);
  TARTAN_Num nodenbr, linknbr;
  check_call(TARTAN_archLinkCount(arch.get(), &nodenbr, &linknbr), path);
  const std::size_t count = static_cast<std::size_t>(linknbr);
  std::vector<TARTAN_Num> source(count), target(count);
  std::vector<double> bandwidth(count);
  check_call(TARTAN_archLinks(arch.get(), source.data(), target.data(), bandwidth.data()), path);
  const std::string output = parsed->value("output", "-");
  OutputFile out(output);
  std::fprintf(out.get(), "nodes %lld links %lld terminals %lld\n",
               static_cast<long long>(nodenbr), static_cast<long long>(linknbr),
               static_cast<long long>(TARTAN_archSize(arch.get())));
  for (std::size_t l = 0; l < count; ++l)
    std::fprintf(out.get(), "%zu\t%lld\t%lld\t%g\n", l, static_cast<long long>(source[l]),
                 static_cast<long long>(target[l]), bandwidth[l]);
  out.close();
  return kExitOk;
}

const CommandSpec kSubSpec = {
    "arch sub",
    "TARGET LIST",
    "restrict a target to a list of its terminals",
    "Writes the `sub` target made of the listed terminals of TARGET, in the order given:\n"
    "terminal k of the result is the k-th listed terminal. LIST is comma-separated terminal\n"
    "numbers and ranges A-B (A..B inclusive, ascending), e.g. 0,2,8-11; @FILE reads the\n"
    "same items from FILE, separated by commas, blanks or line breaks (a scheduler's node\n"
    "list). On a mesh or torus an item may also be node coordinates X:Y or X:Y:Z (x first,\n"
    "one per dimension), e.g. 0:0:0,3:1:2: terminal x + y*X + z*X*Y. Repeated or\n"
    "out-of-range terminals are refused. The result keeps TARGET's links and routes.",
    {kOutputOption},
    2,
    2};

// Appends the terminals of one item ("7", "4-9", or coordinates "3:1:2" on a grid) of a list.
void append_list_item(const std::string& item, const std::string& where,
                      std::vector<TARTAN_Num>& terminals, const TARTAN_Arch* grid) {
  const long long max_num = std::numeric_limits<TARTAN_Num>::max();
  if (item.find(':') != std::string::npos) {
    if (grid == nullptr)
      throw UsageError("coordinates '" + item + "' in " + where + " need a mesh or torus target");
    std::vector<TARTAN_Num> coords;
    std::size_t from = 0;
    for (;;) {
      const std::size_t colon = item.find(':', from);
      coords.push_back(static_cast<TARTAN_Num>(
          parse_integer(item.substr(from, colon - from), "coordinate in " + where, 0, max_num)));
      if (colon == std::string::npos) break;
      from = colon + 1;
    }
    TARTAN_Num terminal = 0;
    check_call(TARTAN_archGridTerm(grid, static_cast<TARTAN_Num>(coords.size()), coords.data(),
                                   &terminal),
               "coordinates '" + item + "' in " + where);
    terminals.push_back(terminal);
    return;
  }
  const std::size_t dash = item.find('-', 1);
  if (dash == std::string::npos) {
    terminals.push_back(
        static_cast<TARTAN_Num>(parse_integer(item, "terminal in " + where, 0, max_num)));
    return;
  }
  const long long first = parse_integer(item.substr(0, dash), "range start in " + where, 0, max_num);
  const long long last = parse_integer(item.substr(dash + 1), "range end in " + where, 0, max_num);
  if (last < first)
    throw UsageError("range '" + item + "' in " + where + " is descending");
  if (last - first >= kMaxListLength - static_cast<long long>(terminals.size()))
    throw UsageError("range '" + item + "' in " + where + " makes the list longer than " +
                     std::to_string(kMaxListLength) + " terminals");
  for (long long terminal = first; terminal <= last; ++terminal)
    terminals.push_back(static_cast<TARTAN_Num>(terminal));
}

}  // namespace

std::vector<TARTAN_Num> parse_terminal_list(const std::string& list, const TARTAN_Arch* grid) {
  std::vector<TARTAN_Num> terminals;
  std::string text = list;
  std::string where = "LIST";
  if (!list.empty() && list[0] == '@') {
    const std::string path = list.substr(1);
    std::ifstream file(path);
    if (!file) throw InputError(path + ": cannot open: " + std::strerror(errno));
    std::ostringstream content;
    content << file.rdbuf();
    text = content.str();
    where = path;
  }
  std::string item;
  auto flush_item = [&] {
    if (!item.empty()) append_list_item(item, where, terminals, grid);
    item.clear();
  };
  for (char c : text) {
    if (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r')
      flush_item();
    else
      item += c;
  }
  flush_item();
  if (terminals.empty()) throw UsageError(where + " lists no terminal");
  return terminals;
}

namespace {

int run_sub(int argc, char** argv) {
  auto parsed = parse_command(kSubSpec, argc, argv);
  if (!parsed) return kExitOk;
  const std::string path = parsed->args()[0];
  ArchHandle original;
  load_target(original, path);
  const std::vector<TARTAN_Num> terminals = parse_terminal_list(parsed->args()[1], original.get());
  ArchHandle sub;
  check_call(TARTAN_archSub(sub.get(), original.get(), static_cast<TARTAN_Num>(terminals.size()),
                            terminals.data()),
             path);
  save_target(sub, parsed->value("output", "-"));
  return kExitOk;
}

// ---- arch hwloc -----------------------------------------------------------------------------
const CommandSpec kHwlocSpec = {
    "arch hwloc",
    "",
    "write the target of this machine (or of an hwloc topology) found by hwloc",
    "Builds a tree-leaf target from an hwloc topology: this machine restricted to the PUs\n"
    "this process may use (cgroup/cpuset), an hwloc XML file (lstopo --of xml), or an hwloc\n"
    "synthetic description such as \"pack:2 numa:2 core:8 pu:2\". Terminal k is the PU of\n"
    "logical index k. Levels are the hwloc depths that branch; a level's link cost depends\n"
    "on the object whose children it separates: core 1, cache 2, group 4 (dies, NUMA groups\n"
    "inside a package), package 4, machine 10, cluster 100; a distance sums the costs of\n"
    "the levels crossed. --costs (else the environment variable TARTAN_HWLOC_COSTS) changes\n"
    "them, e.g. --costs core=1,cache=3,machine=40. Irregular or partially allowed machines\n"
    "give a `sub` of the regular tree. Needs a Tartan built with hwloc.",
    {{'x', "xml", "FILE", "read the topology from an hwloc XML file"},
     {'s', "synthetic", "DESC", "use an hwloc synthetic topology description"},
     {'c', "costs", "LIST", "link costs as class=cost items, e.g. core=1,machine=40"},
     kOutputOption},
    0,
    0};

int run_hwloc(int argc, char** argv) {
  auto parsed = parse_command(kHwlocSpec, argc, argv);
  if (!parsed) return kExitOk;
  if (parsed->has("xml") && parsed->has("synthetic"))
    throw UsageError("give --xml or --synthetic, not both");
  const std::string xml = parsed->value("xml", "");
  const std::string synthetic = parsed->value("synthetic", "");
  const std::string costs = parsed->value("costs", "");
  ArchHandle arch;
  check_call(TARTAN_archHwlocCosts(arch.get(), parsed->has("xml") ? xml.c_str() : nullptr,
                                   parsed->has("synthetic") ? synthetic.c_str() : nullptr,
                                   parsed->has("costs") ? costs.c_str() : nullptr),
             parsed->has("xml") ? xml : parsed->has("synthetic") ? "synthetic topology" : "hwloc");
  save_target(arch, parsed->value("output", "-"));
  return kExitOk;
}

// The subcommands, in the order --help lists them.
const std::vector<Subcommand> kArchSubcommands = {
    {"info", "describe a target: kind, terminals, weights, distances", run_info},
    {"dist", "print the distance between two terminals", run_dist},
    {"sub", "restrict a target to a list of its terminals", run_sub},
    {"links", "print the nodes and directed links of a target's network", run_links},
    {"hwloc", "write the target of this machine found by hwloc", run_hwloc},
    {"build", "build a deco or net target from a target graph", run_arch_build},
    {"hierarchy", "write the tleaf of a hierarchy S=4:16:8 D=1:10:100", run_arch_hierarchy},
};

}  // namespace

int run_arch_command(int argc, char** argv) {
  return dispatch_subcommands("arch", "Inspect, restrict and build target architectures.",
                              kArchSubcommands, argc, argv);
}

}  // namespace tartan_cli
