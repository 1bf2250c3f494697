// The TARTAN_Arch handle: holds a shared, immutable target. Every API file reads and sets
// targets through these functions (mapping, hwloc, deco, ...):
//   tartan::ArchPtr target = tartan::api::arch_of(arch_handle);   // never null
//   tartan::api::set_arch(arch_handle, tartan::make_hypercube(3));
// A TARTAN_Arch just initialised holds no target: arch_of reports it (EINVAL); functions that
// only replace the target check the handle with check_arch_handle instead.
#pragma once

#include "arch/architecture.hpp"
#include "library/api.hpp"

namespace tartan::api {

struct ArchHolder {
  ArchPtr arch;  // null until a constructor or a load sets it
};

template <>
struct HandleTraits<ArchHolder> {
  static constexpr std::uint64_t check = 0x5441'5254'4152'4348ull;  // "TARTARCH"
  static constexpr const char* name = "TARTAN_Arch";
};

// The target of a live handle; throws Error(bad_handle) for a handle not initialised or exited,
// Error(invalid) for a NULL handle or one that holds no target yet.
ArchPtr arch_of(const TARTAN_Arch* handle);
// Throws as arch_of does for NULL, uninitialised and exited handles; accepts empty ones.
void check_arch_handle(const TARTAN_Arch* handle);
// Replaces the handle's target (the old one lives on while others share it).
void set_arch(TARTAN_Arch* handle, ArchPtr arch);

}  // namespace tartan::api
