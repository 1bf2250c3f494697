// Errors inside Tartan are exceptions carrying a public error code; the C layer turns them
// into return codes and the thread's last-error message.
#pragma once

#include <stdexcept>
#include <string>

namespace tartan {

enum class ErrorCode : int {
  invalid = -1,     // TARTAN_EINVAL
  no_memory = -2,   // TARTAN_ENOMEM
  io = -3,          // TARTAN_EIO
  format = -4,      // TARTAN_EFORMAT
  not_supported = -5,
  bad_handle = -6,
  overflow = -7,
  internal = -8,
};

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

[[noreturn]] inline void fail(ErrorCode code, const std::string& message) {
  throw Error(code, message);
}

// Shorthands for the common cases.
[[noreturn]] inline void fail_invalid(const std::string& message) {
  fail(ErrorCode::invalid, message);
}
[[noreturn]] inline void fail_format(const std::string& message) {
  fail(ErrorCode::format, message);
}

}  // namespace tartan
