#include "common/parallel.hpp"

#if defined(__linux__)
#include <sched.h>
#endif

namespace tartan {

int available_processing_units() {
#if defined(__linux__) && defined(CPU_COUNT)
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof(mask), &mask) == 0) {
    const int count = CPU_COUNT(&mask);
    if (count > 0) return count;
  }
#endif
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace tartan
