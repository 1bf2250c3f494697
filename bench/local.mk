# bench: comparisons against SCOTCH, run by hand (never part of `make check`); see bench/README.
EXTRA_DIST += bench/README bench/vs-scotch.sh bench/deco2-scale.sh bench/fuzz
