// Buffered file streams with transparent gzip (see compressed_stream.hpp). The only file that
// includes zlib.h.
#include "io/compressed_stream.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <system_error>

#include "config.h"

#if HAVE_ZLIB
#include <zlib.h>
#endif

namespace tartan::io {

namespace {

constexpr std::size_t kBufferSize = 1 << 16;

std::string system_reason(int error_number) {
  return std::error_code(error_number, std::generic_category()).message();
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

bool gzip_supported() {
#if HAVE_ZLIB
  return true;
#else
  return false;
#endif
}

// ---- Input ------------------------------------------------------------------------------

#if HAVE_ZLIB
struct InputBuffer::Inflater {
  z_stream stream{};
  bool live = true;  // inside a gzip member (false once its end is reached)
  Inflater() {
    // 16 + MAX_WBITS: gzip wrapper only.
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) throw std::bad_alloc();
  }
  ~Inflater() { inflateEnd(&stream); }
};
#else
struct InputBuffer::Inflater {};
#endif

InputBuffer::InputBuffer(FILE* stream, std::string name, bool exact)
    : file_(stream), name_(std::move(name)), exact_(exact), raw_(new char[kBufferSize]) {}

std::unique_ptr<InputBuffer> InputBuffer::open(const std::string& path) {
  if (path == "-") return std::make_unique<InputBuffer>(stdin, "standard input");
  errno = 0;
  FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    const int reason = errno;
    fail(ErrorCode::io, "cannot open '" + path + "': " + system_reason(reason));
  }
  std::unique_ptr<InputBuffer> buffer;
  try {
    buffer = std::make_unique<InputBuffer>(file, path);
  } catch (...) {
    std::fclose(file);
    throw;
  }
  buffer->owns_file_ = true;
  return buffer;
}

InputBuffer::~InputBuffer() {
  if (owns_file_) std::fclose(file_);
}

void InputBuffer::record(ErrorCode code, const std::string& message) {
  if (failed_) return;
  failed_ = true;
  error_code_ = code;
  error_message_ = name_ + ": " + message;
}

void InputBuffer::throw_if_failed() const {
  if (failed_) throw Error(error_code_, error_message_);
}

bool InputBuffer::fill_raw() {
  raw_begin_ = 0;
  if (exact_) {
    const int c = std::getc(file_);
    raw_end_ = 0;
    if (c != EOF) raw_[raw_end_++] = static_cast<char>(c);
  } else {
    raw_end_ = std::fread(raw_.get(), 1, kBufferSize, file_);
  }
  if (raw_end_ == 0 && std::ferror(file_)) {
    record(ErrorCode::io, "read error: " + system_reason(errno));
  }
  return raw_end_ > 0;
}

std::size_t InputBuffer::plain_file_size() const {
  struct stat status;
  if (!started_ || compressed_ || file_ == nullptr || fstat(fileno(file_), &status) != 0 ||
      !S_ISREG(status.st_mode) || status.st_size < 0)
    return 0;
  return static_cast<std::size_t>(status.st_size);
}

// Reads the first bytes and decides between plain and gzip data.
bool InputBuffer::detect() {
  started_ = true;
  if (file_ == nullptr) {
    record(ErrorCode::invalid, "no stream");
    return false;
  }
  fill_raw();
  // Exact reading looks at a second byte only after gzip's first magic byte.
  const bool maybe_gzip = !exact_ || (raw_end_ == 1 && static_cast<unsigned char>(raw_[0]) == 0x1f);
  while (raw_end_ < 2 && !failed_ && maybe_gzip) {
    const std::size_t more = std::fread(raw_.get() + raw_end_, 1, exact_ ? 1 : kBufferSize - raw_end_,
                                        file_);
    if (more == 0) break;
    raw_end_ += more;
  }
  if (failed_) return false;
  compressed_ = raw_end_ >= 2 && static_cast<unsigned char>(raw_[0]) == 0x1f &&
                static_cast<unsigned char>(raw_[1]) == 0x8b;
  if (!compressed_) return true;
  exact_ = false;  // a gzip stream is read to its end
#if HAVE_ZLIB
  inflater_ = std::make_unique<Inflater>();
  plain_.reset(new char[kBufferSize]);
  return true;
#else
  record(ErrorCode::not_supported,
         "gzip-compressed data, but this build of Tartan has no zlib (configure --with-zlib)");
  return false;
#endif
}

InputBuffer::int_type InputBuffer::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  if (failed_) return traits_type::eof();
  if (!started_ && !detect()) return traits_type::eof();
  if (!compressed_) {
    if (raw_begin_ >= raw_end_ && !fill_raw()) return traits_type::eof();
    setg(raw_.get() + raw_begin_, raw_.get() + raw_begin_, raw_.get() + raw_end_);
    raw_begin_ = raw_end_;
    return traits_type::to_int_type(*gptr());
  }
#if HAVE_ZLIB
  z_stream& zs = inflater_->stream;
  for (;;) {
    if (raw_begin_ >= raw_end_ && !fill_raw()) {
      if (!failed_ && inflater_->live) record(ErrorCode::format, "truncated gzip data");
      return traits_type::eof();
    }
    if (!inflater_->live) {
      // A finished gzip member followed by more bytes: another member, or trailing garbage.
      if (raw_end_ - raw_begin_ < 2) {
        std::memmove(raw_.get(), raw_.get() + raw_begin_, raw_end_ - raw_begin_);
        raw_end_ -= raw_begin_;
        raw_begin_ = 0;
        raw_end_ += std::fread(raw_.get() + raw_end_, 1, kBufferSize - raw_end_, file_);
      }
      if (raw_end_ - raw_begin_ < 2 || static_cast<unsigned char>(raw_[raw_begin_]) != 0x1f ||
          static_cast<unsigned char>(raw_[raw_begin_ + 1]) != 0x8b) {
        record(ErrorCode::format, "trailing garbage after the gzip data");
        return traits_type::eof();
      }
      inflateReset(&zs);
      inflater_->live = true;
    }
    zs.next_in = reinterpret_cast<Bytef*>(raw_.get() + raw_begin_);
    zs.avail_in = static_cast<uInt>(raw_end_ - raw_begin_);
    zs.next_out = reinterpret_cast<Bytef*>(plain_.get());
    zs.avail_out = static_cast<uInt>(kBufferSize);
    const int status = inflate(&zs, Z_NO_FLUSH);
    raw_begin_ = raw_end_ - zs.avail_in;
    const std::size_t produced = kBufferSize - zs.avail_out;
    if (status == Z_STREAM_END) {
      inflater_->live = false;
      // End of data if nothing follows the member.
      if (produced == 0 && raw_begin_ >= raw_end_ && !fill_raw()) return traits_type::eof();
    } else if (status != Z_OK && status != Z_BUF_ERROR) {
      record(ErrorCode::format,
             std::string("corrupt gzip data (") + (zs.msg ? zs.msg : "inflate failed") + ")");
      return traits_type::eof();
    }
    if (produced > 0) {
      setg(plain_.get(), plain_.get(), plain_.get() + produced);
      return traits_type::to_int_type(*gptr());
    }
  }
#else
  return traits_type::eof();
#endif
}

// ---- Output -----------------------------------------------------------------------------

#if HAVE_ZLIB
struct OutputBuffer::Deflater {
  z_stream stream{};
  Deflater() {
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK)
      throw std::bad_alloc();
  }
  ~Deflater() { deflateEnd(&stream); }
};
#else
struct OutputBuffer::Deflater {};
#endif

OutputBuffer::OutputBuffer(FILE* stream, std::string name, bool compress)
    : file_(stream), name_(std::move(name)), compress_(compress), buffer_(new char[kBufferSize]) {
  if (compress_) {
#if HAVE_ZLIB
    packed_.reset(new char[kBufferSize]);
    deflater_ = std::make_unique<Deflater>();
#else
    fail(ErrorCode::not_supported,
         name_ + ": writing gzip needs zlib, which this build of Tartan lacks");
#endif
  }
  setp(buffer_.get(), buffer_.get() + kBufferSize);
}

std::unique_ptr<OutputBuffer> OutputBuffer::create(const std::string& path) {
  if (path == "-") return std::make_unique<OutputBuffer>(stdout, "standard output", false);
  const bool compress = ends_with(path, ".gz");
  if (compress && !gzip_supported())
    fail(ErrorCode::not_supported,
         "'" + path + "': writing gzip needs zlib, which this build of Tartan lacks");
  // The file really written: a symbolic link is followed, so that the link stays a link.
  std::string target = path;
  struct stat info;
  if (lstat(path.c_str(), &info) == 0 && S_ISLNK(info.st_mode)) {
    char resolved[PATH_MAX];
    if (realpath(path.c_str(), resolved) != nullptr) target = resolved;
  }
  const bool exists = stat(target.c_str(), &info) == 0;
  FILE* file = nullptr;
  std::string temp_path;
  errno = 0;
  if (!exists || S_ISREG(info.st_mode)) {
    const std::size_t slash = target.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : target.substr(0, slash + 1);
    const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
    std::string pattern = folder + "." + base + ".XXXXXX";
    const int fd = mkstemp(&pattern[0]);
    if (fd < 0) {
      const int reason = errno;
      fail(ErrorCode::io, "cannot create '" + path + "': " + system_reason(reason));
    }
    // The permissions a plain fopen would give (umask applied), or those of the file replaced.
    mode_t mode = info.st_mode & 07777;
    if (!exists) {
      const mode_t mask = umask(0);
      umask(mask);
      mode = 0666 & ~mask;
    }
    fchmod(fd, mode);
    file = fdopen(fd, "wb");
    if (file == nullptr) {
      const int reason = errno;
      close(fd);
      unlink(pattern.c_str());
      fail(ErrorCode::io, "cannot create '" + path + "': " + system_reason(reason));
    }
    temp_path = pattern;
  } else {
    file = std::fopen(target.c_str(), "wb");
    if (file == nullptr) {
      const int reason = errno;
      fail(ErrorCode::io, "cannot create '" + path + "': " + system_reason(reason));
    }
  }
  std::unique_ptr<OutputBuffer> buffer;
  try {
    buffer = std::make_unique<OutputBuffer>(file, path, compress);
    buffer->final_path_ = target;
  } catch (...) {
    std::fclose(file);
    if (!temp_path.empty()) unlink(temp_path.c_str());
    throw;
  }
  buffer->owns_file_ = true;
  buffer->temp_path_ = temp_path;
  return buffer;
}

OutputBuffer::~OutputBuffer() {
  if (owns_file_) std::fclose(file_);
  if (!temp_path_.empty()) unlink(temp_path_.c_str());  // not finished: the old file stays
}

void OutputBuffer::record(const std::string& message) {
  if (failed_) return;
  failed_ = true;
  error_message_ = name_ + ": " + message;
}

bool OutputBuffer::drain(bool final_block) {
  if (failed_) return false;
  const std::size_t count = static_cast<std::size_t>(pptr() - pbase());
  setp(buffer_.get(), buffer_.get() + kBufferSize);
  if (file_ == nullptr) {
    record("no stream");
    return false;
  }
  if (!compress_) {
    if (count > 0 && std::fwrite(buffer_.get(), 1, count, file_) != count) {
      record("write error: " + system_reason(errno));
      return false;
    }
    return true;
  }
#if HAVE_ZLIB
  z_stream& zs = deflater_->stream;
  zs.next_in = reinterpret_cast<Bytef*>(buffer_.get());
  zs.avail_in = static_cast<uInt>(count);
  int status;
  do {
    zs.next_out = reinterpret_cast<Bytef*>(packed_.get());
    zs.avail_out = static_cast<uInt>(kBufferSize);
    status = deflate(&zs, final_block ? Z_FINISH : Z_NO_FLUSH);
    if (status == Z_STREAM_ERROR) {
      record("gzip compression failed");
      return false;
    }
    const std::size_t packed = kBufferSize - zs.avail_out;
    if (packed > 0 && std::fwrite(packed_.get(), 1, packed, file_) != packed) {
      record("write error: " + system_reason(errno));
      return false;
    }
  } while (zs.avail_out == 0 || (final_block && status != Z_STREAM_END));
  return true;
#else
  (void)final_block;
  return false;
#endif
}

OutputBuffer::int_type OutputBuffer::overflow(int_type ch) {
  if (!drain(false)) return traits_type::eof();
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  *pptr() = traits_type::to_char_type(ch);
  pbump(1);
  return ch;
}

std::streamsize OutputBuffer::xsputn(const char* data, std::streamsize count) {
  std::streamsize done = 0;
  while (done < count) {
    if (pptr() == epptr() && !drain(false)) return done;
    const std::streamsize room = epptr() - pptr();
    const std::streamsize chunk = count - done < room ? count - done : room;
    std::memcpy(pptr(), data + done, static_cast<std::size_t>(chunk));
    pbump(static_cast<int>(chunk));
    done += chunk;
  }
  return done;
}

int OutputBuffer::sync() {
  if (!drain(false)) return -1;
  return 0;
}

void OutputBuffer::finish() {
  if (finished_) return;
  finished_ = true;
  drain(true);
  if (file_ != nullptr) {
    if (owns_file_) {
      owns_file_ = false;
      if (std::ferror(file_)) record("write error: " + system_reason(errno));
      if (std::fclose(file_) != 0) record("error closing the file: " + system_reason(errno));
      file_ = nullptr;
    } else if (std::fflush(file_) != 0 || std::ferror(file_)) {
      record("write error: " + system_reason(errno));
    }
  }
  if (!temp_path_.empty()) {
    if (!failed_ && std::rename(temp_path_.c_str(), final_path_.c_str()) != 0)
      record("cannot replace the file: " + system_reason(errno));
    if (failed_) unlink(temp_path_.c_str());
    temp_path_.clear();
  }
  if (failed_) fail(ErrorCode::io, error_message_);
}

}  // namespace tartan::io
