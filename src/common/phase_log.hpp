// Where a mapping spends its time: named phases ("kway refine", "drb coarsen") whose durations
// accumulate over every time the phase runs (DRB bipartitions thousands of subgraphs). The
// multilevel driver and the methods time themselves into the log their context carries; the C
// layer hands it to the caller (TARTAN_graphMapPhase), `tartan map -v` prints it.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace tartan {

class PhaseLog {
 public:
  struct Phase {
    std::string name;
    double seconds = 0;
  };

  // Adds seconds to the phase called name (created at the end of the list the first time).
  void add(const char* name, double seconds) {
    for (Phase& phase : phases_)
      if (phase.name == name) {
        phase.seconds += seconds;
        return;
      }
    phases_.push_back({name, seconds});
  }
  const std::vector<Phase>& phases() const { return phases_; }
  void clear() { phases_.clear(); }

  // Times its own lifetime into log under name; a null log times nothing.
  class Timer {
   public:
    Timer(PhaseLog* log, const char* name) : log_(log), name_(name) {
      if (log_ != nullptr) start_ = std::chrono::steady_clock::now();
    }
    ~Timer() {
      if (log_ != nullptr)
        log_->add(name_, std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
                             .count());
    }
    Timer(const Timer&) = delete;
    Timer& operator=(const Timer&) = delete;

   private:
    PhaseLog* log_;
    const char* name_;
    std::chrono::steady_clock::time_point start_;
  };

 private:
  std::vector<Phase> phases_;
};

}  // namespace tartan
