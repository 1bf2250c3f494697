! The rest of the Fortran interface: files (import, save, reload), every target constructor,
! decomposition-defined targets, strategies from flags, the two-step mapping with fixed
! vertices, graph_base and graph_free, the error handler. Exit status 1 on any failed check.
module test_api_handler
  use, intrinsic :: iso_c_binding
  implicit none
  integer :: handler_calls = 0, handler_code = 0
contains
  subroutine handler(code, message, userdata) bind(c)
    integer(c_int), value :: code
    type(c_ptr), value :: message, userdata
    handler_calls = handler_calls + 1
    handler_code = code
    if (.not. c_associated(message) .or. c_associated(userdata)) handler_code = 1
  end subroutine
end module test_api_handler

program test_api
  use, intrinsic :: iso_c_binding
  use tartan
  use test_api_handler
  implicit none
  integer, parameter :: k = tartan_num_kind
  type(tartan_graph) :: graph, path4
  type(tartan_arch) :: arch
  type(tartan_strat) :: strat
  type(tartan_mapping) :: mapping
  integer(k), target :: parttab(6)
  ! the path 1-2-3-4 as a target graph, base 1
  integer(k), target :: pverttab(5) = [1, 2, 4, 6, 7], pedgetab(6) = [2, 1, 3, 2, 4, 3]
  integer(k) :: vertnbr, edgenbr, compnbr, edlosum, phasenbr
  character(len=:), allocatable :: phasename
  real(8) :: seconds
  character(len=4096) :: datadir, archdir
  character(len=*), parameter :: scratch = "test_api.fortran.grf"
  integer :: code, failures, unit, ios, shape, i
  integer(k), target :: dimtab(4), placetab(8)
  integer(k) :: dimnbr, nodenbr

  failures = 0
  call get_environment_variable("TARTAN_TEST_DATA", datadir)
  call get_environment_variable("TARTAN_ARCH_DIR", archdir)

  ! --- graphs from files -------------------------------------------------------------------
  code = tartan_graph_init(graph)
  code = tartan_graph_import(graph, trim(datadir) // "/formats/mesh3x2_weights.graph", &
    tartan_graphformat_metis)
  call expect(code == tartan_ok, "import METIS: " // tartan_error_message())
  call tartan_graph_size(graph, vertnbr, edgenbr)
  call expect(vertnbr == 6 .and. edgenbr == 14, "imported sizes")
  call tartan_graph_stat(graph, edlosum=edlosum)
  call expect(edlosum > 7, "imported edge weights")
  call expect(tartan_graph_save(graph, scratch) == tartan_ok, "save .grf")
  call tartan_graph_free(graph)
  call tartan_graph_size(graph, vertnbr)
  call expect(vertnbr == 0, "graph_free empties the graph")
  code = tartan_graph_load(graph, scratch, 0_k)
  call tartan_graph_size(graph, vertnbr, edgenbr)
  call expect(code == tartan_ok .and. vertnbr == 6 .and. edgenbr == 14, "reload, base 0")
  call expect(tartan_graph_base(graph, 1_k) == 0, "graph_base returns the old base")
  call expect(tartan_graph_base(graph, 0_k) == 1, "graph_base back to 0")
  code = tartan_graph_components(graph, compnbr)
  call expect(code == tartan_ok .and. compnbr == 1, "components without comptab")
  code = tartan_graph_import(graph, trim(datadir) // "/formats/mesh3x2.mtx", &
    tartan_graphformat_matrixmarket)
  call expect(code == tartan_ok, "import Matrix Market")
  open(newunit=unit, file=scratch, status="old", iostat=ios)
  if (ios == 0) close(unit, status="delete")

  ! --- every target constructor ------------------------------------------------------------
  code = tartan_arch_init(arch)
  code = tartan_arch_cmplt(arch, 5_k)
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 5, "cmplt")
  code = tartan_arch_hcub(arch, 3_k)
  call expect(code == tartan_ok .and. tartan_arch_name(arch) == "hcub", "hcub")
  code = tartan_arch_mesh2(arch, 2_k, 3_k)
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 6, "mesh2")
  code = tartan_arch_mesh3(arch, 2_k, 2_k, 2_k)
  call expect(code == tartan_ok .and. tartan_arch_name(arch) == "mesh3D", "mesh3")
  code = tartan_arch_meshx(arch, [2_k, 2_k, 2_k, 2_k])
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 16, "meshx")
  code = tartan_arch_torus2(arch, 3_k, 3_k)
  call expect(code == tartan_ok .and. tartan_arch_name(arch) == "torus2D", "torus2")
  code = tartan_arch_torusx(arch, [2_k, 3_k, 2_k, 2_k])
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 24, "torusx")
  code = tartan_arch_ltleaf(arch, [2_k, 2_k], [10_k, 1_k], [1_k, 0_k])
  call expect(code == tartan_ok .and. tartan_arch_name(arch) == "ltleaf", &
    "ltleaf: " // tartan_error_message())
  code = tartan_arch_shape(arch, shape, dimnbr, nodenbr)
  call expect(code == tartan_ok .and. shape == tartan_archshape_tree .and. dimnbr == 2 .and. &
    nodenbr == 4, "shape counts")
  code = tartan_arch_shape(arch, shape, dimnbr, nodenbr, dimtab(1:2), placetab(1:4))
  call expect(code == tartan_ok .and. all(dimtab(1:2) == [2_k, 2_k]) .and. &
    all(placetab(1:4) == [1_k, 0_k, 3_k, 2_k]), "shape of an ltleaf")
  code = tartan_arch_node_places(arch, placetab(1:7))
  call expect(code == tartan_ok .and. all(placetab(1:7) == [1_k, 0_k, 3_k, 2_k, 4_k, 5_k, 6_k]), &
    "node places of an ltleaf")
  code = tartan_arch_tleaf(arch, [2_k, 2_k], [10_k])
  call expect(code == tartan_einval, "tleaf with arrays of different sizes")
  code = tartan_arch_vcmplt(arch)
  call expect(code == tartan_ok .and. tartan_arch_var(arch) == 1, "vcmplt")
  code = tartan_arch_vhcub(arch)
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 0, "vhcub")
  ! the 3 x 2 mesh onto it: parts of at most two vertices, numbered by domain (>= 1)
  parttab = -1
  code = tartan_graph_map(graph, arch, parttab)
  call expect(code == tartan_ok .and. minval(parttab) >= 1 .and. &
    all([(count(parttab == parttab(i)), i = 1, 6)] <= 2), "map onto vhcub: " // tartan_error_message())
  code = tartan_arch_hwloc(arch)
  call expect(code == tartan_ok .or. code == tartan_enotsup, "hwloc")
  code = tartan_arch_hwloc_xml(arch, trim(datadir) // "/hwloc_2pack_16pu.xml")
  call expect((code == tartan_ok .and. tartan_arch_size(arch) == 16) .or. &
    code == tartan_enotsup, "hwloc xml")
  code = tartan_arch_hwloc_costs(arch, "core=1,package=20", description="pack:2 core:2 pu:2")
  call expect(code == tartan_ok .or. code == tartan_enotsup, "hwloc costs: " // tartan_error_message())
  code = tartan_arch_hwloc_costs(arch, "core=x", description="pack:2 core:2 pu:2")
  call expect(code == tartan_eformat .or. code == tartan_enotsup, "hwloc costs malformed")

  ! --- decomposition-defined targets from a target graph -----------------------------------
  code = tartan_graph_init(path4)
  code = tartan_graph_build(path4, 1_k, pverttab, pedgetab)
  code = tartan_arch_build0(arch, path4)
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 4, "build0")
  code = tartan_arch_save(arch, "test_api.fortran.tgt")
  call expect(code == tartan_ok, "save a deco target")
  code = tartan_arch_load(arch, "test_api.fortran.tgt")
  call expect(code == tartan_ok .and. tartan_arch_name(arch) == "deco" .and. &
    tartan_arch_size(arch) == 4, "reload it")
  open(newunit=unit, file="test_api.fortran.tgt", status="old", iostat=ios)
  if (ios == 0) close(unit, status="delete")
  code = tartan_arch_build2(arch, path4, [1_k, 4_k])
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 2, "build2 with a list")
  code = tartan_strat_init(strat)
  code = tartan_arch_build(arch, path4, strat=strat)
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 4, "build")
  code = tartan_arch_build0(arch, path4, [1_k, 1_k])
  call expect(code == tartan_einval, "build0 with a repeated terminal")

  ! --- strategies from flags, two-step mapping, fixed vertices -----------------------------
  code = tartan_strat_graph_map_build(strat, tartan_stratquality, 0_k, 0.05d0)
  call expect(code == tartan_ok, "strategy from flags")
  code = tartan_strat_graph_map_build(strat, tartan_stratspeed, -1_k, 0.05d0)
  call expect(code == tartan_einval, "negative part count")
  code = tartan_arch_load(arch, trim(archdir) // "/hcub_3.tgt")
  call expect(code == tartan_ok .and. tartan_arch_size(arch) == 8, "load hcub_3.tgt")
  code = tartan_arch_hcub(arch, 1_k)
  parttab = -1
  code = tartan_graph_map_init(graph, mapping, arch, parttab)
  call expect(code == tartan_ok, "map init")
  code = tartan_graph_map_compute(graph, mapping, strat)
  call expect(code == tartan_ok .and. count(parttab == 0) == 3, "map compute, balanced halves")
  code = tartan_graph_map_phase_count(graph, mapping, phasenbr)
  call expect(code == tartan_ok .and. phasenbr >= 1, "phase count")
  code = tartan_graph_map_phase(graph, mapping, 1_k, phasename, seconds)
  ! The quality strategy starts with msec (drb where the target has no hierarchy).
  call expect(code == tartan_ok .and. (phasename(1:3) == "drb" .or. phasename(1:4) == "msec") &
    .and. seconds >= 0, "first phase: " // phasename)
  code = tartan_graph_map_phase(graph, mapping, phasenbr + 1, phasename)
  call expect(code == tartan_einval .and. len(phasename) == 0, "phase beyond the count")
  deallocate(phasename)  ! a program's allocatables are not freed at its end: LeakSanitizer
  parttab = -1
  parttab(1) = 1
  parttab(6) = 1
  code = tartan_graph_map_fixed_compute(graph, mapping)
  call expect(code == tartan_ok .and. parttab(1) == 1 .and. parttab(6) == 1 .and. &
    minval(parttab) == 0, "fixed compute, default strategy")
  call tartan_graph_map_exit(graph, mapping)
  code = tartan_graph_map_init(graph, mapping, arch)
  call expect(code == tartan_ok, "map init with the mapping's own array")
  call tartan_graph_map_exit(graph, mapping)

  ! --- the error handler -------------------------------------------------------------------
  call tartan_error_handler_set(c_funloc(handler), c_null_ptr)
  code = tartan_strat_graph_map(strat, "kway{passes=x}")
  call expect(code == tartan_eformat .and. handler_calls == 1 .and. &
    handler_code == tartan_eformat, "error handler called with the code")
  call tartan_error_handler_set(c_null_funptr, c_null_ptr)
  code = tartan_strat_graph_map(strat, "(drb")
  call expect(code == tartan_eformat .and. handler_calls == 1, "error handler removed")
  call tartan_error_clear()
  call expect(tartan_error_message() == "", "error_clear")
  call expect(tartan_graph_sizeof() == 64 .and. tartan_arch_sizeof() == 64 .and. &
    tartan_strat_sizeof() == 64 .and. tartan_mapping_sizeof() == 64 .and. &
    tartan_arch_dom_sizeof() == 256, "handle sizes match the derived types")

  call tartan_strat_exit(strat)
  call tartan_graph_exit(path4)
  call tartan_arch_exit(arch)
  call tartan_graph_exit(graph)
  if (failures > 0) then
    print '(i0, a)', failures, " check(s) failed"
    error stop 1
  end if
  print '(a)', "all Fortran checks passed"

contains

  subroutine expect(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (condition) then
      print '(2a)', "ok: ", what
    else
      print '(2a)', "FAILED: ", what
      failures = failures + 1
    end if
  end subroutine

end program test_api
