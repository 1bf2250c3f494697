! The Fortran binding as a solver uses it: a graph from base-1 arrays, mappings onto a torus
! and onto a file target, statistics, determinism, error codes and messages. Exit status 1 on
! any failed check (each is printed).
program test_map
  use tartan
  implicit none
  integer, parameter :: k = tartan_num_kind
  integer, parameter :: nx = 8, ny = 8, nv = nx * ny
  integer(k), target, allocatable :: verttab(:), edgetab(:), velotab(:)
  integer(k), target :: parttab(nv), again(nv), loaded(nv), fixed(nv), comptab(nv)
  integer(k), target :: remapped(nv), movecost(nv)
  integer(k), pointer :: pv(:), pe(:), plo(:)
  type(tartan_graph) :: graph
  type(tartan_arch) :: torus, filearch, sub, tleaf, cmpltw
  type(tartan_strat) :: strat
  type(tartan_mapping) :: mapping
  type(tartan_archdom) :: d0, d1, whole
  integer(k) :: vertnbr, edgenbr, baseval, velosum, degrmin, degrmax, compnbr, i, cost
  real(8) :: degravg
  character(len=4096) :: archdir
  character(len=:), allocatable :: text
  integer :: code, failures, unit, ios

  failures = 0
  call expect(tartan_version_check() == tartan_ok, "version check")
  call expect(tartan_version() == tartan_version_string, "version " // tartan_version())
  call get_environment_variable("TARTAN_ARCH_DIR", archdir)

  ! --- an 8 x 8 grid in SCOTCH's Fortran numbering (base 1) -------------------------------
  call grid(nx, ny, verttab, edgetab)
  allocate(velotab(nv))
  velotab = 1
  velotab(1) = 2
  code = tartan_graph_init(graph)
  code = tartan_graph_build(graph, 1_k, verttab, edgetab, velotab=velotab)
  call expect(code == tartan_ok, "graph build: " // tartan_error_message())
  call expect(tartan_graph_check(graph) == tartan_ok, "graph check")
  call tartan_graph_size(graph, vertnbr, edgenbr)
  call expect(vertnbr == nv .and. edgenbr == 2 * (2 * nx * ny - nx - ny), "graph size")
  call tartan_graph_stat(graph, velosum=velosum, degrmin=degrmin, degrmax=degrmax, &
    degravg=degravg)
  call expect(velosum == nv + 1 .and. degrmin == 2 .and. degrmax == 4, "graph stat")
  call expect(abs(degravg - real(edgenbr, 8) / nv) < 1d-12, "average degree")
  ! (Fortran may evaluate the operands of .and. in any order: calls come first, alone)
  code = tartan_graph_components(graph, compnbr, comptab)
  call expect(code == tartan_ok .and. compnbr == 1 .and. all(comptab == 0), "components")
  call tartan_graph_data(graph, baseval=baseval, verttab=pv, edgetab=pe, velotab=plo)
  call expect(baseval == 1 .and. size(pv) == nv .and. pv(nv) == verttab(nv), "graph data")
  call expect(size(pe) == edgenbr .and. all(pe == edgetab) .and. plo(1) == 2, "graph data arrays")

  ! --- onto a 2 x 2 x 2 torus, with a strategy and a seed ---------------------------------
  code = tartan_arch_init(torus)
  call expect(tartan_arch_torus3(torus, 2_k, 2_k, 2_k) == tartan_ok, "torus3")
  call expect(tartan_arch_name(torus) == "torus3D" .and. tartan_arch_size(torus) == 8, "torus")
  code = tartan_strat_init(strat)
  call expect(tartan_strat_graph_map(strat, "drb;kway") == tartan_ok, "strategy")
  call expect(tartan_strat_random_seed(strat, 3_k) == tartan_ok, "seed")
  parttab = -1
  call expect(tartan_graph_map(graph, torus, parttab, strat) == tartan_ok, &
    "map onto torus: " // tartan_error_message())
  call expect(all(parttab >= 0 .and. parttab < 8), "terminals in range")
  do i = 0, 7
    call expect(count(parttab == i) >= 6 .and. count(parttab == i) <= 10, "balanced")
  end do
  cost = mapping_cost(torus, parttab)
  call expect(cost > 0 .and. cost < 60, "cost of the torus mapping")
  again = -1
  call expect(tartan_graph_map(graph, torus, again, strat) == tartan_ok, "map again")
  call expect(all(again == parttab), "same seed, same mapping")
  call expect(tartan_strat_threads(strat, 3_k) == tartan_ok, "threads")
  again = -1
  call expect(tartan_graph_map(graph, torus, again, strat) == tartan_ok, "map with 3 threads")
  call expect(all(again == parttab), "same mapping with 3 threads")
  call expect(tartan_strat_threads(strat, -1_k) == tartan_einval, "negative thread count")

  ! --- statistics of that mapping: gmtst's text and JSON ----------------------------------
  call expect(tartan_graph_map_init(graph, mapping, torus, parttab) == tartan_ok, "map init")
  call expect(tartan_graph_map_view_json(graph, mapping, "test_map.fortran.json") == tartan_ok, &
    "view json")
  text = slurp("test_map.fortran.json")
  call expect(index(text, '"comm_dilat"') > 0 .and. index(text, '"processors"') > 0, &
    "JSON statistics")
  call expect(tartan_graph_map_view(graph, mapping, "test_map.fortran.txt") == tartan_ok, "view")
  text = slurp("test_map.fortran.txt")
  call expect(index(text, "CommDilat") > 0 .and. index(text, "Target") > 0, "gmtst statistics")
  call expect(tartan_graph_map_save(graph, mapping, "test_map.fortran.map") == tartan_ok, "save")
  call tartan_graph_map_exit(graph, mapping)
  loaded = -1
  code = tartan_graph_map_init(graph, mapping, torus, loaded)
  code = tartan_graph_map_load(graph, mapping, "test_map.fortran.map")
  call expect(code == tartan_ok, "load a .map: " // tartan_error_message())
  call expect(all(loaded == parttab), "saved and loaded mappings agree")
  call tartan_graph_map_exit(graph, mapping)
  call remove("test_map.fortran.json")
  call remove("test_map.fortran.txt")
  call remove("test_map.fortran.map")

  ! --- onto a file target, default strategy (strat absent) --------------------------------
  code = tartan_arch_init(filearch)
  code = tartan_arch_load(filearch, trim(archdir) // "/torus2D_4x4.tgt")
  call expect(code == tartan_ok, "load torus2D_4x4.tgt: " // tartan_error_message())
  call expect(tartan_graph_map(graph, filearch, parttab) == tartan_ok, "map onto file target")
  call expect(all(parttab >= 0 .and. parttab < 16) .and. count(parttab == 5) >= 3, "file map")
  call expect(mapping_cost(filearch, parttab) < 80, "cost of the file-target mapping")
  ! fixed vertices
  fixed = -1
  fixed(1) = 15
  code = tartan_graph_map_fixed(graph, filearch, fixed)
  call expect(code == tartan_ok .and. fixed(1) == 15 .and. minval(fixed) >= 0, "fixed vertex")
  ! remapping: a dear migration keeps the old mapping, a free one leaves a scattered one
  again = parttab
  code = tartan_graph_remap(graph, filearch, again, 1000d0, remapped)
  call expect(code == tartan_ok .and. all(remapped == parttab), &
    "remap keeps the old mapping: " // tartan_error_message())
  do i = 1, int(nv)
    again(i) = mod(i, 16)
  end do
  code = tartan_graph_remap(graph, filearch, again, 0d0, remapped, strat)
  call expect(code == tartan_ok .and. mapping_cost(filearch, remapped) < &
    mapping_cost(filearch, again) / 2, "remap with free migration")
  movecost = 0
  movecost(2:10) = 1000  ! (vertex 1 weighs 2: relieving its terminal may move it)
  fixed = -1
  fixed(nv) = 3
  code = tartan_graph_remap_fixed(graph, filearch, again, 1d0, fixed, vmlotab=movecost)
  call expect(code == tartan_ok .and. fixed(nv) == 3 .and. all(fixed(2:10) == again(2:10)), &
    "remap fixed, migration loads: " // tartan_error_message())
  code = tartan_graph_remap(graph, filearch, again(1:3), 1d0, remapped)
  call expect(code == tartan_einval, "remap: short old mapping")
  code = tartan_graph_remap(graph, filearch, again, -1d0, remapped)
  call expect(code == tartan_einval .and. len(tartan_error_message()) > 0, "remap: negative cost")
  code = tartan_graph_part(graph, 3_k, parttab)
  call expect(code == tartan_ok, "part: " // tartan_error_message())
  call expect(minval(parttab) == 0 .and. maxval(parttab) == 2, "parts in range")

  ! --- other target constructors and domains ----------------------------------------------
  code = tartan_arch_init(sub)
  code = tartan_arch_sub(sub, torus, [0_k, 1_k, 2_k, 3_k])
  call expect(code == tartan_ok .and. tartan_arch_size(sub) == 4, "sub")
  code = tartan_arch_grid_term(torus, [1_k, 1_k, 0_k], i)
  call expect(code == tartan_ok .and. i == 3, "grid terminal at 1:1:0")
  code = tartan_arch_grid_term(torus, [2_k, 0_k, 0_k], i)
  call expect(code == tartan_einval, "grid coordinate outside")
  code = tartan_arch_init(tleaf)
  code = tartan_arch_tleaf(tleaf, [2_k, 4_k], [10_k, 1_k])
  call expect(code == tartan_ok .and. tartan_arch_size(tleaf) == 8, "tleaf")
  code = tartan_arch_init(cmpltw)
  code = tartan_arch_cmpltw(cmpltw, [1_k, 2_k, 3_k])
  call expect(code == tartan_ok, "cmpltw: " // tartan_error_message())
  call expect(tartan_arch_name(cmpltw) == "cmpltw", "cmpltw name " // tartan_arch_name(cmpltw))
  code = tartan_arch_dom_frst(tleaf, whole)
  call expect(code == tartan_ok .and. tartan_arch_dom_size(tleaf, whole) == 8, "whole domain")
  code = tartan_arch_dom_bipart(tleaf, whole, d0, d1)
  call expect(code == tartan_ok .and. tartan_arch_dom_size(tleaf, d0) == 4, "bipart")
  code = tartan_arch_dom_term(tleaf, d0, 0_k)
  call expect(code == tartan_ok, "terminal domain 0")
  code = tartan_arch_dom_term(tleaf, d1, 7_k)
  call expect(code == tartan_ok .and. tartan_arch_dom_dist(tleaf, d0, d1) == 11, &
    "tleaf distance")
  code = tartan_arch_hwloc_synthetic(tleaf, "pack:2 core:2 pu:2")
  call expect(code == tartan_enotsup .or. &
    (code == tartan_ok .and. tartan_arch_size(tleaf) == 8), "hwloc synthetic")

  ! --- errors: codes and messages ---------------------------------------------------------
  code = tartan_strat_graph_map(strat, "drb;foo")
  call expect(code == tartan_eformat, "bad strategy code")
  call expect(index(tartan_error_message(), "unknown method") > 0 .and. &
    index(tartan_error_message(), "foo") > 0, "bad strategy message: " // tartan_error_message())
  call expect(tartan_error_string(code) /= "", "error string")
  code = tartan_arch_load(filearch, trim(archdir) // "/no_such_target.tgt")
  call expect(code == tartan_eio .and. len(tartan_error_message()) > 0, "missing file")
  call expect(tartan_arch_torus2(filearch, 4_k, 0_k) == tartan_einval, "zero dimension")
  call expect(tartan_graph_map(graph, torus, parttab(1:3)) == tartan_einval, "short parttab")

  call tartan_strat_exit(strat)
  call tartan_arch_exit(cmpltw)
  call tartan_arch_exit(tleaf)
  call tartan_arch_exit(sub)
  call tartan_arch_exit(filearch)
  call tartan_arch_exit(torus)
  call tartan_graph_exit(graph)
  deallocate(verttab, edgetab, velotab, text)   ! main program variables live on: LSan-clean
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

  !> CSR arrays (base 1) of the nx x ny grid, vertex x + (y - 1) * nx.
  subroutine grid(nx, ny, verttab, edgetab)
    integer, intent(in) :: nx, ny
    integer(k), allocatable, intent(out) :: verttab(:), edgetab(:)
    integer(k) :: buffer(4 * nx * ny)
    integer :: x, y, n
    allocate(verttab(nx * ny + 1))
    n = 0
    verttab(1) = 1
    do y = 1, ny
      do x = 1, nx
        if (x > 1) call push(buffer, n, x - 1 + (y - 1) * nx)
        if (x < nx) call push(buffer, n, x + 1 + (y - 1) * nx)
        if (y > 1) call push(buffer, n, x + (y - 2) * nx)
        if (y < ny) call push(buffer, n, x + y * nx)
        verttab(x + (y - 1) * nx + 1) = n + 1
      end do
    end do
    edgetab = buffer(1:n)
  end subroutine

  subroutine push(buffer, n, v)
    integer(k), intent(inout) :: buffer(:)
    integer, intent(inout) :: n
    integer, intent(in) :: v
    n = n + 1
    buffer(n) = v
  end subroutine

  !> Sum over edges of the distance between their terminals.
  integer(k) function mapping_cost(arch, parttab) result(total)
    type(tartan_arch), intent(inout) :: arch
    integer(k), intent(in) :: parttab(:)
    type(tartan_archdom) :: a, b
    integer(k) :: v, e
    total = 0
    do v = 1, nv
      do e = verttab(v), verttab(v + 1) - 1
        if (edgetab(e) > v) then
          code = tartan_arch_dom_term(arch, a, parttab(v))
          code = tartan_arch_dom_term(arch, b, parttab(edgetab(e)))
          total = total + tartan_arch_dom_dist(arch, a, b)
        end if
      end do
    end do
  end function

  function slurp(path) result(text)
    character(len=*), intent(in) :: path
    character(len=:), allocatable :: text
    character(len=512) :: line
    text = ""
    open(newunit=unit, file=path, status="old", action="read", iostat=ios)
    if (ios /= 0) return
    do
      read(unit, '(a)', iostat=ios) line
      if (ios /= 0) exit
      text = text // trim(line) // new_line("a")
    end do
    close(unit)
  end function

  subroutine remove(path)
    character(len=*), intent(in) :: path
    open(newunit=unit, file=path, status="old", iostat=ios)
    if (ios == 0) close(unit, status="delete")
  end subroutine

end program test_map
