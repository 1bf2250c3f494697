// `tartan arch hierarchy`: the machine hierarchy notation of seed 000 (Schulz and Träff, VieM),
// S = a1:a2:...:ak D = d1:d2:...:dk, written as the equivalent tree-leaf target.
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

const CommandSpec kHierarchySpec = {
    "arch hierarchy",
    "S=a1:...:ak D=d1:...:dk",
    "write the tleaf of a hierarchy given as S=4:16:8 D=1:10:100 (seed 000's notation)",
    "Writes the tree-leaf target of a homogeneous machine hierarchy in the notation of\n"
    "Schulz and Traeff (VieM): S lists the level sizes from the innermost outward -- a1\n"
    "cores per processor, a2 processors per node, a3 nodes per rack, ... -- and D the\n"
    "distance between two cores whose smallest common unit is a processor (d1), a node (d2),\n"
    "and so on. The terminals are the a1 x ... x ak cores, those of one processor consecutive.\n"
    "The tleaf lists the levels top first with the link cost of each, the differences of D:\n"
    "S=4:16:8 D=1:10:100 is `tleaf 3 8 90 16 9 4 1`. D must not decrease. The two items may\n"
    "also come as one argument (\"S=4:16:8 D=1:10:100\"), in either order.",
    {{'o', "output", "FILE", "write the target to FILE (default: standard output)"}},
    1,
    2};

std::vector<long long> parse_levels(const std::string& text, const std::string& what) {
  std::vector<long long> values;
  std::string item;
  std::istringstream in(text);
  const long long max_num = std::numeric_limits<TARTAN_Num>::max();
  while (std::getline(in, item, ':')) values.push_back(parse_integer(item, what, 0, max_num));
  if (values.empty() || text.back() == ':') throw UsageError(what + " '" + text + "' lists no level");
  return values;
}

int run_hierarchy(int argc, char** argv) {
  auto parsed = parse_command(kHierarchySpec, argc, argv);
  if (!parsed) return kExitOk;
  std::string joined;
  for (const std::string& arg : parsed->args()) joined += arg + " ";
  std::istringstream words(joined);
  std::string word, sizes_text, distances_text;
  while (words >> word) {
    if (word.rfind("S=", 0) == 0 && sizes_text.empty())
      sizes_text = word.substr(2);
    else if (word.rfind("D=", 0) == 0 && distances_text.empty())
      distances_text = word.substr(2);
    else
      throw UsageError("expected S=a1:...:ak and D=d1:...:dk, found '" + word + "'");
  }
  if (sizes_text.empty() || distances_text.empty())
    throw UsageError("give both S=a1:...:ak and D=d1:...:dk");
  const std::vector<long long> sizes = parse_levels(sizes_text, "S");
  const std::vector<long long> distances = parse_levels(distances_text, "D");
  if (sizes.size() != distances.size())
    throw UsageError("S has " + std::to_string(sizes.size()) + " levels and D " +
                     std::to_string(distances.size()));
  const std::size_t levels = sizes.size();
  std::vector<TARTAN_Num> sizetab(levels), linktab(levels);
  for (std::size_t i = 0; i < levels; ++i) {  // i counts from the innermost level
    const long long below = i == 0 ? 0 : distances[i - 1];
    if (distances[i] < below)
      throw UsageError("D must not decrease: d" + std::to_string(i + 1) + " = " +
                       std::to_string(distances[i]) + " < d" + std::to_string(i) + " = " +
                       std::to_string(below));
    sizetab[levels - 1 - i] = static_cast<TARTAN_Num>(sizes[i]);
    linktab[levels - 1 - i] = static_cast<TARTAN_Num>(distances[i] - below);
  }
  ArchHandle arch;
  check_call(TARTAN_archTleaf(arch.get(), static_cast<TARTAN_Num>(levels), sizetab.data(),
                              linktab.data()),
             "S=" + sizes_text + " D=" + distances_text);
  const std::string path = parsed->value("output", "-");
  OutputFile output(path);
  check_call(TARTAN_archSave(arch.get(), output.get()), path == "-" ? "standard output" : path);
  output.close();
  return kExitOk;
}

}  // namespace

int run_arch_hierarchy(int argc, char** argv) { return run_hierarchy(argc, argv); }

}  // namespace tartan_cli
