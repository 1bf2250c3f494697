#!/bin/sh
# Runs the README's Fortran example (bindings/fortran/tests/readme_example, built from the
# README by make) from the source tree, where its target file arch/torus2D_4x4.tgt is.
program="$(pwd)/bindings/fortran/tests/readme_example"
cd "$TARTAN_TOP_SRCDIR" && exec "$program"
