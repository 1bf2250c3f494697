// The strategy part of the C API: strategy handles, strategy strings and default strategies
// (src/strat does the work).
#include <cstdlib>
#include <string>

#include "library/strat_handle.hpp"

using namespace tartan;
using namespace tartan::api;

static_assert(TARTAN_STRATDEFAULT == kStratDefault && TARTAN_STRATQUALITY == kStratQuality &&
                  TARTAN_STRATSPEED == kStratSpeed && TARTAN_STRATBALANCE == kStratBalance &&
                  TARTAN_STRATSAFETY == kStratSafety && TARTAN_STRATRECURSIVE == kStratRecursive,
              "strategy flags differ between tartan.h and src/strat");

extern "C" {

TARTAN_API int TARTAN_stratSizeof(void) { return static_cast<int>(sizeof(TARTAN_Strat)); }

TARTAN_API TARTAN_Strat* TARTAN_stratAlloc(void) {
  return static_cast<TARTAN_Strat*>(std::malloc(sizeof(TARTAN_Strat)));
}

TARTAN_API int TARTAN_stratInit(TARTAN_Strat* strat) {
  return guarded(__func__, [&] { init_handle(strat, std::make_unique<Strategy>()); });
}

TARTAN_API void TARTAN_stratExit(TARTAN_Strat* strat) { exit_handle<Strategy>(strat); }

TARTAN_API int TARTAN_stratGraphMap(TARTAN_Strat* strat, const char* string) {
  return guarded(__func__, [&] {
    Strategy& strategy = unwrap<Strategy>(strat);
    set_strategy_text(strategy, require(string, "strategy string"));
  });
}

TARTAN_API int TARTAN_stratGraphMapBuild(TARTAN_Strat* strat, TARTAN_Num flagval,
                                         TARTAN_Num partnbr, double balrat) {
  return guarded(__func__, [&] {
    Strategy& strategy = unwrap<Strategy>(strat);
    if (flagval < 0 || flagval > 0xffff)
      fail_invalid("unknown strategy flags " + std::to_string(flagval));
    const std::string text =
        default_strategy_text(static_cast<unsigned>(flagval), partnbr, balrat);
    set_strategy_text(strategy, text);
    strategy.imbalance = balrat;
  });
}

TARTAN_API int TARTAN_stratThreads(TARTAN_Strat* strat, TARTAN_Num threadnbr) {
  return guarded(__func__, [&] { set_strategy_threads(unwrap<Strategy>(strat), threadnbr); });
}

TARTAN_API int TARTAN_stratRandomSeed(TARTAN_Strat* strat, TARTAN_Num seed) {
  return guarded(__func__, [&] {
    unwrap<Strategy>(strat).seed = static_cast<std::uint64_t>(static_cast<std::int64_t>(seed));
  });
}

}
