#!/bin/sh
# Generates configure and Makefile.in from a git checkout (needs autoconf, automake, libtool,
# autoconf-archive).
set -e
cd "$(dirname "$0")"
autoreconf --install --force
