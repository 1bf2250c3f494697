// Per-link traffic of a mapping (link_loads.hpp).
#include "mapping/link_loads.hpp"

#include <algorithm>

namespace tartan {
namespace {

constexpr std::size_t kInitialSlots = 1024;

std::size_t hash_slot(LinkIndex link, std::size_t mask) {
  // Fibonacci hashing (the high bits of the product) spreads the consecutive link numbers a
  // route often crosses.
  return std::size_t((std::uint64_t(link) * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}

}  // namespace

LinkLoads::LinkLoads(const Network& network, std::int64_t expected_crossings)
    : network_(network),
      dense_(network.link_count() <= std::max(kDenseLinkLimit, 2 * expected_crossings)) {
  if (dense_)
    dense_loads_.assign(std::size_t(network.link_count()), Load{});
  else
    slots_.assign(kInitialSlots, Slot{});
}

const LinkLoads::Load* LinkLoads::find(LinkIndex link) const {
  if (dense_) return &dense_loads_[std::size_t(link)];
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t s = hash_slot(link, mask);; s = (s + 1) & mask) {
    if (slots_[s].link == link) return &slots_[s].load;
    if (slots_[s].link < 0) return nullptr;
  }
}

void LinkLoads::grow() {
  std::vector<Slot> slots(slots_.size() * 2);
  const std::size_t mask = slots.size() - 1;
  for (const Slot& old : slots_) {
    if (old.link < 0) continue;
    std::size_t s = hash_slot(old.link, mask);
    while (slots[s].link >= 0) s = (s + 1) & mask;
    slots[s] = old;
  }
  slots_.swap(slots);
}

LinkLoads::Load& LinkLoads::load_of(LinkIndex link) {
  if (dense_) return dense_loads_[std::size_t(link)];
  std::size_t mask = slots_.size() - 1;
  std::size_t s = hash_slot(link, mask);
  for (; slots_[s].link >= 0; s = (s + 1) & mask)
    if (slots_[s].link == link) return slots_[s].load;
  if (2 * (filled_ + 1) > slots_.size()) {
    grow();
    mask = slots_.size() - 1;
    for (s = hash_slot(link, mask); slots_[s].link >= 0; s = (s + 1) & mask) {
    }
  }
  slots_[s].link = link;
  ++filled_;
  return slots_[s].load;
}

Num LinkLoads::add_message(Num from, Num to, double volume, int sign) {
  if (from == to) return 0;
  route_.clear();
  network_.route(from, to, route_);
  add_route(route_, volume, sign);
  return Num(route_.size());
}

void LinkLoads::add_route(const std::vector<LinkIndex>& links, double volume, int sign,
                          std::int64_t messages) {
  const double delta = sign >= 0 ? volume : -volume;
  const std::int64_t count = sign >= 0 ? messages : -messages;
  for (LinkIndex link : links) {
    Load& load = load_of(link);
    load.volume += delta;
    load.messages += count;
  }
}

double LinkLoads::volume(LinkIndex link) const {
  const Load* load = find(link);
  return load ? load->volume : 0.0;
}

std::int64_t LinkLoads::messages(LinkIndex link) const {
  const Load* load = find(link);
  return load ? load->messages : 0;
}

double LinkLoads::max_congestion() const {
  double most = 0;
  for_each([&](LinkIndex link, double volume, std::int64_t messages) {
    if (messages > 0) most = std::max(most, volume / network_.link_bandwidth(link));
  });
  return most;
}

std::int64_t LinkLoads::max_message_congestion() const {
  std::int64_t most = 0;
  for_each([&](LinkIndex, double, std::int64_t messages) { most = std::max(most, messages); });
  return most;
}

LinkIndex LinkLoads::used_links() const {
  LinkIndex used = 0;
  for_each([&](LinkIndex, double, std::int64_t messages) { used += messages > 0; });
  return used;
}

void LinkLoads::clear() {
  std::fill(dense_loads_.begin(), dense_loads_.end(), Load{});
  if (!dense_) {
    std::fill(slots_.begin(), slots_.end(), Slot{});
    filled_ = 0;
  }
}

}  // namespace tartan
