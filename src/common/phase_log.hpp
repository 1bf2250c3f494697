// Where a mapping spends its time: named phases ("kway refine", "drb coarsen") whose durations
// accumulate over every time the phase runs (DRB bipartitions thousands of subgraphs). The
// multilevel driver and the methods time themselves into the log their context carries; the C
// layer hands it to the caller (TARTAN_graphMapPhase), `tartan map -v` prints it.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace tartan {

class PhaseLog {
 public:
  struct Phase {
    std::string name;
    double seconds = 0;
  };

  // The position of the phase called name (created at the end of the list the first time).
  std::size_t slot(const char* name) {
    for (std::size_t i = 0; i < phases_.size(); ++i)
      if (phases_[i].name == name) return i;
    phases_.push_back({name, 0.0});
    return phases_.size() - 1;
  }
  const std::vector<Phase>& phases() const { return phases_; }
  void clear() { phases_.clear(); }
  // Adds the durations of other's phases to those of the same names (work timed on other
  // threads, each into a log of its own, gathered afterwards).
  void merge(const PhaseLog& other) {
    for (const Phase& phase : other.phases_) phases_[slot(phase.name.c_str())].seconds += phase.seconds;
  }

  // Times its own lifetime into log under name; a null log times nothing. The phase is
  // entered when the timer starts, so that stopping it allocates nothing and cannot throw.
  class Timer {
   public:
    Timer(PhaseLog* log, const char* name) : log_(log) {
      if (log_ == nullptr) return;
      slot_ = log_->slot(name);
      start_ = std::chrono::steady_clock::now();
    }
    ~Timer() {
      if (log_ != nullptr)
        log_->phases_[slot_].seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    Timer(const Timer&) = delete;
    Timer& operator=(const Timer&) = delete;

   private:
    PhaseLog* log_;
    std::size_t slot_ = 0;
    std::chrono::steady_clock::time_point start_;
  };

 private:
  std::vector<Phase> phases_;
};

}  // namespace tartan
