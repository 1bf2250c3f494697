// Allocation failure injection through the public API: the program replaces the global
// operator new (which the library's C++ allocations go through) with one that fails the k-th
// allocation, and replays a whole load - check - target - strategy - map - .map load - view
// - save run for k = 0, 1, 2, ... until a run makes no more allocations than k. At every k,
// the first call that fails returns TARTAN_ENOMEM (later calls may then refuse what the failed
// one did not make, e.g. a target never loaded, but never with TARTAN_EINTERNAL or a crash),
// the handles still exit cleanly, and every block the run allocated is freed again (no leak).
#include <CUnit/Basic.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "tartan.h"
#include "test_support.h"

namespace {

std::atomic<long> countdown{-1};  // allocations left before one fails; -1: never
std::atomic<long> live{0};        // blocks allocated and not yet freed
std::atomic<long> made{0};        // allocations attempted since the last reset
std::atomic<bool> nothrow_failed{false};  // the failure hit a nothrow new (may be absorbed:
                                          // std::stable_sort falls back to sorting in place)

void* allocate(std::size_t size) {
  made++;
  if (countdown.load() >= 0 && countdown.fetch_sub(1) == 0) throw std::bad_alloc();
  void* block = std::malloc(size == 0 ? 1 : size);
  if (block == nullptr) throw std::bad_alloc();
  live++;
  return block;
}

void release(void* block) {
  if (block == nullptr) return;
  live--;
  std::free(block);
}

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return allocate(size);
  } catch (...) {
    nothrow_failed = true;
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return allocate(size);
  } catch (...) {
    nothrow_failed = true;
    return nullptr;
  }
}
void operator delete(void* block) noexcept { release(block); }
void operator delete[](void* block) noexcept { release(block); }
void operator delete(void* block, std::size_t) noexcept { release(block); }
void operator delete[](void* block, std::size_t) noexcept { release(block); }

namespace {

const char kGraph[] = "0\n9 24\n0 000\n2 1 3\n3 0 2 4\n2 1 5\n3 0 4 6\n4 1 3 5 7\n3 2 4 8\n"
                      "2 3 7\n3 4 6 8\n2 5 7\n";
const char kTarget[] = "sub 4 0 1 2 3 torus2D 3 3\n";
const char kMap[] = "3\n0\t1\n4\t2\n8\t3\n";

std::string scratch_file;

// One full run with allocation k failing (-1: none); codes gets the codes of its calls.
void run(std::vector<int>& codes, long k) {
  codes.clear();
  codes.reserve(64);  // before anything fails: the record itself must not allocate later
  made = 0;
  nothrow_failed = false;
  countdown = k;
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_Mapping mapping;
  TARTAN_Num parttab[9];
  codes.push_back(TARTAN_graphInit(&graph));
  codes.push_back(TARTAN_archInit(&arch));
  codes.push_back(TARTAN_stratInit(&strat));
  FILE* stream = fmemopen(const_cast<char*>(kGraph), sizeof kGraph - 1, "r");
  codes.push_back(TARTAN_graphLoad(&graph, stream, -1, 0));
  std::fclose(stream);
  codes.push_back(TARTAN_graphCheck(&graph));
  TARTAN_Num compnbr = 0;
  codes.push_back(TARTAN_graphComponents(&graph, &compnbr, nullptr));
  stream = fmemopen(const_cast<char*>(kTarget), sizeof kTarget - 1, "r");
  codes.push_back(TARTAN_archLoad(&arch, stream));
  std::fclose(stream);
  codes.push_back(TARTAN_stratGraphMap(&strat, "(drb{runs=1};kway|drb{tries=2})"));
  codes.push_back(TARTAN_graphMap(&graph, &arch, &strat, parttab));
  const int init = TARTAN_graphMapInit(&graph, &mapping, &arch, nullptr);
  codes.push_back(init);
  if (init == TARTAN_OK) {
    stream = fmemopen(const_cast<char*>(kMap), sizeof kMap - 1, "r");
    codes.push_back(TARTAN_graphMapLoad(&graph, &mapping, stream));
    std::fclose(stream);
    codes.push_back(TARTAN_graphMapFixedCompute(&graph, &mapping, &strat));
    FILE* sink = std::fopen("/dev/null", "w");
    codes.push_back(TARTAN_graphMapView(&graph, &mapping, sink));
    codes.push_back(TARTAN_graphMapViewJson(&graph, &mapping, sink));
    std::fclose(sink);
    codes.push_back(TARTAN_graphMapSavePath(&graph, &mapping, scratch_file.c_str()));
    TARTAN_graphMapExit(&graph, &mapping);
  }
  codes.push_back(TARTAN_graphSavePath(&graph, scratch_file.c_str()));
  codes.push_back(TARTAN_graphPart(&graph, 3, nullptr, parttab));
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  countdown = -1;
}

void test_every_allocation_fails_once() {
  // Warm-up: lazy statics, and a long error message so that later messages fit its buffer.
  TARTAN_Strat strat;
  TARTAN_stratInit(&strat);
  TARTAN_stratGraphMap(&strat, (std::string(400, 'x')).c_str());
  TARTAN_stratExit(&strat);
  std::vector<int> codes;
  run(codes, -1);
  for (int code : codes) CU_ASSERT_EQUAL(code, TARTAN_OK);
  long k = 0, failing_runs = 0, enomem = 0, absorbed = 0;
  for (;; ++k) {
    codes.reserve(64);
    const long before = live.load();
    run(codes, k);
    const bool injected = made.load() > k;
    bool clean = true, first = true;
    for (std::size_t i = 0; i < codes.size(); ++i) {
      if (codes[i] == TARTAN_OK) continue;
      if (first && codes[i] == TARTAN_ENOMEM) enomem++;
      if ((first && codes[i] != TARTAN_ENOMEM) || codes[i] == TARTAN_EINTERNAL) clean = false;
      first = false;
    }
    if (injected && first) {
      if (nothrow_failed)
        absorbed++;
      else
        std::printf("\n  allocation %ld failed without an error", k), failing_runs++;
    }
    if (!clean) {
      std::printf("\n  allocation %ld failed: the first failure is not ENOMEM (%s)", k,
                  TARTAN_errorMessage());
      failing_runs++;
    }
    if (live.load() != before) {
      std::printf("\n  allocation %ld failed: %ld block(s) leaked", k, live.load() - before);
      failing_runs++;
    }
    if (!injected || k > 200000) break;
  }
  std::printf("\n  %ld allocation points failed one by one: %ld runs reported ENOMEM, %ld "
              "absorbed a failed nothrow new ",
              k, enomem, absorbed);
  CU_ASSERT(k > 100);
  CU_ASSERT_EQUAL(enomem + absorbed, k);
  CU_ASSERT_EQUAL(failing_runs, 0);
}

}  // namespace

int main() {
  char folder[] = "/tmp/tartan-faults.XXXXXX";
  if (mkdtemp(folder) == nullptr) return 1;
  scratch_file = std::string(folder) + "/out.map";
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  CU_pSuite suite = CU_add_suite("allocation failures", nullptr, nullptr);
  CU_add_test(suite, "every allocation of a full run fails once", test_every_allocation_fails_once);
  const int status = run_registered_suites();
  unlink(scratch_file.c_str());
  rmdir(folder);
  return status;
}
