#include "partition/bipartition.hpp"

#include <algorithm>
#include <cmath>

namespace tartan {

namespace {

using I64 = std::int64_t;

I64 excess_of(const BipartitionProblem& problem, const I64 load[2]) {
  return std::max<I64>(0, load[0] - problem.capacity[0]) +
         std::max<I64>(0, load[1] - problem.capacity[1]);
}

double deviation_of(const BipartitionProblem& problem, const I64 load[2]) {
  return std::fabs(static_cast<double>(load[0]) - problem.ideal0);
}

I64 external_of(const BipartitionProblem& problem, Num v) {
  return problem.external.empty() ? 0 : problem.external[v];
}

// Cost decrease obtained by moving v to the other side.
I64 move_gain(const BipartitionProblem& problem, const std::vector<std::uint8_t>& side, Num v) {
  const CsrGraph& g = *problem.graph;
  I64 same = 0, other = 0;
  const std::uint8_t s = side[v];
  for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
    if (side[g.adjncy[arc]] == s)
      same += g.adjwgt[arc];
    else
      other += g.adjwgt[arc];
  }
  const I64 ext = external_of(problem, v);
  return problem.cut_cost * (other - same) - (s == 0 ? ext : -ext);
}

// A state is better when it is less overloaded, then cheaper, then closer to the ideal split.
struct Score {
  I64 excess;
  I64 cost;
  double deviation;
  bool better_than(const Score& o) const {
    if (excess != o.excess) return excess < o.excess;
    if (cost != o.cost) return cost < o.cost;
    return deviation < o.deviation - 1e-9;
  }
};

// Greedy graph growing: every vertex starts on side 1 - grow; a region grows on side `grow` from
// the seed (or the vertex of best gain), always taking the frontier vertex of best gain, until
// that side reaches its ideal load. When the frontier is empty (the region filled a connected
// component) growth restarts from the best remaining vertex.
void grow_initial(const BipartitionProblem& problem, BipartitionWorkspace& ws, int grow, Num seed,
                  std::vector<std::uint8_t>& side, I64 load[2]) {
  const CsrGraph& g = *problem.graph;
  const Num n = g.vertex_count();
  const I64 total = g.total_vertex_weight();
  side.assign(static_cast<std::size_t>(n), static_cast<std::uint8_t>(1 - grow));
  load[grow] = 0;
  load[1 - grow] = total;
  const double target = grow == 0 ? problem.ideal0 : static_cast<double>(total) - problem.ideal0;
  const I64 cap = problem.capacity[grow];
  GainQueue& queue = ws.queue[0];
  queue.reset(n);
  std::vector<std::uint8_t>& tried = ws.locked;  // vertices already taken or rejected
  tried.assign(static_cast<std::size_t>(n), 0);
  while (static_cast<double>(load[grow]) < target) {
    if (queue.empty()) {
      if (seed < 0) {  // restart from the best vertex not tried yet
        I64 best_gain = 0;
        for (Num v = 0; v < n; ++v) {
          if (tried[v]) continue;
          const I64 gain = move_gain(problem, side, v);
          if (seed < 0 || gain > best_gain) {
            seed = v;
            best_gain = gain;
          }
        }
        if (seed < 0) break;
      }
      queue.push(seed, 0);
      seed = -1;
    }
    const Num v = queue.pop();
    tried[v] = 1;
    const I64 w = g.vwgt[v];
    if (load[grow] + w > cap && load[grow] > 0) continue;  // too heavy to fit now
    side[v] = static_cast<std::uint8_t>(grow);
    load[grow] += w;
    load[1 - grow] -= w;
    for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
      const Num u = g.adjncy[arc];
      if (tried[u]) continue;
      if (queue.contains(u))
        queue.set(u, queue.gain(u) + 2 * problem.cut_cost * g.adjwgt[arc]);
      else
        queue.push(u, move_gain(problem, side, u));
    }
  }
  queue.clear();
  std::fill(tried.begin(), tried.end(), 0);
}

}  // namespace

I64 bipartition_cost(const BipartitionProblem& problem, const std::vector<std::uint8_t>& side,
                     I64 load[2]) {
  const CsrGraph& g = *problem.graph;
  I64 cut_arcs = 0, ext = 0;
  load[0] = load[1] = 0;
  for (Num v = 0; v < g.vertex_count(); ++v) {
    load[side[v]] += g.vwgt[v];
    if (side[v] == 1) ext += external_of(problem, v);
    for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc)
      if (side[g.adjncy[arc]] != side[v]) cut_arcs += g.adjwgt[arc];
  }
  return problem.cut_cost * (cut_arcs / 2) + ext;
}

I64 fm_refine(const BipartitionProblem& problem, const BipartitionOptions& options,
              BipartitionWorkspace& ws, std::vector<std::uint8_t>& side, I64 load[2], I64 cost) {
  const CsrGraph& g = *problem.graph;
  const Num n = g.vertex_count();
  ws.locked.assign(static_cast<std::size_t>(n), 0);
  ws.queue[0].reset(n);
  ws.queue[1].reset(n);
  std::vector<Num>& moved = ws.moved;
  std::vector<Num> skipped;
  const I64 twice_cut = 2 * problem.cut_cost;
  const double ideal[2] = {problem.ideal0, static_cast<double>(g.total_vertex_weight()) - problem.ideal0};

  for (int pass = 0; pass < options.passes; ++pass) {
    for (Num v = 0; v < n; ++v) {
      bool candidate = external_of(problem, v) != 0;
      for (Num arc = g.xadj[v]; !candidate && arc < g.xadj[v + 1]; ++arc)
        candidate = side[g.adjncy[arc]] != side[v];
      if (candidate) ws.queue[side[v]].push(v, move_gain(problem, side, v));
    }
    moved.clear();
    skipped.clear();
    I64 current_excess = excess_of(problem, load);
    Score best{current_excess, cost, deviation_of(problem, load)};
    std::size_t best_length = 0;
    Num bad_moves = 0;
    for (;;) {
      int from = -1;
      for (int s = 0; s < 2; ++s) {
        GainQueue& queue = ws.queue[s];
        bool blocked = false;
        while (!queue.empty()) {
          const Num v = queue.top();
          const I64 w = g.vwgt[v];
          I64 next[2] = {load[0], load[1]};
          next[s] -= w;
          next[1 - s] += w;
          const I64 next_excess = excess_of(problem, next);
          if (next_excess == 0 || next_excess < current_excess) break;
          // Blocked by the balance: a vertex too heavy to move even from the ideal split is set
          // aside for this pass; otherwise this side waits until the other side has moved.
          if (static_cast<double>(w) + ideal[1 - s] <= static_cast<double>(problem.capacity[1 - s])) {
            blocked = true;
            break;
          }
          queue.pop();
          ws.locked[v] = 1;
          skipped.push_back(v);
        }
        if (queue.empty() || blocked) continue;
        if (from == -1 || queue.top_gain() > ws.queue[from].top_gain()) from = s;
      }
      if (from == -1) break;
      const int to = 1 - from;
      const I64 gain = ws.queue[from].top_gain();
      const Num v = ws.queue[from].pop();
      const I64 w = g.vwgt[v];
      side[v] = static_cast<std::uint8_t>(to);
      load[from] -= w;
      load[to] += w;
      cost -= gain;
      ws.locked[v] = 1;
      moved.push_back(v);
      for (Num arc = g.xadj[v]; arc < g.xadj[v + 1]; ++arc) {
        const Num u = g.adjncy[arc];
        if (ws.locked[u]) continue;
        GainQueue& queue = ws.queue[side[u]];
        if (queue.contains(u)) {
          const I64 delta = twice_cut * g.adjwgt[arc];
          queue.set(u, queue.gain(u) + (side[u] == to ? -delta : delta));
        } else {
          queue.push(u, move_gain(problem, side, u));
        }
      }
      current_excess = excess_of(problem, load);
      const Score now{current_excess, cost, deviation_of(problem, load)};
      if (now.better_than(best)) {
        best = now;
        best_length = moved.size();
        bad_moves = 0;
      } else if (++bad_moves > options.moves) {
        break;
      }
    }
    for (std::size_t i = moved.size(); i > best_length; --i) {
      const Num v = moved[i - 1];
      const int to = side[v];
      side[v] = static_cast<std::uint8_t>(1 - to);
      load[to] -= g.vwgt[v];
      load[1 - to] += g.vwgt[v];
    }
    cost = best.cost;
    for (Num v : moved) ws.locked[v] = 0;
    for (Num v : skipped) ws.locked[v] = 0;
    ws.queue[0].clear();
    ws.queue[1].clear();
    if (best_length == 0) break;
  }
  return cost;
}

I64 multilevel_bipartition(const BipartitionProblem& problem, const BipartitionOptions& options,
                           Random& random, BipartitionWorkspace& ws,
                           std::vector<std::uint8_t>& side) {
  const CsrGraph& top = *problem.graph;
  const I64 total = top.total_vertex_weight();

  // Coarsening: each level keeps its graph, its projection and its summed external costs.
  std::vector<CoarseLevel> levels;
  std::vector<BipartitionProblem> problems;
  MatchingOptions matching;
  matching.max_vertex_weight = std::max<I64>(
      1, static_cast<I64>(1.5 * static_cast<double>(total) / static_cast<double>(options.coarse_size)));
  const CsrGraph* current = &top;
  const std::vector<I64>* current_external = &problem.external;
  while (current->vertex_count() > options.coarse_size) {
    CoarseLevel level = coarsen_once(*current, random, matching);
    if (static_cast<double>(level.graph.vertex_count()) >
        options.coarse_ratio * static_cast<double>(current->vertex_count()))
      break;
    BipartitionProblem coarse = problem;
    coarse.external.clear();
    if (!current_external->empty()) {
      coarse.external.assign(static_cast<std::size_t>(level.graph.vertex_count()), 0);
      for (Num v = 0; v < current->vertex_count(); ++v)
        coarse.external[level.fine_to_coarse[v]] += (*current_external)[v];
    }
    // Coarse vertices are heavy: let each side exceed its ideal load by the heaviest vertex, or
    // no move would fit; the finer levels restore the real capacities.
    const I64 heaviest = *std::max_element(level.graph.vwgt.begin(), level.graph.vwgt.end());
    const double ideal[2] = {problem.ideal0, static_cast<double>(total) - problem.ideal0};
    for (int s = 0; s < 2; ++s)
      coarse.capacity[s] = std::max(problem.capacity[s], static_cast<I64>(ideal[s]) + heaviest);
    levels.push_back(std::move(level));
    problems.push_back(std::move(coarse));
    // Pointers into the vectors are refreshed after every push_back.
    for (std::size_t i = 0; i < levels.size(); ++i) problems[i].graph = &levels[i].graph;
    current = &levels.back().graph;
    current_external = &problems.back().external;
  }
  const BipartitionProblem& coarsest = problems.empty() ? problem : problems.back();
  const Num coarse_n = coarsest.graph->vertex_count();

  // Initial bipartitions: grow either side, from the best-gain vertex or from random seeds.
  std::vector<std::uint8_t> best_side, trial;
  Score best{0, 0, 0};
  I64 load[2];
  const int tries = std::max(1, options.tries);
  for (int t = 0; t < tries; ++t) {
    const int grow = t % 2;
    const Num seed = (t < 2 || coarse_n == 0) ? -1 : static_cast<Num>(random.below(
                                                         static_cast<std::uint64_t>(coarse_n)));
    grow_initial(coarsest, ws, grow, seed, trial, load);
    I64 cost = bipartition_cost(coarsest, trial, load);
    cost = fm_refine(coarsest, options, ws, trial, load, cost);
    const Score score{excess_of(coarsest, load), cost, deviation_of(coarsest, load)};
    if (t == 0 || score.better_than(best)) {
      best = score;
      best_side.swap(trial);
    }
  }

  // Uncoarsening: project to the finer level and refine there.
  side.swap(best_side);
  I64 cost = best.cost;
  for (std::size_t i = levels.size(); i > 0; --i) {
    const CoarseLevel& level = levels[i - 1];
    const BipartitionProblem& finer = i >= 2 ? problems[i - 2] : problem;
    const Num fine_n = finer.graph->vertex_count();
    trial.resize(static_cast<std::size_t>(fine_n));
    for (Num v = 0; v < fine_n; ++v) trial[v] = side[level.fine_to_coarse[v]];
    side.swap(trial);
    bipartition_cost(finer, side, load);  // loads only; the cost is preserved by projection
    cost = fm_refine(finer, options, ws, side, load, cost);
  }
  return cost;
}

}  // namespace tartan
