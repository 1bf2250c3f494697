// Per-link traffic of a mapping (link_loads.hpp).
#include "mapping/link_loads.hpp"

#include <algorithm>

namespace tartan {
namespace {

constexpr std::size_t kInitialSlots = 1024;

std::size_t hash_slot(LinkIndex link, std::size_t mask) {
  // Fibonacci hashing spreads the consecutive link numbers a route often crosses.
  return std::size_t((std::uint64_t(link) * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}

}  // namespace

LinkLoads::LinkLoads(const Network& network)
    : network_(network), dense_(network.link_count() <= kDenseLinkLimit) {
  if (dense_) {
    volume_.assign(std::size_t(network.link_count()), 0.0);
    messages_.assign(volume_.size(), 0);
  } else {
    keys_.assign(kInitialSlots, -1);
    volume_.assign(kInitialSlots, 0.0);
    messages_.assign(kInitialSlots, 0);
  }
}

std::size_t LinkLoads::find(LinkIndex link) const {
  const std::size_t mask = keys_.size() - 1;
  for (std::size_t s = hash_slot(link, mask);; s = (s + 1) & mask) {
    if (keys_[s] == link) return s;
    if (keys_[s] < 0) return keys_.size();
  }
}

void LinkLoads::grow() {
  std::vector<LinkIndex> keys(keys_.size() * 2, -1);
  std::vector<double> volume(keys.size(), 0.0);
  std::vector<std::int64_t> messages(keys.size(), 0);
  const std::size_t mask = keys.size() - 1;
  for (std::size_t old = 0; old < keys_.size(); ++old) {
    if (keys_[old] < 0) continue;
    std::size_t s = hash_slot(keys_[old], mask);
    while (keys[s] >= 0) s = (s + 1) & mask;
    keys[s] = keys_[old];
    volume[s] = volume_[old];
    messages[s] = messages_[old];
  }
  keys_.swap(keys);
  volume_.swap(volume);
  messages_.swap(messages);
}

std::size_t LinkLoads::slot(LinkIndex link, bool insert) {
  if (dense_) return std::size_t(link);
  std::size_t s = find(link);
  if (s != keys_.size() || !insert) return s;
  if (2 * (filled_ + 1) > keys_.size()) grow();
  const std::size_t mask = keys_.size() - 1;
  for (s = hash_slot(link, mask); keys_[s] >= 0; s = (s + 1) & mask) {
  }
  keys_[s] = link;
  ++filled_;
  return s;
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
    const std::size_t s = slot(link, true);
    volume_[s] += delta;
    messages_[s] += count;
  }
}

double LinkLoads::volume(LinkIndex link) const {
  if (dense_) return volume_[std::size_t(link)];
  const std::size_t s = find(link);
  return s == keys_.size() ? 0.0 : volume_[s];
}

std::int64_t LinkLoads::messages(LinkIndex link) const {
  if (dense_) return messages_[std::size_t(link)];
  const std::size_t s = find(link);
  return s == keys_.size() ? 0 : messages_[s];
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
  std::fill(volume_.begin(), volume_.end(), 0.0);
  std::fill(messages_.begin(), messages_.end(), 0);
  if (!dense_) {
    std::fill(keys_.begin(), keys_.end(), -1);
    filled_ = 0;
  }
}

}  // namespace tartan
