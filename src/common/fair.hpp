// Fair deals (docs/tables.md#fair-deals): the commitment to a deal's seed and the seed the
// players' nonces make of it, shared by the table (which deals) and the record reader (which
// checks) (internal header).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sha256.hpp"

namespace deckhand::detail {

// A nonce is 16..128 hex digits (8..64 bytes).
constexpr size_t kNonceMinBytes = 8, kNonceMaxBytes = 64;

// c_k = SHA-256(salt_k || LE64(s_k)).
inline Digest fair_commitment(uint64_t base_seed, const Digest& salt) {
  return Sha256().update(salt.data(), salt.size()).update_le64(base_seed).finish();
}

// d_k = the first 8 bytes (LE) of SHA-256(LE64(s_k) || for each seat that sent a nonce, in seat
// order: byte seat, byte length, the nonce's bytes). `nonces`: (seat, bytes), in seat order.
inline uint64_t fair_deal_seed(uint64_t base_seed,
                               const std::vector<std::pair<int, std::string>>& nonces) {
  Sha256 h;
  h.update_le64(base_seed);
  for (const auto& [seat, bytes] : nonces) {
    const uint8_t head[2] = {uint8_t(seat), uint8_t(bytes.size())};
    h.update(head, 2).update(bytes);
  }
  return digest_le64(h.finish());
}

// s_k and salt_k from the table's secret: HMAC-SHA256(secret, tag || LE64(k)).
inline Digest fair_derive(const uint8_t* secret, std::string_view tag, uint64_t k) {
  uint8_t msg[12];
  for (size_t i = 0; i < tag.size() && i < 4; ++i) msg[i] = uint8_t(tag[i]);
  for (int i = 0; i < 8; ++i) msg[4 + i] = uint8_t(k >> (8 * i));
  return hmac_sha256(secret, 32, msg, 12);
}

}  // namespace deckhand::detail
