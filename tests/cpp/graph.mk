# tests/cpp/graph tests (included by tests/local.mk)
