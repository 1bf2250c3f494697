! A Fortran user's program against an installed Tartan (see .ci/installed-tree-test), built
! with `gfortran prog.f90 $(pkg-config --cflags --libs tartan-fortran)` (or tartan64-fortran)
! only: module and library of the same build, a 4-cycle in base 1 mapped onto a 2 x 2 torus.
program installed_tree_test
  use tartan
  implicit none
  integer, parameter :: k = tartan_num_kind
  integer(k), target :: verttab(5) = [1, 3, 5, 7, 9], edgetab(8) = [2, 4, 1, 3, 2, 4, 3, 1]
  integer(k), target :: parttab(4)
  type(tartan_graph) :: graph
  type(tartan_arch) :: arch
  integer :: code
  if (tartan_version_check() /= tartan_ok) error stop "module and library differ in TARTAN_Num"
  code = tartan_graph_init(graph)
  code = tartan_graph_build(graph, 1_k, verttab, edgetab)
  if (code /= tartan_ok) error stop "graph build"
  code = tartan_arch_init(arch)
  code = tartan_arch_torus2(arch, 2_k, 2_k)
  code = tartan_graph_map(graph, arch, parttab)
  if (code /= tartan_ok) error stop "map"
  if (any(parttab < 0) .or. any(parttab > 3)) error stop "terminals out of range"
  call tartan_arch_exit(arch)
  call tartan_graph_exit(graph)
  print '(a, i0, a, 4(1x, i0))', "Fortran, ", tartan_num_bits, "-bit: mapping", parttab
end program installed_tree_test
