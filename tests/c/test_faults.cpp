// Allocation failure injection through the public API: the program replaces the global
// operator new (which the library's C++ allocations go through) with one that fails the k-th
// allocation, and replays a whole run for k = 0, 1, 2, ... until a run makes no more
// allocations than k. Two runs: load - check - target - strategy - map - .map load - view -
// save; and the builders: a gzip graph and a gzip target (zlib), deco 0 and deco 2 targets
// built from a graph (archBuild0/2), an hwloc synthetic machine, each mapped onto. The
// allocations zlib and hwloc make themselves go through malloc and are not injected; the
// library's own along those paths are. At every k,
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
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return allocate(size);
  } catch (...) {
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

std::string scratch_file, gzip_graph_file, gzip_target_file, saved_target_file;

// What a run returned: the codes of its calls and the mappings it computed.
struct Record {
  std::vector<int> codes;
  std::vector<TARTAN_Num> parts;
};

// Arms the injection: allocation k of the run fails (-1: none).
void arm(Record& record, long k) {
  record.codes.clear();
  record.parts.clear();
  // Before anything fails: the record itself must not allocate later.
  record.codes.reserve(64);
  record.parts.reserve(256);
  made = 0;
  countdown = k;
}

// The load - map - save run with allocation k failing; codes gets the codes of its calls.
void run_load_map_save(Record& record, long k) {
  arm(record, k);
  std::vector<int>& codes = record.codes;
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
  record.parts.insert(record.parts.end(), parttab, parttab + 9);
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
  record.parts.insert(record.parts.end(), parttab, parttab + 9);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  countdown = -1;
}

// Maps graph onto arch with strat and records both codes.
void map_onto(Record& record, TARTAN_Graph* graph, TARTAN_Arch* arch, TARTAN_Strat* strat) {
  TARTAN_Num parttab[9];
  record.codes.push_back(TARTAN_graphMap(graph, arch, strat, parttab));
  record.parts.insert(record.parts.end(), parttab, parttab + 9);
}

// The builders' run with allocation k failing: gzip files, deco 0 and 2, hwloc.
void run_builders(Record& record, long k) {
  arm(record, k);
  std::vector<int>& codes = record.codes;
  static const TARTAN_Num kList[] = {0, 2, 4, 6, 8};
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  codes.push_back(TARTAN_graphInit(&graph));
  codes.push_back(TARTAN_archInit(&arch));
  codes.push_back(TARTAN_stratInit(&strat));
  codes.push_back(TARTAN_graphLoadPath(&graph, gzip_graph_file.c_str(), -1, 0));
  codes.push_back(TARTAN_graphCheck(&graph));
  codes.push_back(TARTAN_archLoadPath(&arch, gzip_target_file.c_str()));
  map_onto(record, &graph, &arch, &strat);
  codes.push_back(TARTAN_archSavePath(&arch, saved_target_file.c_str()));
  TARTAN_archExit(&arch);
  codes.push_back(TARTAN_archInit(&arch));
  codes.push_back(TARTAN_archBuild0(&arch, &graph, 5, kList, nullptr));
  map_onto(record, &graph, &arch, &strat);
  TARTAN_archExit(&arch);
  codes.push_back(TARTAN_archInit(&arch));
  codes.push_back(TARTAN_archBuild2(&arch, &graph, 5, kList));
  map_onto(record, &graph, &arch, &strat);
  TARTAN_archExit(&arch);
  codes.push_back(TARTAN_archInit(&arch));
  const int hwloc = TARTAN_archHwlocSynthetic(&arch, "pack:2 core:2 pu:2");
  if (hwloc != TARTAN_ENOTSUP) {
    codes.push_back(hwloc);
    map_onto(record, &graph, &arch, &strat);
  }
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  countdown = -1;
}

// Fails every allocation of scenario once, one run per allocation point. A run whose
// failed allocation returned no error is sound only if it computed what the run without
// failure computed: the library absorbed the failure (std::stable_sort sorts in place when
// its nothrow buffer fails, shrink_to_fit keeps the larger block, parallel_for runs a task
// on the caller's thread when a thread cannot be made).
void fail_every_allocation_once(void (*scenario)(Record&, long)) {
  Record reference, record;
  scenario(reference, -1);
  for (int code : reference.codes) CU_ASSERT_EQUAL(code, TARTAN_OK);
  arm(record, -1);  // its buffers, before the leak count starts
  long k = 0, failing_runs = 0, enomem = 0, absorbed = 0;
  for (;; ++k) {
    const long before = live.load();
    scenario(record, k);
    const bool injected = made.load() > k;
    bool clean = true, first = true;
    for (int code : record.codes) {
      if (code == TARTAN_OK) continue;
      if (first && code == TARTAN_ENOMEM) enomem++;
      if ((first && code != TARTAN_ENOMEM) || code == TARTAN_EINTERNAL) clean = false;
      first = false;
    }
    if (injected && first) {
      if (record.parts == reference.parts)
        absorbed++;
      else
        std::printf("\n  allocation %ld failed without an error and changed a mapping", k),
            failing_runs++;
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
              "absorbed the failure with the same mappings ",
              k, enomem, absorbed);
  CU_ASSERT(k > 100);
  CU_ASSERT_EQUAL(enomem + absorbed, k);
  CU_ASSERT_EQUAL(failing_runs, 0);
}

void test_load_map_save() { fail_every_allocation_once(run_load_map_save); }
void test_builders() { fail_every_allocation_once(run_builders); }

// Writes the builders' gzip inputs, and warms up lazy statics and a long error message so
// that later messages fit its buffer.
bool prepare() {
  TARTAN_Graph graph;
  TARTAN_Arch arch;
  TARTAN_Strat strat;
  TARTAN_graphInit(&graph);
  TARTAN_archInit(&arch);
  TARTAN_stratInit(&strat);
  TARTAN_stratGraphMap(&strat, (std::string(400, 'x')).c_str());
  FILE* stream = fmemopen(const_cast<char*>(kGraph), sizeof kGraph - 1, "r");
  bool ready = TARTAN_graphLoad(&graph, stream, -1, 0) == TARTAN_OK;
  std::fclose(stream);
  if (ready && TARTAN_graphSavePath(&graph, gzip_graph_file.c_str()) == TARTAN_ENOTSUP) {
    std::printf("\n  built without zlib: the builders' run reads plain files ");
    for (std::string* name : {&gzip_graph_file, &gzip_target_file, &saved_target_file})
      name->resize(name->size() - 3);
  }
  ready = ready && TARTAN_graphSavePath(&graph, gzip_graph_file.c_str()) == TARTAN_OK;
  stream = fmemopen(const_cast<char*>(kTarget), sizeof kTarget - 1, "r");
  ready = ready && TARTAN_archLoad(&arch, stream) == TARTAN_OK &&
          TARTAN_archSavePath(&arch, gzip_target_file.c_str()) == TARTAN_OK;
  std::fclose(stream);
  TARTAN_stratExit(&strat);
  TARTAN_archExit(&arch);
  TARTAN_graphExit(&graph);
  return ready;
}

}  // namespace

int main() {
  // Under valgrind, its own operator new replaces this program's for the library's calls:
  // nothing can be injected there.
  const long probe_before = made.load();
  TARTAN_Strat probe;
  TARTAN_stratInit(&probe);
  TARTAN_stratGraphMap(&probe, "drb;kway");
  TARTAN_stratExit(&probe);
  if (made.load() == probe_before) {
    std::printf("operator new is not this program's (valgrind?): allocation failures cannot be "
                "injected, skipped\n");
    return 77;
  }
  char folder[] = "/tmp/tartan-faults.XXXXXX";
  if (mkdtemp(folder) == nullptr) return 1;
  scratch_file = std::string(folder) + "/out.map";
  gzip_graph_file = std::string(folder) + "/grid.grf.gz";
  gzip_target_file = std::string(folder) + "/sub.tgt.gz";
  saved_target_file = std::string(folder) + "/saved.tgt.gz";
  if (!prepare()) return 1;
  if (CU_initialize_registry() != CUE_SUCCESS) return 1;
  CU_pSuite suite = CU_add_suite("allocation failures", nullptr, nullptr);
  CU_add_test(suite, "every allocation of a load-map-save run fails once", test_load_map_save);
  CU_add_test(suite, "every allocation of the builders (gzip, deco 0/2, hwloc) fails once",
              test_builders);
  const int status = run_registered_suites();
  for (const std::string& file : {scratch_file, saved_target_file, gzip_graph_file,
                                  gzip_target_file})
    unlink(file.c_str());
  rmdir(folder);
  return status;
}
