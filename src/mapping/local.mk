# src/mapping: files of this concern (included by the top Makefile.am)
