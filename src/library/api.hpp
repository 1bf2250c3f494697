// The C layer's machinery: every exported function is one guarded call that unwraps handles,
// calls the internals and turns any exception into an error code and a thread-local message.
// Only files in src/library include tartan.h.
#pragma once

#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <type_traits>

#include "common/error.hpp"
#include "common/num.hpp"
#include "tartan.h"

namespace tartan::api {

static_assert(sizeof(TARTAN_Num) == sizeof(Num), "TARTAN_Num and tartan::Num differ");

// Records an error for the calling thread (message prefixed with the function name), calls the
// user's handler, and returns code.
int record_error(int code, const char* function, const char* message);
void clear_error();
const char* last_error_message();
void set_error_handler(TARTAN_ErrorHandler handler, void* data);

// Runs body(); returns TARTAN_OK or the error code of whatever it threw.
template <class Body>
int guarded(const char* function, Body&& body) noexcept {
  try {
    body();
    return TARTAN_OK;
  } catch (const Error& error) {
    return record_error(static_cast<int>(error.code()), function, error.what());
  } catch (const std::bad_alloc&) {
    return record_error(TARTAN_ENOMEM, function, "out of memory");
  } catch (const std::length_error&) {
    return record_error(TARTAN_ENOMEM, function, "requested size too large");
  } catch (const std::exception& error) {
    return record_error(TARTAN_EINTERNAL, function, error.what());
  } catch (...) {
    return record_error(TARTAN_EINTERNAL, function, "unknown exception");
  }
}

// Same, for functions whose SCOTCH shape returns a value: fallback on error.
template <class Result, class Body>
Result guarded_value(const char* function, Result fallback, Body&& body) noexcept {
  Result result = fallback;
  guarded(function, [&] { result = body(); });
  return result;
}

// ---- Handles: {check word, object pointer, reserved} in a fixed-size public struct --------
struct HandleHeader {
  std::uint64_t check;
  void* object;
};

template <class Object>
struct HandleTraits;  // specialised with: static constexpr std::uint64_t check; name

constexpr std::uint64_t kDeadCheck = 0x44454144'48444c45ull;  // "DEADHDLE"

template <class Handle>
HandleHeader read_header(const Handle* handle) {
  static_assert(sizeof(Handle) >= sizeof(HandleHeader));
  HandleHeader header;
  std::memcpy(&header, handle, sizeof header);
  return header;
}

template <class Handle>
void write_header(Handle* handle, HandleHeader header) {
  std::memset(static_cast<void*>(handle), 0, sizeof(Handle));
  std::memcpy(static_cast<void*>(handle), &header, sizeof header);
}

// The object behind an initialised handle; throws bad_handle otherwise.
template <class Object, class Handle>
Object& unwrap(const Handle* handle) {
  if (handle == nullptr)
    fail(ErrorCode::invalid, std::string(HandleTraits<Object>::name) + " handle is NULL");
  const HandleHeader header = read_header(handle);
  if (header.check == kDeadCheck)
    fail(ErrorCode::bad_handle, std::string(HandleTraits<Object>::name) + " used after its Exit");
  if (header.check != HandleTraits<Object>::check || header.object == nullptr)
    fail(ErrorCode::bad_handle,
         std::string(HandleTraits<Object>::name) + " handle not initialised (call its Init first)");
  return *static_cast<Object*>(header.object);
}

template <class Object, class Handle>
void init_handle(Handle* handle, std::unique_ptr<Object> object) {
  if (handle == nullptr)
    fail(ErrorCode::invalid, std::string(HandleTraits<Object>::name) + " handle is NULL");
  write_header(handle, HandleHeader{HandleTraits<Object>::check, object.release()});
}

// Destroys the object of a live handle and marks it dead; does nothing on a dead or NULL one.
template <class Object, class Handle>
void exit_handle(Handle* handle) {
  if (handle == nullptr) return;
  const HandleHeader header = read_header(handle);
  if (header.check != HandleTraits<Object>::check) return;
  std::unique_ptr<Object> owned(static_cast<Object*>(header.object));
  write_header(handle, HandleHeader{kDeadCheck, nullptr});
}

// Checks a caller's pointer argument.
template <class T>
T* require(T* pointer, const char* what) {
  if (pointer == nullptr) fail(ErrorCode::invalid, std::string(what) + " is NULL");
  return pointer;
}

}  // namespace tartan::api
