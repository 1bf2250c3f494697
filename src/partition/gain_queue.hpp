// The gain structure of Tartan's move-based refinements (FM bipartitioning, k-way refinement,
// greedy growing): an addressable max-heap of items 0..capacity-1 keyed by a 64-bit gain.
// Mapping gains are edge weight x distance sums, unbounded in range, so a heap is used rather than
// an array of buckets indexed by gain. Flat arrays, no allocation after reset(); equal gains are
// ordered by the sequence of operations only, hence deterministic.
#pragma once

#include <cstdint>
#include <vector>

#include "common/big_arrays.hpp"
#include "common/num.hpp"

namespace tartan {

class GainQueue {
 public:
  using Gain = std::int64_t;

  // Empties the queue and makes room for items 0..capacity-1. Every item out of the heap has
  // position -1 (push, remove and clear keep it so), so only a larger capacity touches the
  // position array: refilled at every FM call, it took 1.5 % of mapping a 10^6-vertex mesh.
  void reset(Num capacity) {
    clear();
    if (position_.size() < static_cast<std::size_t>(capacity))
      assign_big(position_, static_cast<std::size_t>(capacity), Num{-1});
  }
  // Empties the queue in O(size).
  void clear() {
    for (const Entry& e : heap_) position_[e.item] = -1;
    heap_.clear();
  }

  bool empty() const { return heap_.empty(); }
  Num size() const { return static_cast<Num>(heap_.size()); }
  bool contains(Num item) const { return position_[item] != -1; }
  Num top() const { return heap_.front().item; }
  Gain top_gain() const { return heap_.front().gain; }
  Gain gain(Num item) const { return heap_[position_[item]].gain; }

  void push(Num item, Gain g) {
    position_[item] = static_cast<Num>(heap_.size());
    heap_.push_back({g, item});
    sift_up(static_cast<Num>(heap_.size()) - 1);
  }
  // Inserts item or changes its gain.
  void set(Num item, Gain g) {
    if (position_[item] == -1) {
      push(item, g);
      return;
    }
    const Num at = position_[item];
    const Gain old = heap_[at].gain;
    heap_[at].gain = g;
    if (g > old)
      sift_up(at);
    else if (g < old)
      sift_down(at);
  }
  void remove(Num item) {
    const Num at = position_[item];
    if (at == -1) return;
    position_[item] = -1;
    const Num last = static_cast<Num>(heap_.size()) - 1;
    if (at != last) {
      heap_[at] = heap_[last];
      position_[heap_[at].item] = at;
      heap_.pop_back();
      sift_down(at);
      sift_up(at);
    } else {
      heap_.pop_back();
    }
  }
  Num pop() {
    const Num item = heap_.front().item;
    remove(item);
    return item;
  }

 private:
  struct Entry {
    Gain gain;
    Num item;
  };

  void sift_up(Num at) {
    const Entry e = heap_[at];
    while (at > 0) {
      const Num parent = (at - 1) / 2;
      if (heap_[parent].gain >= e.gain) break;
      heap_[at] = heap_[parent];
      position_[heap_[at].item] = at;
      at = parent;
    }
    heap_[at] = e;
    position_[e.item] = at;
  }
  void sift_down(Num at) {
    const Num n = static_cast<Num>(heap_.size());
    const Entry e = heap_[at];
    for (;;) {
      Num child = 2 * at + 1;
      if (child >= n) break;
      if (child + 1 < n && heap_[child + 1].gain > heap_[child].gain) ++child;
      if (heap_[child].gain <= e.gain) break;
      heap_[at] = heap_[child];
      position_[heap_[at].item] = at;
      at = child;
    }
    heap_[at] = e;
    position_[e.item] = at;
  }

  std::vector<Entry> heap_;
  std::vector<Num> position_;
};

}  // namespace tartan
