# tests/c/arch tests (included by tests/local.mk)
