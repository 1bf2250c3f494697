// Byte streams for every file Tartan reads or writes (graphs, targets, mappings), with gzip
// handled here and nowhere else.
//
// InputBuffer is a buffered std::streambuf over a FILE * (borrowed: left open, positioned
// wherever reading stopped) or over a path it opens and closes ("-" is standard input). The
// first bytes decide: gzip data (magic 1f 8b) is inflated transparently when built with zlib,
// and is an error (ENOTSUP) without it. Reading problems do not throw from inside the
// streambuf (std::istream would swallow the exception): the buffer stops at end of data and
// keeps the error, which readers raise with throw_if_failed() when they meet the end of data.
//
//   InputBuffer input(file, "graph.grf");   or   auto input = InputBuffer::open(path);
//   std::istream in(&input);  ... ;  input.throw_if_failed();
//
// OutputBuffer writes to a borrowed FILE * or a path it creates ("-" is standard output); a
// path ending in ".gz" is gzip-compressed (ENOTSUP without zlib). finish() flushes everything
// and raises any write error (EIO); the destructor never throws.
#pragma once

#include <cstdio>
#include <memory>
#include <streambuf>
#include <string>

#include "common/error.hpp"

namespace tartan::io {

// True when this build reads and writes gzip data.
bool gzip_supported();

class InputBuffer : public std::streambuf {
 public:
  // exact: take plain (not gzip) data from the stream one byte at a time (getc: stdio's own
  // buffer), so that the stream stays positioned just after the last byte a reader used (one
  // byte of look-ahead beyond a token: the white space ending it). SCOTCH's archLoad reads one
  // target from a stream holding several this way. gzip data is read as usual, to its end.
  InputBuffer(FILE* stream, std::string name, bool exact = false);
  // Opens path for reading; throws Error(io) naming the file and the system's reason.
  static std::unique_ptr<InputBuffer> open(const std::string& path);
  ~InputBuffer() override;
  InputBuffer(const InputBuffer&) = delete;
  InputBuffer& operator=(const InputBuffer&) = delete;

  const std::string& name() const { return name_; }
  bool compressed() const { return compressed_; }
  // Once reading has started: the size of the file when it is plain data in a regular file,
  // which bounds what is left to read; 0 when unknown (gzip data, pipes, terminals).
  std::size_t plain_file_size() const;
  // Raises the error met while reading, if any.
  void throw_if_failed() const;
  // The characters already buffered and not read yet, for a tokenizer that scans them in place
  // (TextReader's numbers), and how many of them it used: no call per character.
  const char* buffered_begin() const { return gptr(); }
  const char* buffered_end() const { return egptr(); }
  void consume_buffered(std::size_t count) { gbump(static_cast<int>(count)); }

 protected:
  int_type underflow() override;

 private:
  struct Inflater;  // zlib state, defined only in builds with zlib
  bool fill_raw();  // reads more compressed/plain bytes from the file into raw_
  bool detect();
  void record(ErrorCode code, const std::string& message);

  FILE* file_;
  bool owns_file_ = false;
  std::string temp_path_, final_path_;  // atomic save: what finish() renames into what
  std::string name_;
  bool started_ = false, compressed_ = false, failed_ = false, exact_ = false;
  ErrorCode error_code_ = ErrorCode::io;
  std::string error_message_;
  std::unique_ptr<char[]> raw_, plain_;
  std::size_t raw_begin_ = 0, raw_end_ = 0;
  std::unique_ptr<Inflater> inflater_;
};

class OutputBuffer : public std::streambuf {
 public:
  OutputBuffer(FILE* stream, std::string name, bool compress);
  // Creates path for writing (gzip if it ends in ".gz"); throws Error(io) or Error(not_supported).
  // A regular file (or a new one) is written atomically: into a temporary file of the same
  // folder that finish() renames over path only when everything was written; a failure (or
  // destruction before finish) removes the temporary file and leaves path as it was. Other
  // files (devices, pipes) are written directly.
  static std::unique_ptr<OutputBuffer> create(const std::string& path);
  ~OutputBuffer() override;
  OutputBuffer(const OutputBuffer&) = delete;
  OutputBuffer& operator=(const OutputBuffer&) = delete;

  // Writes out what is buffered, ends a gzip stream, closes an owned file; throws Error(io).
  void finish();

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* data, std::streamsize count) override;
  int sync() override;

 private:
  struct Deflater;
  bool drain(bool final_block);  // pushes the buffer to the file (through deflate if needed)
  void record(const std::string& message);

  FILE* file_;
  bool owns_file_ = false;
  std::string temp_path_, final_path_;  // atomic save: what finish() renames into what
  std::string name_;
  bool compress_;
  bool failed_ = false, finished_ = false;
  std::string error_message_;
  std::unique_ptr<char[]> buffer_, packed_;
  std::unique_ptr<Deflater> deflater_;
};

}  // namespace tartan::io
