// Arrays of the whole graph's size (its arcs, the finest coarse levels, the checks' reverse
// arcs) are allocated afresh by every phase of a mapping, and on big graphs touching their
// fresh pages took as long as the work itself: a 200^3 mesh's bisection took 1.16 million page
// faults. On Linux, such arrays are advised for transparent huge pages, which the usual system
// setting ("madvise") grants only on request: one fault then maps 2 MB instead of 4 KB, and the
// refinements' scattered accesses miss the TLB less. Only the library's own arrays are advised;
// the caller's allocator and memory are left as they are.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

namespace tartan {

// Advises [data, data + bytes) for huge pages where the system allows it; no-op below 4 MB, off
// Linux, or when the system has transparent huge pages disabled. Never fails.
void advise_huge_pages(const void* data, std::size_t bytes) noexcept;

// reserve(n), with the room advised as above.
template <class T>
void reserve_big(std::vector<T>& v, std::size_t n) {
  v.reserve(n);
  advise_huge_pages(v.data(), v.capacity() * sizeof(T));
}

// assign(n, value), the room advised before it is filled. Old contents are dropped before the
// room grows, so they are never copied.
template <class T>
void assign_big(std::vector<T>& v, std::size_t n, const T& value) {
  if (v.capacity() < n) {
    v.clear();
    reserve_big(v, n);
  }
  v.assign(n, value);
}

// assign(first, last), the room advised before it is filled; old contents are dropped first,
// as in assign_big.
template <class T, class ForwardIt>
void assign_range_big(std::vector<T>& v, ForwardIt first, ForwardIt last) {
  const auto n = static_cast<std::size_t>(std::distance(first, last));
  if (v.capacity() < n) {
    v.clear();
    reserve_big(v, n);
  }
  v.assign(first, last);
}

// A vector of n copies of value, advised before it is filled.
template <class T>
std::vector<T> big_vector(std::size_t n, const T& value = T()) {
  std::vector<T> v;
  reserve_big(v, n);
  v.assign(n, value);
  return v;
}

// An uninitialised array of n trivially constructible elements, advised.
template <class T>
std::unique_ptr<T[]> big_buffer(std::size_t n) {
  std::unique_ptr<T[]> buffer(new T[n]);
  advise_huge_pages(buffer.get(), n * sizeof(T));
  return buffer;
}

}  // namespace tartan
