// C API: targets of hwloc topologies (the model is in src/arch/hwloc_topology.hpp).
#include <string>

#include "arch/hwloc_topology.hpp"
#include "library/api.hpp"
#include "library/arch_handle.hpp"

using namespace tartan;
using namespace tartan::api;

extern "C" {

TARTAN_API int TARTAN_archHwloc(TARTAN_Arch* arch) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);  // a bad handle is reported before the (slow) discovery
    set_arch(arch, hwloc_machine_target(hwloc_costs_from_environment()));
  });
}

TARTAN_API int TARTAN_archHwlocXml(TARTAN_Arch* arch, const char* xmlpath) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    require(xmlpath, "xmlpath");
    set_arch(arch, hwloc_xml_target(xmlpath, hwloc_costs_from_environment()));
  });
}

TARTAN_API int TARTAN_archHwlocSynthetic(TARTAN_Arch* arch, const char* description) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    require(description, "description");
    set_arch(arch, hwloc_synthetic_target(description, hwloc_costs_from_environment()));
  });
}

TARTAN_API int TARTAN_archHwlocCosts(TARTAN_Arch* arch, const char* xmlpath,
                                     const char* description, const char* costs) {
  return guarded(__func__, [&] {
    check_arch_handle(arch);
    if (xmlpath != nullptr && description != nullptr)
      fail_invalid("give an XML file or a synthetic description, not both");
    const HwlocCosts link_costs =
        costs != nullptr ? parse_hwloc_costs(costs) : hwloc_costs_from_environment();
    if (xmlpath != nullptr)
      set_arch(arch, hwloc_xml_target(xmlpath, link_costs));
    else if (description != nullptr)
      set_arch(arch, hwloc_synthetic_target(description, link_costs));
    else
      set_arch(arch, hwloc_machine_target(link_costs));
  });
}

}  // extern "C"
