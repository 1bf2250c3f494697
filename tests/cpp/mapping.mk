# tests/cpp/mapping tests (included by tests/local.mk)
