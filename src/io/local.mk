# src/io: files of this concern (included by the top Makefile.am)
