// Per-link traffic of a mapping on a target's network (../shared/NETWORKS.md): the volume and
// the number of messages each directed link carries. Heuristics (seed 003's greedy and
// threshold accepting, seed 004's) update it message by message; src/metrics/network_stats
// computes every network figure from it. One implementation for both.
//
// Storage: one slot per link when the target has at most kDenseLinkLimit links (constant-time
// updates, what heuristics on targets of up to millions of links use); beyond, a hash table of
// the links actually used, so that a target with a huge link count costs memory in proportion
// to the traffic only. Not thread-safe (a scratch route buffer is reused).
#pragma once

#include <cstdint>
#include <vector>

#include "arch/network.hpp"
#include "common/num.hpp"

namespace tartan {

class LinkLoads {
 public:
  static constexpr LinkIndex kDenseLinkLimit = LinkIndex(1) << 22;

  // network must outlive this object.
  explicit LinkLoads(const Network& network);

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
      for (std::size_t l = 0; l < messages_.size(); ++l)
        if (messages_[l] != 0 || volume_[l] != 0) f(LinkIndex(l), volume_[l], messages_[l]);
    } else {
      for (std::size_t s = 0; s < keys_.size(); ++s)
        if (keys_[s] >= 0) f(keys_[s], volume_[s], messages_[s]);
    }
  }

  // Back to no traffic (keeps the memory).
  void clear();

 private:
  std::size_t slot(LinkIndex link, bool insert);  // dense: the link; sparse: its table slot
  std::size_t find(LinkIndex link) const;         // sparse: slot, or keys_.size() if absent
  void grow();

  const Network& network_;
  bool dense_;
  std::vector<double> volume_;
  std::vector<std::int64_t> messages_;
  std::vector<LinkIndex> keys_;  // sparse: link of each slot, -1 when free (power-of-2 size)
  std::size_t filled_ = 0;       // sparse: occupied slots
  std::vector<LinkIndex> route_; // scratch
};

}  // namespace tartan
