// Dual Recursive Bipartitioning (seed 001 §2) as a plain function, for the method table's "drb"
// method and for tests.
#pragma once

#include <cstdint>

#include "partition/bipartition.hpp"
#include "mapping/method.hpp"

namespace tartan {

// The order of DRB's jobs: largest first, level by level (the jobs of a level that share no edge
// side by side on threads, drb.cpp's run_breadth), or last in first out.
enum class JobPolicy { biggest, breadth, depth };

struct DrbOptions {
  JobPolicy policy = JobPolicy::biggest;
  int runs = 2;  // multilevel bipartitions per job, the best kept (2: SCOTCH-level speed, see bench/README)
  // Only the jobs of the first run_levels levels of the target's bipartition tree (0: all) make
  // `runs` runs; deeper jobs make one.
  int run_levels = 0;
  // FM's bad-move budget in those deeper jobs (0: the bipartitioner's own `moves`). Below the
  // first levels the jobs are small and many: a budget of 400 moves lets each FM pass of a
  // 2000-vertex job wander over a fifth of it, and those levels took half of drb's time on a
  // 10^6-vertex mesh (bench/README, "Moves of the deeper jobs").
  Num deep_moves = 0;
  // With run >= 0 (below runs), the jobs that make `runs` runs make only that one, with the
  // seed it draws among them: processes that each make one of the runs of a one-job target
  // (two halves), the best kept as drb keeps it, find what one process making them all finds.
  int run = -1;
  // On a target with wraparound links (a torus), with unwrapped_runs > 0: the bisections' costs
  // count the target's distance twice and the distance without wraparound once, and a job
  // that sees its surroundings only through the latter makes unwrapped_runs runs. Why: a
  // job's two halves are often equally far, around the ring, from the domains beyond a
  // previous split of the same dimension, so the first job of such a level sees no external
  // cost and cuts whichever axis of a mesh its coarse levels favour; the others follow it,
  // and a cut across the axis the dimension cut before costs the whole mapping (bench/README,
  // "Jobs blind on a torus").
  int unwrapped_runs = 0;
  // On a target whose distance is a tree's (DistanceOracle::tree_least_distance: tleaf, `sub`
  // of one) and whose root job's halves are at least twice as far apart as the tree's cheapest
  // level, with tree_runs > 0, tree_runs replaces runs: the dear jobs, whose halves are at
  // least half as far apart as the root job's, make tree_runs runs, those of the tree's cheapest
  // level one, those between a share (tree_job_runs below). Why: there a bisection's cut
  // cost is exactly what its cut edges add to the mapping's cost, and the dear levels' cuts
  // carry most of it (bench/README, "Runs where the cut is dearest", "More runs below the
  // dearest cuts").
  int tree_runs = 0;
  BipartitionOptions bipartition;
};

// DrbOptions::tree_runs: the runs of a job whose halves are cut apart at cut on a tree whose
// root job's halves are root_cut apart and whose cheapest level is least (root_cut >= 2 x
// least): tree_runs where cut >= root_cut / 2 (the dear jobs), one on the cheapest level,
// tree_runs x (cut / root_cut)^(3/4) rounded up on the levels between (two of 8 on the middle
// level of tleaf 3 4 100 8 10 4 1, 11 against 111; no level between on a two-level tree).
int tree_job_runs(int tree_runs, std::int64_t cut, std::int64_t root_cut, std::int64_t least);

// Maps every non-fixed vertex of ctx.graph onto ctx.arch (see methods.hpp). On a variable-sized
// target (varcmplt, varhcub) the bipartitioning of a part stops when it holds at most two free
// vertices, and the part's domain number becomes their terminal: the number of parts follows
// the graph, as with SCOTCH (whose parts hold one to three vertices, drb.cpp). Throws Error(invalid) for a parttab of the wrong size or fixed
// vertices outside the target.
void run_drb(MappingContext& ctx, const DrbOptions& options);

// The options a `drb{...}` step's parameters give (ranges checked; Error(format) otherwise).
DrbOptions read_drb_options(const MethodParams& params);

}  // namespace tartan
