// The one way Tartan runs work on several threads: parallel_for(count, threads, task) calls
// task(i) for every i in [0, count), task i on thread i % threads (the caller's thread being
// thread 0), and returns when all are done. Tasks must write to disjoint data and draw from
// generators of their own, seeded before the call, so that the result does not depend on the
// thread count (the contract of TARTAN_stratThreads). An exception thrown by a task is
// rethrown in the caller once every thread has stopped (that of the lowest task index).
#pragma once

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace tartan {

// The processing units this process may run on: those of its CPU affinity mask where the
// system has one (a batch scheduler's allocation, taskset), otherwise the machine's; at least 1.
int available_processing_units();

// The threads parallel_for(count, threads, ...) runs on, its lanes: task i goes to lane
// i % lanes, and the tasks of a lane run one after another on one thread, so that callers may
// give each lane scratch of its own.
inline int parallel_lanes(int count, int threads) { return std::max(1, std::min(threads, count)); }

template <class Task>
void parallel_for(int count, int threads, Task&& task) {
  threads = parallel_lanes(count, threads);
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(std::max(count, 0)));
  auto work = [&](int thread) {
    for (int i = thread; i < count; i += threads) {
      try {
        task(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> pool;
  try {
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  } catch (...) {
    // No more threads to be had: the caller's thread does the rest.
    for (std::thread& thread : pool) thread.join();
    for (int t = static_cast<int>(pool.size()) + 1; t < threads; ++t) work(t);
    pool.clear();
  }
  work(0);
  for (std::thread& thread : pool) thread.join();
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
}

}  // namespace tartan
