/* Runs a fuzz harness over files without libFuzzer: the programs a build without
 * --enable-fuzzing makes from tests/fuzz/fuzz_*.c, so that `make check` replays every corpus
 * (regression files included) with any compiler. Arguments are files or directories (their
 * files, not recursively); arguments starting with '-' (libFuzzer options such as -runs=0)
 * are ignored, so that the same command line serves both kinds of build. */
#include "fuzz_support.h"

#ifndef TARTAN_LIBFUZZER /* libFuzzer brings its own main */
#include <dirent.h>
#include <sys/stat.h>

static int run_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    fprintf(stderr, "%s: cannot open\n", path);
    return 1;
  }
  size_t size = 0, capacity = 4096;
  uint8_t *data = (uint8_t *) malloc(capacity);
  size_t got;
  while (data != NULL && (got = fread(data + size, 1, capacity - size, file)) > 0) {
    size += got;
    if (size == capacity) {
      uint8_t *grown = (uint8_t *) realloc(data, capacity *= 2);
      if (grown == NULL) free(data);
      data = grown;
    }
  }
  fclose(file);
  if (data == NULL) {
    fprintf(stderr, "%s: out of memory\n", path);
    return 1;
  }
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 0;
}

int main(int argc, char **argv) {
  int failures = 0, files = 0;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-') continue;
    struct stat info;
    if (stat(argv[i], &info) != 0) {
      fprintf(stderr, "%s: no such file or directory\n", argv[i]);
      ++failures;
      continue;
    }
    if (!S_ISDIR(info.st_mode)) {
      failures += run_file(argv[i]);
      ++files;
      continue;
    }
    DIR *dir = opendir(argv[i]);
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
      if (entry->d_name[0] == '.') continue;
      size_t length = strlen(argv[i]) + strlen(entry->d_name) + 2;
      char *path = (char *) malloc(length);
      if (path == NULL) return 1;
      snprintf(path, length, "%s/%s", argv[i], entry->d_name);
      failures += run_file(path);
      ++files;
      free(path);
    }
    if (dir != NULL) closedir(dir);
  }
  printf("%s: %d input(s) replayed, %d unreadable\n", argv[0], files, failures);
  return failures == 0 ? 0 : 1;
}

#endif
