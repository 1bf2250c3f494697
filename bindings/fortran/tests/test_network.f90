! The network part of the Fortran interface: a net target from CSR arrays, its links, the
! network figures and link loads of a mapping (worked out by hand), and the errors. Exit
! status 1 on any failed check.
program test_network
  use, intrinsic :: iso_c_binding
  use tartan
  implicit none
  integer, parameter :: k = tartan_num_kind
  type(tartan_graph) :: graph
  type(tartan_arch) :: arch
  type(tartan_mapping) :: mapping
  type(tartan_netstats) :: stats
  ! Switch 2 (base 1) joins compute nodes 1 (2 slots), 3 (1 slot) and 4 (3 slots, bandwidth 2).
  integer(k), target :: verttab(5) = [1, 2, 5, 6, 7], edgetab(6) = [2, 1, 3, 4, 2, 2]
  integer(k), target :: bwtab(6) = [1, 1, 1, 2, 1, 2], slottab(4) = [2, 0, 1, 3]
  ! Two processes exchanging 8 units, on terminals 0 and 2 (nodes 1 and 4).
  integer(k), target :: gvert(3) = [0, 1, 2], gedge(2) = [1, 0], gwght(2) = [8, 8]
  integer(k), target :: parttab(2) = [0, 2], src(6), dst(6), msg(6), short(2)
  real(c_double), target :: bw(6), vol(6)
  integer(k) :: nodenbr, linknbr
  integer :: code, failures

  failures = 0
  code = tartan_arch_init(arch)
  code = tartan_arch_network(arch, 1_k, verttab, edgetab, slottab, bwtab)
  call expect(code == tartan_ok, "arch_network: " // tartan_error_message())
  call expect(tartan_arch_name(arch) == "net" .and. tartan_arch_size(arch) == 3, "net, 3 terminals")
  code = tartan_arch_link_count(arch, nodenbr, linknbr)
  call expect(code == tartan_ok .and. nodenbr == 4 .and. linknbr == 6, "4 nodes, 6 links")
  code = tartan_arch_links(arch, src, dst, bw)
  call expect(code == tartan_ok, "arch_links")
  call expect(all(src == 3 .or. dst == 3), "every link touches the switch, node 3")
  call expect(count(bw == 2.0_c_double) == 2, "two links of bandwidth 2")
  call expect(tartan_arch_links(arch, short) == tartan_einval, "arch_links: short array")

  code = tartan_graph_init(graph)
  code = tartan_graph_build(graph, 0_k, gvert, edgetab=gedge, edlotab=gwght)
  call expect(code == tartan_ok, "graph_build: " // tartan_error_message())
  code = tartan_graph_map_init(graph, mapping, arch, parttab)
  code = tartan_graph_map_net_stats(graph, mapping, stats)
  call expect(code == tartan_ok, "net_stats: " // tartan_error_message())
  call expect(stats%messages == 2 .and. stats%th == 4 .and. stats%wh == 32, "messages, hops")
  call expect(stats%mc == 8.0_c_double .and. stats%ac == 6.0_c_double, "congestion / bandwidth")
  call expect(stats%dilation_max == 2 .and. stats%j == 8 * 2 * 2, "dilation, J")
  code = tartan_graph_map_link_loads(graph, mapping, arch, vol, msg)
  call expect(code == tartan_ok .and. sum(msg) == 4 .and. sum(vol) == 32.0_c_double, "link loads")
  call expect(tartan_graph_map_link_loads(graph, mapping, arch, msgtab=short) == tartan_einval, &
    "link_loads: short array")
  call tartan_graph_map_exit(graph, mapping)

  ! Errors: a link listed one way only, a variable-sized target.
  edgetab(5) = 4
  code = tartan_arch_network(arch, 1_k, verttab, edgetab, slottab, bwtab)
  call expect(code == tartan_einval, "one-way link refused")
  call expect(index(tartan_error_message(), "not listed the other way") > 0, "its message")
  code = tartan_arch_vcmplt(arch)
  call expect(tartan_arch_link_count(arch, nodenbr, linknbr) == tartan_enotsup, "no links")
  call tartan_arch_exit(arch)
  call tartan_graph_exit(graph)
  if (failures > 0) error stop 1
  print '(a)', "fortran network: all checks passed"

contains

  subroutine expect(condition, what)
    logical, intent(in) :: condition
    character(len=*), intent(in) :: what
    if (.not. condition) then
      print '(2a)', "FAILED: ", what
      failures = failures + 1
    end if
  end subroutine

end program test_network
