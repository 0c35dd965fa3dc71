// Fuzz target: the C ABI driven by a byte program — every entry point, with NULLs, odd
// seats, short buffers and garbage actions. It must never crash or leak, and a failed call
// must leave the game unchanged.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "deckhand.h"

namespace {
std::vector<uint8_t> bytes_of(const dh_game* g) {
  size_t n = 0;
  dh_game_serialize(&n, nullptr, 0, g);
  std::vector<uint8_t> b(n);
  if (dh_game_serialize(&n, b.data(), b.size(), g) != DH_OK) __builtin_trap();
  return b;
}
// A value of an option other than its default, from the catalog's "a|b", "lo..hi" or
// "unlimited|lo..hi": the first other choice; a range gives its least number above zero (a
// play limit of 1 keeps games short).
std::string other_value(const std::string& values, const std::string& default_value) {
  size_t start = 0;
  for (;;) {
    const size_t bar = values.find('|', start);
    const std::string choice = values.substr(start, bar - start);
    if (const size_t dots = choice.find(".."); dots != std::string::npos) {
      const std::string low = choice.substr(0, dots);
      return low == "0" ? "1" : low;
    }
    if (choice != default_value || bar == std::string::npos) return choice;
    start = bar + 1;
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  dh_game* g = nullptr;
  dh_error err = DH_ERROR_INIT;
  // The first byte picks the game of the catalog (bits 7-6), its player count (bits 0-1) and
  // how many of its options to set to a value other than the default.
  size_t games = 0;
  dh_catalog_game_count(&games);
  const size_t game_index = size ? size_t(data[0] >> 6) % games : 0;
  dh_game_info info = DH_GAME_INFO_INIT;
  if (dh_catalog_game(&info, game_index) != DH_OK) __builtin_trap();
  const int players =
      info.min_players + (size ? data[0] & 3 : 0) % (info.max_players - info.min_players + 1);
  std::vector<std::string> options;
  for (int k = 0; size && k < int(data[0] % (info.option_count + 1)); ++k) {
    dh_option_info o = DH_OPTION_INFO_INIT;
    if (dh_catalog_option(&o, game_index, size_t(k)) != DH_OK) __builtin_trap();
    options.push_back(std::string(o.name) + "=" + other_value(o.values, o.default_value));
  }
  std::vector<const char*> option_ptrs;
  for (const std::string& o : options) option_ptrs.push_back(o.c_str());
  if (dh_game_new(&g, info.name, option_ptrs.data(), option_ptrs.size(), players, 0, &err) != DH_OK)
    __builtin_trap();
  char buf[4096];
  size_t n = 0;
  for (size_t i = 1; i + 1 < size; i += 2) {
    const uint8_t op = data[i], arg = data[i + 1];
    const std::vector<uint8_t> before = bytes_of(g);
    int status = DH_OK;
    switch (op % 13) {
      case 0:
        status = dh_game_deal_seed(g, arg, &err);
        break;
      case 1: {
        dh_action legal[16];
        if (dh_game_legal_actions(&n, legal, 16, g) == DH_OK && n > 0)
          status = dh_game_apply(g, &legal[arg % n], &err);
        break;
      }
      case 2: {
        dh_action a;
        std::memset(&a, 0, sizeof a);
        std::memcpy(&a, data + i, size - i < sizeof a ? size - i : sizeof a);
        status = dh_game_apply(g, &a, &err);
        dh_game_is_legal(g, &a, &err);
        break;
      }
      case 3: {
        const std::string text(reinterpret_cast<const char*>(data + i + 1), (size - i - 1) % 24);
        status = dh_game_apply_text(g, arg % 7 - 1, text.c_str(), &err);
        break;
      }
      case 4:
        dh_game_view_json(&n, buf, arg * 16u, g, arg % 7 - 1);
        break;
      case 5:
        dh_game_view_text(&n, buf, sizeof buf, g, arg % 4 - 1);
        break;
      case 6:
        dh_game_record(&n, buf, arg, g);
        break;
      case 7: {
        dh_game* c = nullptr;
        if (dh_game_clone(&c, g, &err) != DH_OK) __builtin_trap();
        dh_game_free(g);
        g = c;
        break;
      }
      case 8: {
        dh_game* d = nullptr;
        if (dh_game_deserialize(&d, before.data(), before.size(), &err) != DH_OK) __builtin_trap();
        dh_game_free(g);
        g = d;
        break;
      }
      case 9: {
        const std::string text(reinterpret_cast<const char*>(data + i + 1), (size - i - 1) % 120);
        status = dh_game_deal_text(g, text.c_str(), &err);
        break;
      }
      case 10:
        dh_game_legal_actions_text(&n, buf, arg, g);
        break;
      case 11: {  // toonerville reshuffles (refused elsewhere)
        const std::string text(reinterpret_cast<const char*>(data + i + 1), (size - i - 1) % 80);
        int32_t flag = 0;
        dh_game_needs_reshuffle(&flag, g);
        status = arg & 1 ? dh_game_reshuffle_seed(g, arg, &err)
                         : dh_game_reshuffle_text(g, text.c_str(), &err);
        break;
      }
      default:
        status = dh_game_apply_text(g, arg % 5, arg & 8 ? "draw" : "pass", nullptr);
        break;
    }
    if (status != DH_OK && bytes_of(g) != before) __builtin_trap();  // failures change nothing
  }
  dh_game_free(g);
  return 0;
}
