! A Fortran program written against SCOTCH's Fortran interface (the user's guide's conventions:
! handles as DOUBLEPRECISION arrays sized by scotchf.h, return codes in the last argument),
! linked with libtartan-scotch: maps a 4x4 grid onto a 2x2 mesh with SCOTCHFGRAPHMAP.
program test_scotch_fortran
  implicit none
  include 'scotchf.h'
  integer, parameter :: nk = SCOTCH_NUMBYTES_
  doubleprecision :: graph(SCOTCH_GRAPHDIM), arch(SCOTCH_ARCHDIM), strat(SCOTCH_STRATDIM)
  doubleprecision :: context(SCOTCH_CONTEXTDIM), view(SCOTCH_GRAPHDIM)
  integer(nk) :: again(16), optival
  integer(nk) :: verttab(17), edgetab(48), parttab(16), counts(0:3)
  integer(nk) :: x, y, v, e
  integer :: ierr
  e = 0
  do y = 0, 3
    do x = 0, 3
      v = y * 4 + x
      verttab(v + 1) = e
      if (x > 0) then; e = e + 1; edgetab(e) = v - 1; end if
      if (x < 3) then; e = e + 1; edgetab(e) = v + 1; end if
      if (y > 0) then; e = e + 1; edgetab(e) = v - 4; end if
      if (y < 3) then; e = e + 1; edgetab(e) = v + 4; end if
    end do
  end do
  verttab(17) = e
  call SCOTCHFGRAPHINIT(graph, ierr)
  if (ierr /= 0) error stop "SCOTCHFGRAPHINIT"
  call SCOTCHFGRAPHBUILD(graph, 0_nk, 16_nk, verttab, verttab(2), verttab, verttab, e, &
                         edgetab, edgetab, ierr)
  if (ierr /= 0) error stop "SCOTCHFGRAPHBUILD"
  call SCOTCHFGRAPHCHECK(graph, ierr)
  if (ierr /= 0) error stop "SCOTCHFGRAPHCHECK"
  call SCOTCHFARCHINIT(arch, ierr)
  call SCOTCHFARCHMESH2(arch, 2_nk, 2_nk, ierr)
  if (ierr /= 0) error stop "SCOTCHFARCHMESH2"
  call SCOTCHFSTRATINIT(strat, ierr)
  call SCOTCHFRANDOMRESET()
  call SCOTCHFGRAPHMAP(graph, arch, strat, parttab, ierr)
  if (ierr /= 0) error stop "SCOTCHFGRAPHMAP"
  counts = 0
  do v = 1, 16
    if (parttab(v) < 0 .or. parttab(v) > 3) error stop "terminal out of range"
    counts(parttab(v)) = counts(parttab(v)) + 1
  end do
  if (any(counts /= 4)) error stop "unbalanced mapping"
  ! A bad strategy string is refused with SCOTCH's error value, not ignored.
  call SCOTCHFSTRATGRAPHMAP(strat, "q{nothing}", ierr)
  if (ierr /= 1) error stop "bad strategy accepted"
  ! The same mapping through a graph bound to a context with a cloned generator.
  call SCOTCHFCONTEXTINIT(context, ierr)
  if (ierr /= 0) error stop "SCOTCHFCONTEXTINIT"
  call SCOTCHFCONTEXTOPTIONGETNUM(context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, optival, ierr)
  if (ierr /= 0 .or. optival /= 1) error stop "SCOTCHFCONTEXTOPTIONGETNUM"
  call SCOTCHFCONTEXTOPTIONSETNUM(context, SCOTCH_OPTIONNUMDETERMINISTIC, 1_nk, ierr)
  if (ierr /= 0) error stop "SCOTCHFCONTEXTOPTIONSETNUM"
  call SCOTCHFRANDOMRESET()
  call SCOTCHFCONTEXTRANDOMCLONE(context, ierr)
  if (ierr /= 0) error stop "SCOTCHFCONTEXTRANDOMCLONE"
  call SCOTCHFGRAPHINIT(view, ierr)
  call SCOTCHFCONTEXTBINDGRAPH(context, graph, view, ierr)
  if (ierr /= 0) error stop "SCOTCHFCONTEXTBINDGRAPH"
  call SCOTCHFSTRATEXIT(strat)
  call SCOTCHFSTRATINIT(strat, ierr)
  call SCOTCHFGRAPHMAP(view, arch, strat, again, ierr)
  if (ierr /= 0 .or. any(again /= parttab)) error stop "mapping through a context view"
  call SCOTCHFGRAPHEXIT(view)
  call SCOTCHFCONTEXTEXIT(context)
  ! A variable-sized hypercube: the parts follow the graph, 8 parts of two, numbered from 1.
  call SCOTCHFARCHVHCUB(arch, ierr)
  if (ierr /= 0) error stop "SCOTCHFARCHVHCUB"
  call SCOTCHFGRAPHMAP(graph, arch, strat, again, ierr)
  if (ierr /= 0 .or. minval(again) < 1) error stop "SCOTCHFGRAPHMAP onto vhcub"
  do v = 1, 16
    if (count(again == again(v)) > 2) error stop "a part of more than two vertices on vhcub"
  end do
  call SCOTCHFARCHVCMPLT(arch, ierr)
  if (ierr /= 0) error stop "SCOTCHFARCHVCMPLT"
  call SCOTCHFSTRATEXIT(strat)
  call SCOTCHFARCHEXIT(arch)
  call SCOTCHFGRAPHEXIT(graph)
  print '(a, 16(1x, i0))', 'SCOTCHFGRAPHMAP on a 2x2 mesh:', parttab
end program test_scotch_fortran
