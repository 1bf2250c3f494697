// C API: target architectures and their domains (SCOTCH's shapes). Each body unwraps, checks
// and calls the internals in src/arch.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <utility>
#include <ostream>
#include <vector>

#include "arch/arch_factory.hpp"
#include "arch/arch_shape.hpp"
#include "arch/network.hpp"
#include "io/compressed_stream.hpp"
#include "library/api.hpp"
#include "library/arch_handle.hpp"

namespace tartan::api {

static_assert(sizeof(TARTAN_ArchDom) >= sizeof(Domain::word), "TARTAN_ArchDom too small");

ArchPtr arch_of(const TARTAN_Arch* handle) {
  ArchPtr arch = unwrap<ArchHolder>(handle).arch;
  if (!arch) fail_invalid("TARTAN_Arch holds no target yet (build or load one first)");
  return arch;
}

void check_arch_handle(const TARTAN_Arch* handle) { unwrap<ArchHolder>(handle); }

void set_arch(TARTAN_Arch* handle, ArchPtr arch) { unwrap<ArchHolder>(handle).arch = std::move(arch); }

namespace {

constexpr const char* kStreamName = "stream";

// The domain a user hands in, checked against the target it is used with.
Domain domain_in(const Architecture& arch, const TARTAN_ArchDom* dom, const char* what) {
  require(dom, what);
  Domain domain;
  std::memcpy(domain.word.data(), dom, sizeof domain.word);
  for (int i = arch.domain_words(); i < Domain::kWords; ++i)
    if (domain.word[i] != 0)  // words the kind does not use are zero in every domain it makes
      fail_invalid(std::string(what) + " is not a domain of this " + arch.kind_name() + " target");
  arch.check_domain(domain);
  return domain;
}

void domain_out(const Domain& domain, TARTAN_ArchDom* dom) {
  std::memset(static_cast<void*>(dom), 0, sizeof *dom);
  std::memcpy(static_cast<void*>(dom), domain.word.data(), sizeof domain.word);
}

// Reads a target from input: the whole input (whole: nothing may follow), or one description.
ArchPtr load(io::InputBuffer& input, bool whole = true) {
  io::TextReader reader(input);
  try {
    return whole ? read_architecture(reader) : read_one_architecture(reader);
  } catch (const Error&) {
    input.throw_if_failed();  // a read or decompression error explains the parse error
    throw;
  }
}

void save(const Architecture& arch, io::OutputBuffer& buffer) {
  std::ostream out(&buffer);
  write_architecture(arch, out);
  out.flush();
  buffer.finish();
}

// Copies a caller's array of count numbers (count checked first).
std::vector<Num> numbers(const TARTAN_Num* table, TARTAN_Num count, const char* what) {
  if (count < 1)
    fail_invalid(std::string(what) + " count is " + std::to_string(count) + ", must be at least 1");
  require(table, what);
  return std::vector<Num>(table, table + count);
}

}  // namespace
}  // namespace tartan::api

using namespace tartan;
using namespace tartan::api;

extern "C" {

TARTAN_API int TARTAN_archSizeof(void) { return int(sizeof(TARTAN_Arch)); }

TARTAN_API TARTAN_Arch* TARTAN_archAlloc(void) {
  return static_cast<TARTAN_Arch*>(std::malloc(sizeof(TARTAN_Arch)));
}

TARTAN_API int TARTAN_archInit(TARTAN_Arch* arch) {
  return guarded(__func__, [&] { init_handle(arch, std::make_unique<ArchHolder>()); });
}

TARTAN_API void TARTAN_archExit(TARTAN_Arch* arch) { exit_handle<ArchHolder>(arch); }

TARTAN_API int TARTAN_archLoad(TARTAN_Arch* arch, FILE* stream) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    io::InputBuffer input(require(stream, "stream"), kStreamName, true);
    set_arch(arch, load(input, false));
  });
}

TARTAN_API int TARTAN_archLoadPath(TARTAN_Arch* arch, const char* path) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    auto input = io::InputBuffer::open(require(path, "path"));
    set_arch(arch, load(*input));
  });
}

TARTAN_API int TARTAN_archSave(const TARTAN_Arch* arch, FILE* stream) {
  return guarded(__func__, [&] {
    const ArchPtr target = arch_of(arch);
    io::OutputBuffer out(require(stream, "stream"), kStreamName, false);
    save(*target, out);
  });
}

TARTAN_API int TARTAN_archSavePath(const TARTAN_Arch* arch, const char* path) {
  return guarded(__func__, [&] {
    const ArchPtr target = arch_of(arch);
    auto out = io::OutputBuffer::create(require(path, "path"));
    save(*target, *out);
  });
}

TARTAN_API const char* TARTAN_archName(const TARTAN_Arch* arch) {
  return guarded_value(__func__, "", [&] { return arch_of(arch)->kind_name(); });
}

TARTAN_API TARTAN_Num TARTAN_archSize(const TARTAN_Arch* arch) {
  return guarded_value(__func__, TARTAN_Num(-1), [&] { return arch_of(arch)->size(); });
}

TARTAN_API int TARTAN_archGridTerm(const TARTAN_Arch* arch, TARTAN_Num dimnbr,
                                   const TARTAN_Num* coordtab, TARTAN_Num* termptr) {
  return guarded(__func__, [&] {
    const ArchPtr target = arch_of(arch);
    *require(termptr, "termptr") = grid_terminal_at(*target, require(coordtab, "coordtab"), dimnbr);
  });
}

TARTAN_API int TARTAN_archNetwork(TARTAN_Arch* arch, TARTAN_Num baseval, TARTAN_Num nodenbr,
                                  const TARTAN_Num* verttab, const TARTAN_Num* slottab,
                                  const TARTAN_Num* edgetab, const TARTAN_Num* bwtab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_network_from_csr(baseval, nodenbr, verttab, slottab, edgetab, bwtab));
  });
}

TARTAN_API int TARTAN_archLinkCount(const TARTAN_Arch* arch, TARTAN_Num* nodenbr,
                                    TARTAN_Num* linknbr) {
  return guarded(__func__, [&] {
    const Network& network = network_of(*arch_of(arch));
    const Num links = link_count_as_num(network);
    if (nodenbr) *nodenbr = network.node_count();
    if (linknbr) *linknbr = links;
  });
}

TARTAN_API int TARTAN_archLinks(const TARTAN_Arch* arch, TARTAN_Num* srctab, TARTAN_Num* dsttab,
                                double* bwtab) {
  return guarded(__func__, [&] {
    const Network& network = network_of(*arch_of(arch));
    const Num links = link_count_as_num(network);
    for (Num link = 0; link < links; ++link) {
      const std::pair<Num, Num> ends = network.link_ends(link);
      if (srctab) srctab[link] = ends.first;
      if (dsttab) dsttab[link] = ends.second;
      if (bwtab) bwtab[link] = network.link_bandwidth(link);
    }
  });
}

TARTAN_API int TARTAN_archVar(const TARTAN_Arch* arch) {
  return guarded_value(__func__, -1, [&] { return arch_of(arch)->variable_sized() ? 1 : 0; });
}

TARTAN_API int TARTAN_archShape(const TARTAN_Arch* arch, int* shapeptr, TARTAN_Num* dimnbrptr,
                                TARTAN_Num* dimtab, TARTAN_Num* nodenbrptr, TARTAN_Num* placetab) {
  return guarded(__func__, [&] {
    const ArchShape shape = arch_shape(*arch_of(arch));
    static_assert(int(ArchShape::Kind::tree) == TARTAN_ARCHSHAPE_TREE, "shape codes");
    *require(shapeptr, "shapeptr") = int(shape.kind);
    *require(dimnbrptr, "dimnbrptr") = Num(shape.dims.size());
    *require(nodenbrptr, "nodenbrptr") = shape.node_count;
    if (dimtab != nullptr) std::copy(shape.dims.begin(), shape.dims.end(), dimtab);
    if (placetab != nullptr) std::copy(shape.place.begin(), shape.place.end(), placetab);
  });
}

TARTAN_API int TARTAN_archNodePlaces(const TARTAN_Arch* arch, TARTAN_Num* placetab) {
  return guarded(__func__, [&] {
    const std::vector<Num> places = node_places(*arch_of(arch));
    std::copy(places.begin(), places.end(), require(placetab, "placetab"));
  });
}

TARTAN_API int TARTAN_archCmplt(TARTAN_Arch* arch, TARTAN_Num termnbr) {
  return guarded(__func__, [&] { check_arch_handle(arch); set_arch(arch, make_complete(termnbr)); });
}

TARTAN_API int TARTAN_archCmpltw(TARTAN_Arch* arch, TARTAN_Num termnbr, const TARTAN_Num* velotab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_weighted_complete(numbers(velotab, termnbr, "velotab")));
  });
}

TARTAN_API int TARTAN_archHcub(TARTAN_Arch* arch, TARTAN_Num dimnbr) {
  return guarded(__func__, [&] { check_arch_handle(arch); set_arch(arch, make_hypercube(dimnbr)); });
}

TARTAN_API int TARTAN_archMesh2(TARTAN_Arch* arch, TARTAN_Num dimxval, TARTAN_Num dimyval) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_mesh({dimxval, dimyval}));
  });
}

TARTAN_API int TARTAN_archMesh3(TARTAN_Arch* arch, TARTAN_Num dimxval, TARTAN_Num dimyval,
                                TARTAN_Num dimzval) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_mesh({dimxval, dimyval, dimzval}));
  });
}

TARTAN_API int TARTAN_archMeshX(TARTAN_Arch* arch, TARTAN_Num dimnbr, const TARTAN_Num* dimtab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_grid(numbers(dimtab, dimnbr, "dimtab"), false, true));
  });
}

TARTAN_API int TARTAN_archTorus2(TARTAN_Arch* arch, TARTAN_Num dimxval, TARTAN_Num dimyval) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_torus({dimxval, dimyval}));
  });
}

TARTAN_API int TARTAN_archTorus3(TARTAN_Arch* arch, TARTAN_Num dimxval, TARTAN_Num dimyval,
                                 TARTAN_Num dimzval) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_torus({dimxval, dimyval, dimzval}));
  });
}

TARTAN_API int TARTAN_archTorusX(TARTAN_Arch* arch, TARTAN_Num dimnbr, const TARTAN_Num* dimtab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_grid(numbers(dimtab, dimnbr, "dimtab"), true, true));
  });
}

TARTAN_API int TARTAN_archTleaf(TARTAN_Arch* arch, TARTAN_Num levlnbr, const TARTAN_Num* sizetab,
                                const TARTAN_Num* linktab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_tleaf(numbers(sizetab, levlnbr, "sizetab"),
                              numbers(linktab, levlnbr, "linktab")));
  });
}

TARTAN_API int TARTAN_archLtleaf(TARTAN_Arch* arch, TARTAN_Num levlnbr, const TARTAN_Num* sizetab,
                                 const TARTAN_Num* linktab, TARTAN_Num permnbr,
                                 const TARTAN_Num* permtab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    set_arch(arch, make_ltleaf(numbers(sizetab, levlnbr, "sizetab"),
                               numbers(linktab, levlnbr, "linktab"),
                               numbers(permtab, permnbr, "permtab")));
  });
}

TARTAN_API int TARTAN_archVcmplt(TARTAN_Arch* arch) {
  return guarded(__func__, [&] { check_arch_handle(arch); set_arch(arch, make_variable_complete()); });
}

TARTAN_API int TARTAN_archVhcub(TARTAN_Arch* arch) {
  return guarded(__func__, [&] { check_arch_handle(arch); set_arch(arch, make_variable_hypercube()); });
}

TARTAN_API int TARTAN_archSub(TARTAN_Arch* arch, const TARTAN_Arch* orgarch, TARTAN_Num vnumnbr,
                              const TARTAN_Num* vnumtab) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    ArchPtr original = arch_of(orgarch);
    set_arch(arch, make_sub(std::move(original), numbers(vnumtab, vnumnbr, "vnumtab")));
  });
}

TARTAN_API int TARTAN_archDomSizeof(void) { return int(sizeof(TARTAN_ArchDom)); }

TARTAN_API TARTAN_ArchDom* TARTAN_archDomAlloc(void) {
  return static_cast<TARTAN_ArchDom*>(std::malloc(sizeof(TARTAN_ArchDom)));
}

TARTAN_API TARTAN_Num TARTAN_archDomNum(TARTAN_Arch* arch, const TARTAN_ArchDom* dom) {
  return guarded_value(__func__, TARTAN_Num(-1), [&] {
    const ArchPtr target = arch_of(arch);
    return target->terminal_label(target->domain_number(domain_in(*target, dom, "dom")));
  });
}

TARTAN_API int TARTAN_archDomTerm(TARTAN_Arch* arch, TARTAN_ArchDom* dom, TARTAN_Num domnum) {
  return guarded(__func__, [&] {
    const ArchPtr target = arch_of(arch);
    domain_out(target->terminal_domain(terminal_of_number(*target, domnum, "domnum")),
               require(dom, "dom"));
  });
}

TARTAN_API TARTAN_Num TARTAN_archDomSize(TARTAN_Arch* arch, const TARTAN_ArchDom* dom) {
  return guarded_value(__func__, TARTAN_Num(-1), [&] {
    const ArchPtr target = arch_of(arch);
    return target->domain_size(domain_in(*target, dom, "dom"));
  });
}

TARTAN_API TARTAN_Num TARTAN_archDomWght(TARTAN_Arch* arch, const TARTAN_ArchDom* dom) {
  return guarded_value(__func__, TARTAN_Num(-1), [&] {
    const ArchPtr target = arch_of(arch);
    return target->domain_weight(domain_in(*target, dom, "dom"));
  });
}

TARTAN_API TARTAN_Num TARTAN_archDomDist(TARTAN_Arch* arch, const TARTAN_ArchDom* dom0,
                                         const TARTAN_ArchDom* dom1) {
  return guarded_value(__func__, TARTAN_Num(-1), [&] {
    const ArchPtr target = arch_of(arch);
    return target->domain_distance(domain_in(*target, dom0, "dom0"),
                                   domain_in(*target, dom1, "dom1"));
  });
}

TARTAN_API int TARTAN_archDomFrst(TARTAN_Arch* arch, TARTAN_ArchDom* dom) {
  return guarded(__func__, [&] {
    const ArchPtr target = arch_of(arch);
    domain_out(target->first_domain(), require(dom, "dom"));
  });
}

TARTAN_API int TARTAN_archDomBipart(TARTAN_Arch* arch, const TARTAN_ArchDom* dom,
                                    TARTAN_ArchDom* dom0, TARTAN_ArchDom* dom1) {
  int terminal = 0;
  const int code = guarded(__func__, [&] {
    const ArchPtr target = arch_of(arch);
    const Domain whole = domain_in(*target, dom, "dom");
    require(dom0, "dom0");
    require(dom1, "dom1");
    Domain part0, part1;
    if (!target->bipartition(whole, part0, part1)) {
      terminal = 1;
      return;
    }
    domain_out(part0, dom0);
    domain_out(part1, dom1);
  });
  return code != TARTAN_OK ? code : terminal;
}

}
