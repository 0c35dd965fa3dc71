// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) for the table's fair deals (docs/tables.md)
// (internal header). Byte-oriented throughout: the same digests on every platform, whatever its
// byte order.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace deckhand::detail {

using Digest = std::array<uint8_t, 32>;

// An incremental SHA-256: update() any number of times, then finish() once.
class Sha256 {
 public:
  Sha256();
  Sha256& update(const void* data, size_t len);
  Sha256& update(std::string_view s) { return update(s.data(), s.size()); }
  Sha256& update_le64(uint64_t v);  // the 8 bytes of v, least significant first
  Digest finish();

 private:
  void block(const uint8_t* p);
  uint32_t h_[8];
  uint8_t buf_[64];
  size_t buffered_ = 0;
  uint64_t total_ = 0;  // bytes hashed so far
};

Digest sha256(const void* data, size_t len);
// HMAC-SHA256 of `msg` under `key` (keys longer than 64 bytes are hashed first, RFC 2104).
Digest hmac_sha256(const void* key, size_t key_len, const void* msg, size_t msg_len);

// The first 8 bytes of a digest as a little-endian number.
uint64_t digest_le64(const Digest& d);
// Lower-case hex of `len` bytes.
std::string to_hex(const uint8_t* p, size_t len);
inline std::string to_hex(const Digest& d) {
  return to_hex(d.data(), d.size());
}
// Parses hex digits (either case, an even number of them) into bytes; false on anything else.
bool from_hex(std::string_view hex, std::string* bytes);

}  // namespace deckhand::detail
