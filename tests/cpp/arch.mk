# tests/cpp/arch tests (included by tests/local.mk)
