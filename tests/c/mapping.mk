# tests/c/mapping tests (included by tests/local.mk)
