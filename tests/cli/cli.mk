# tests/cli/cli tests (included by tests/local.mk)
