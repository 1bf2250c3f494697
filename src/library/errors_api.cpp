// Version handshake, error strings, the thread-local last error and the user's handler.
#include <mutex>
#include <string>

#include "library/api.hpp"

namespace tartan::api {
namespace {

thread_local std::string last_message;

std::mutex handler_mutex;
TARTAN_ErrorHandler user_handler = nullptr;
void* user_data = nullptr;

}  // namespace

int record_error(int code, const char* function, const char* message) {
  try {
    last_message = std::string(function) + ": " + message;
  } catch (...) {
    last_message.clear();  // out of memory while reporting: keep the code, lose the detail
  }
  TARTAN_ErrorHandler handler;
  void* data;
  {
    std::lock_guard<std::mutex> lock(handler_mutex);
    handler = user_handler;
    data = user_data;
  }
  if (handler != nullptr) handler(code, last_message.c_str(), data);
  return code;
}

void clear_error() { last_message.clear(); }

const char* last_error_message() { return last_message.c_str(); }

void set_error_handler(TARTAN_ErrorHandler handler, void* data) {
  std::lock_guard<std::mutex> lock(handler_mutex);
  user_handler = handler;
  user_data = data;
}

}  // namespace tartan::api

using namespace tartan::api;

extern "C" {

TARTAN_API const char* TARTAN_version(void) { return PACKAGE_VERSION; }

TARTAN_API int TARTAN_versionCheck(int numbits) {
  if (numbits == TARTAN_NUM_BITS) return TARTAN_OK;
  return record_error(TARTAN_EINVAL, "TARTAN_versionCheck",
                      ("program compiled for a " + std::to_string(numbits) +
                       "-bit TARTAN_Num, library built with " + std::to_string(TARTAN_NUM_BITS) +
                       " bits")
                          .c_str());
}

TARTAN_API const char* TARTAN_errorString(int code) {
  switch (code) {
    case TARTAN_OK: return "success";
    case TARTAN_EINVAL: return "invalid argument or inconsistent data";
    case TARTAN_ENOMEM: return "out of memory";
    case TARTAN_EIO: return "input/output error";
    case TARTAN_EFORMAT: return "malformed input";
    case TARTAN_ENOTSUP: return "not supported by this build";
    case TARTAN_EHANDLE: return "handle not initialised or already exited";
    case TARTAN_EOVERFLOW: return "value does not fit in TARTAN_Num";
    case TARTAN_EINTERNAL: return "internal error";
    default: return "unknown error code";
  }
}

TARTAN_API const char* TARTAN_errorMessage(void) { return last_error_message(); }

TARTAN_API void TARTAN_errorClear(void) { clear_error(); }

TARTAN_API void TARTAN_errorHandlerSet(TARTAN_ErrorHandler handler, void* userdata) {
  set_error_handler(handler, userdata);
}

}
