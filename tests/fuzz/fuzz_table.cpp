// Fuzz target: a table (dh_table_*) driven by a byte program — seats taken, left and taken
// back, legal and garbage actions for any seat, the clock moved on and back, events and
// snapshots for every seat, records, serialize/restore, clones, and images mutated behind a
// recomputed checksum. It must never crash or leak; every JSON it gives must parse; a refused
// call must leave the table as it was, or as dh_table_tick(now) would have left it (a refused
// act makes the moves due first); a restored table must serialize to the bytes it came from.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "deckhand.h"
#include "deckhand/text.hpp"

namespace {

[[noreturn]] void broken() {
  __builtin_trap();
}

std::vector<uint8_t> bytes_of(const dh_table* t) {
  size_t n = 0;
  dh_table_serialize(&n, nullptr, 0, t);
  std::vector<uint8_t> b(n);
  if (dh_table_serialize(&n, b.data(), b.size(), t) != DH_OK) broken();
  return b;
}

// The table image's checksum (FNV-1a over all but its last 8 bytes, little-endian), so that
// mutations reach the checks behind it.
void reseal(std::vector<uint8_t>* image) {
  if (image->size() < 8) return;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i + 8 < image->size(); ++i) h = (h ^ (*image)[i]) * 0x100000001b3ull;
  for (int i = 0; i < 8; ++i) (*image)[image->size() - 8 + size_t(i)] = uint8_t(h >> (8 * i));
}

std::string text_of(int (*get)(size_t*, char*, size_t, const dh_table*, int32_t, dh_error*),
                    const dh_table* t, int32_t seat, int* status) {
  size_t n = 0;
  dh_error err = DH_ERROR_INIT;
  *status = get(&n, nullptr, 0, t, seat, &err);
  if (*status != DH_E_BUFFER_TOO_SMALL) return {};
  std::string s(n, '\0');
  *status = get(&n, s.data(), s.size(), t, seat, &err);
  if (*status != DH_OK) broken();
  s.resize(n - 1);
  return s;
}

std::string snapshot(const dh_table* t, int32_t seat, int* status) {
  return text_of(dh_table_snapshot_json, t, seat, status);
}

std::string events(const dh_table* t, int32_t seat, uint64_t since, int* status) {
  size_t n = 0;
  dh_error err = DH_ERROR_INIT;
  *status = dh_table_events_json(&n, nullptr, 0, t, seat, since, &err);
  if (*status != DH_E_BUFFER_TOO_SMALL) return {};
  std::string s(n, '\0');
  if (dh_table_events_json(&n, s.data(), s.size(), t, seat, since, &err) != DH_OK) broken();
  s.resize(n - 1);
  *status = DH_OK;
  return s;
}

// Every seat's and the spectator's stream and snapshot parse as JSON.
void check_json(const dh_table* t) {
  int32_t players = 0;
  dh_table_players(&players, t);
  for (int32_t seat = -1; seat < players; ++seat) {
    int status = DH_OK;
    const std::string e = events(t, seat, 0, &status);
    if (status == DH_OK && !deckhand::text::is_json(e)) broken();
    const std::string s = snapshot(t, seat, &status);
    if (status != DH_OK || !deckhand::text::is_json(s)) broken();
  }
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < s.size()) {
    size_t end = s.find('\n', start);
    if (end == std::string::npos) end = s.size();
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string legal_text(const dh_table* t, int32_t seat) {
  size_t n = 0;
  dh_table_legal_actions_text(&n, nullptr, 0, t, seat);
  std::string s(n, '\0');
  if (n && dh_table_legal_actions_text(&n, s.data(), s.size(), t, seat) != DH_OK) broken();
  if (n) s.resize(n - 1);
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  // data[0]: the game of the catalog (bits 7-6), fair deals (bit 2) and its player count
  // (bits 1-0);
  // data[1]: the table's options.
  size_t games = 0;
  dh_catalog_game_count(&games);
  const size_t game_index = size_t(data[0] >> 6) % games;
  dh_game_info info = DH_GAME_INFO_INIT;
  if (dh_catalog_game(&info, game_index) != DH_OK) broken();
  const int32_t players =
      info.min_players + (data[0] & 3) % (info.max_players - info.min_players + 1);
  const uint8_t o = data[1];
  // A short game: the play limit at 1 to 4 (hands, or turns a round).
  const std::string limit = std::string(info.limit_option) + "=" + std::to_string(1 + (o >> 6));
  const char* game_options[] = {limit.c_str()};
  const char* standins[] = {"standin=random", "standin=quickest", "standin=random",
                            "standin=basic"};
  const char* table_options[] = {
      o & 1 ? "decision_ms=500" : "decision_ms=0",
      o & 2 ? "bank_ms=700" : "bank_ms=0",
      o & 4 ? "events=deal" : "events=all",
      standins[(o >> 3) & 3],
      o & 32 ? "bot_ms=400" : "bot_ms=50",
      "offer_ms=300",
      "deal_ms=100",
      data[0] & 4 ? "fair_secret=00112233445566778899aabbccddeeff0123456789abcdeffedcba9876543210"
                  : "nonce_ms=2000",
      "nonce_ms=600"};
  dh_table* t = nullptr;
  dh_error err = DH_ERROR_INIT;
  if (dh_table_new(&t, info.name, players, game_options, 1, table_options,
                   sizeof table_options / sizeof *table_options, data[0], &err) != DH_OK)
    broken();
  int64_t now = 0;
  int64_t last_tick = std::numeric_limits<int64_t>::min();  // of the last tick that was taken
  for (size_t i = 2; i + 1 < size; i += 2) {
    const uint8_t op = data[i], arg = data[i + 1];
    const int32_t seat = int32_t(arg % (players + 2)) - 1;  // -1 .. players
    const std::vector<uint8_t> before = bytes_of(t);
    int status = DH_OK;
    bool refusal_may_tick = false;  // a refused act makes the moves due by now first
    switch (op % 14) {
      case 0:
        status = dh_table_seat_human(t, seat, &err);
        break;
      case 1: {
        // Mostly random bots: a basic bot's move costs far more, and the fuzzer needs speed.
        const char* levels[] = {"random", " Random", "basic", "genius"};
        status = dh_table_seat_bot(t, seat, levels[(arg >> 4) & 3], &err);
        break;
      }
      case 2:
        status = dh_table_leave(t, seat, now, &err);
        break;
      case 3: {  // a legal action of a seat that may act (or of another seat: refused)
        size_t count = 0;
        int32_t may[8];
        dh_table_may_act(&count, may, 8, t);
        const int32_t who = count ? may[arg % count] : seat;
        const std::vector<std::string> legal = lines_of(legal_text(t, who));
        const std::string action = legal.empty() ? std::string("pass") : legal[arg % legal.size()];
        now += arg & 0x70;
        status = dh_table_act(t, arg & 0x80 ? seat : who, action.c_str(), now, &err);
        refusal_may_tick = true;
        break;
      }
      case 4: {  // garbage text; or a nonce (hex of the input's bytes, or garbage)
        const std::string action(reinterpret_cast<const char*>(data + i + 1), (size - i - 1) % 20);
        if (arg & 0x80) {
          std::string hex;
          for (size_t k = 0; k < size_t(arg & 0x3f) && i + 1 + k < size; ++k) {
            static constexpr char kDigits[] = "0123456789abcdef";
            hex += kDigits[data[i + 1 + k] >> 4];
            hex += kDigits[data[i + 1 + k] & 15];
          }
          if (arg & 0x40) hex = action;
          status = dh_table_nonce(t, seat, hex.c_str(), now, &err);
        } else {
          status = dh_table_act(t, seat, action.c_str(), now, &err);
        }
        refusal_may_tick = true;
        break;
      }
      case 5:
        now += int64_t(arg) * 37;
        status = dh_table_tick(t, now, &err);
        if (status == DH_OK) last_tick = now;
        break;
      case 6:  // the clock going back: refused
        if (last_tick == std::numeric_limits<int64_t>::min()) break;
        status = dh_table_tick(t, last_tick - 1 - arg, &err);
        if (status != DH_E_INVALID_ARGUMENT || std::strcmp(err.code, "time_backwards") != 0)
          broken();
        break;
      case 7: {
        uint64_t seq = 0;
        dh_table_seq(&seq, t);
        const std::string e = events(t, seat, arg % (seq + 2), &status);
        if (status == DH_OK && !deckhand::text::is_json(e)) broken();
        char small[16];
        size_t n = 0;
        dh_table_events_json(&n, small, arg % 17, t, seat, 0, &err);
        break;
      }
      case 8: {
        const std::string s = snapshot(t, seat, &status);
        if (status == DH_OK && !deckhand::text::is_json(s)) broken();
        break;
      }
      case 9: {  // the record replays
        size_t n = 0;
        if (dh_table_record(&n, nullptr, 0, t, &err) != DH_E_BUFFER_TOO_SMALL) broken();
        std::string record(n, '\0');
        if (dh_table_record(&n, record.data(), record.size(), t, &err) != DH_OK) broken();
        dh_game* replayed = nullptr;
        if (dh_record_replay(&replayed, record.c_str(), &err) != DH_OK) broken();
        dh_game_free(replayed);
        break;
      }
      case 10: {  // serialize and restore: the same bytes
        dh_table* restored = nullptr;
        if (dh_table_deserialize(&restored, before.data(), before.size(), &err) != DH_OK) broken();
        if (bytes_of(restored) != before) broken();
        dh_table_free(t);
        t = restored;
        break;
      }
      case 11: {
        dh_table* copy = nullptr;
        if (dh_table_clone(&copy, t, &err) != DH_OK) broken();
        dh_table_free(t);
        t = copy;
        break;
      }
      case 12: {  // a mutated image behind a good checksum: refused, or a table that holds
        std::vector<uint8_t> image = before;
        const size_t at = (size_t(arg) * 131 + i) % image.size();
        image[at] ^= uint8_t(1u << (arg & 7));
        if (arg & 8 && image.size() > 64) image.resize(image.size() - 1 - (arg >> 4));
        reseal(&image);
        dh_table* restored = nullptr;
        if (dh_table_deserialize(&restored, image.data(), image.size(), &err) == DH_OK) {
          check_json(restored);
          if (bytes_of(restored) != image) broken();
          dh_table_tick(restored, now + 5000, &err);
          check_json(restored);
          dh_table_free(restored);
        } else if (restored != nullptr) {
          broken();
        }
        break;
      }
      default: {  // the getters
        int32_t v = 0;
        int64_t ms = 0;
        size_t n = 0;
        int64_t scores[8];
        dh_table_holder(&v, t, seat);
        dh_table_to_act(&v, t);
        dh_table_deadline_ms(&ms, t);
        dh_table_next_due_ms(&ms, t);
        dh_table_is_over(&v, t);
        dh_table_scores(&n, scores, arg % 9, t);
        dh_game* g = nullptr;
        if (dh_table_game(&g, t, &err) != DH_OK) broken();
        dh_game_free(g);
        break;
      }
    }
    if (status != DH_OK && status != DH_E_BUFFER_TOO_SMALL) {
      const std::vector<uint8_t> after = bytes_of(t);
      if (after != before) {
        if (!refusal_may_tick) broken();
        dh_table* ticked = nullptr;
        if (dh_table_deserialize(&ticked, before.data(), before.size(), &err) != DH_OK) broken();
        dh_table_tick(ticked, now, &err);
        const bool same = bytes_of(ticked) == after;
        dh_table_free(ticked);
        if (!same) broken();
      }
    }
  }
  check_json(t);
  dh_table_free(t);
  return 0;
}
