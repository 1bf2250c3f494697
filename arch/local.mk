# arch: ready target files users pass as they are, installed in $(pkgdatadir)/arch.
archdatadir = $(pkgdatadir)/arch
dist_archdata_DATA = \
	arch/README \
	arch/cluster_16nodes_2sockets_16cores.tgt \
	arch/cluster_64nodes_2sockets_32cores.tgt \
	arch/dragonfly_9groups_72nodes.tgt \
	arch/fattree_2level_16nodes.tgt \
	arch/hcub_3.tgt \
	arch/hcub_4.tgt \
	arch/hcub_5.tgt \
	arch/hcub_6.tgt \
	arch/hcub_7.tgt \
	arch/hcub_8.tgt \
	arch/mesh2D_4x4.tgt \
	arch/mesh2D_8x8.tgt \
	arch/mesh2D_16x16.tgt \
	arch/mesh2D_32x32.tgt \
	arch/mesh3D_4x4x4.tgt \
	arch/mesh3D_8x8x8.tgt \
	arch/mesh3D_16x16x16.tgt \
	arch/node_2sockets_8cores.tgt \
	arch/node_2sockets_16cores.tgt \
	arch/node_2sockets_16cores_smt2.tgt \
	arch/node_2sockets_32cores.tgt \
	arch/node_4sockets_8cores.tgt \
	arch/node_4sockets_16cores.tgt \
	arch/torus2D_4x4.tgt \
	arch/torus2D_8x8.tgt \
	arch/torus2D_16x16.tgt \
	arch/torus2D_32x32.tgt \
	arch/torus3D_4x4x4.tgt \
	arch/torus3D_8x8x8.tgt \
	arch/torus3D_16x16x16.tgt
