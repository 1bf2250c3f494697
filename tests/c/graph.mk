# tests/c/graph tests (included by tests/local.mk)
