// Byte order (internal header). Serialized images, action codes and the words the hot paths
// assemble from an action's bytes are little-endian on every platform; these helpers load and
// store such words, and byte-swap a state's fields for its image on a big-endian machine
// (each game's image_byte_order lists its multi-byte fields). On little-endian machines they
// compile to plain loads and stores.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace deckhand::detail {

inline constexpr bool kBigEndian = std::endian::native == std::endian::big;
static_assert(std::endian::native == std::endian::little || kBigEndian,
              "mixed-endian machines are not supported");

// The integer with its bytes in reverse order (std::byteswap is C++23).
template <typename T>
constexpr T byteswapped(T v) {
  static_assert(std::is_integral_v<T>);
  using U = std::make_unsigned_t<T>;
  U u = U(v), r = 0;
  for (size_t i = 0; i < sizeof(T); ++i) {
    r = U(U(r << 8) | U(u & 0xFF));
    u = U(u >> 8);
  }
  return T(r);
}

// Little-endian <-> native for one integer (identity on little-endian machines).
template <typename T>
constexpr T le(T v) {
  if constexpr (kBigEndian && sizeof(T) > 1)
    return byteswapped(v);
  else
    return v;
}

inline uint64_t load_le64(const void* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return le(w);
}
inline uint32_t load_le32(const void* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return le(w);
}
inline void store_le64(void* p, uint64_t w) {
  w = le(w);
  std::memcpy(p, &w, 8);
}
inline void store_le32(void* p, uint32_t w) {
  w = le(w);
  std::memcpy(p, &w, 4);
}

// Swaps a field between native and little-endian order in place (big-endian machines only):
// integers, arrays of them, and one-byte enums (which need nothing).
template <typename T>
void swap_field(T& v) {
  if constexpr (std::is_array_v<T>) {
    for (auto& x : v) swap_field(x);
  } else if constexpr (std::is_enum_v<T>) {
    static_assert(sizeof(T) == 1, "multi-byte enums in an image need their own swap");
  } else {
    v = le(v);
  }
}
template <typename... T>
void swap_fields(T&... v) {
  (swap_field(v), ...);
}

}  // namespace deckhand::detail
