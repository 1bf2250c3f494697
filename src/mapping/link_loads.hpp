// Per-link traffic of a mapping on a target's network (../shared/NETWORKS.md): the volume and
// the number of messages each directed link carries. Heuristics (seed 003's greedy and
// threshold accepting, seed 004's) update it message by message; src/metrics/network_stats
// computes every network figure from it. One implementation for both.
//
// Storage: one slot per link (16 bytes) when the target has at most kDenseLinkLimit links or
// not many more than the link crossings the caller expects (constant-time updates); beyond, a
// hash table of the links actually used, so that a target with a huge link count (a complete
// graph of 10^5 terminals has 10^10 links) costs memory in proportion to the traffic only.
// Not thread-safe (a scratch route buffer is reused).
#pragma once

#include <cstdint>
#include <vector>

#include "arch/network.hpp"
#include "common/num.hpp"

namespace tartan {

class LinkLoads {
 public:
  static constexpr LinkIndex kDenseLinkLimit = LinkIndex(1) << 22;

  // network must outlive this object. expected_crossings: how many link crossings the caller
  // expects to add (0: unknown); dense storage is chosen up to twice that many links.
  explicit LinkLoads(const Network& network, std::int64_t expected_crossings = 0);

  const Network& network() const { return network_; }

  // Adds (sign +1) or removes (sign -1) one message of `volume` from terminal `from` to
  // terminal `to` on every link of its route (nothing when from == to). Returns the hops.
  Num add_message(Num from, Num to, double volume, int sign = +1);
  // The same along a route already computed (the links network().route appended). messages:
  // how many messages the volume stands for (a node-level arc merging several arcs, seed 004).
  void add_route(const std::vector<LinkIndex>& links, double volume, int sign = +1,
                 std::int64_t messages = 1);

  double volume(LinkIndex link) const;         // sum of the volumes crossing the link
  std::int64_t messages(LinkIndex link) const; // messages crossing it
  double congestion(LinkIndex link) const {    // volume / bandwidth
    return volume(link) / network_.link_bandwidth(link);
  }

  // Over the links carrying at least one message (0 when none does):
  double max_congestion() const;                // MC: max volume / bandwidth
  std::int64_t max_message_congestion() const;  // MMC: max messages
  LinkIndex used_links() const;                 // links with messages > 0

  // Calls f(link, volume, messages) for every link that carried a message since the last
  // clear() (messages may have returned to 0 since), in increasing link order when dense.
  template <typename F>
  void for_each(F&& f) const {
    if (dense_) {
      for (std::size_t l = 0; l < dense_loads_.size(); ++l) {
        const Load& load = dense_loads_[l];
        if (load.messages != 0 || load.volume != 0) f(LinkIndex(l), load.volume, load.messages);
      }
    } else {
      for (const Slot& slot : slots_)
        if (slot.link >= 0) f(slot.link, slot.load.volume, slot.load.messages);
    }
  }

  // Back to no traffic (keeps the memory).
  void clear();

 private:
  struct Load {
    double volume = 0;
    std::int64_t messages = 0;
  };
  struct Slot {  // sparse: one link's load, in one cache line with its key
    LinkIndex link = -1;  // -1: free
    Load load;
  };
  Load& load_of(LinkIndex link);             // inserts in sparse mode
  const Load* find(LinkIndex link) const;    // null when absent (sparse)
  void grow();

  const Network& network_;
  bool dense_;
  std::vector<Load> dense_loads_;  // dense: per link
  std::vector<Slot> slots_;        // sparse: open addressing, power-of-2 size
  std::size_t filled_ = 0;         // sparse: occupied slots
  std::vector<LinkIndex> route_;   // scratch
};

}  // namespace tartan
