// The C ABI's bots (deckhand.h: dh_bot_*) over deckhand::bots (include/deckhand/bots.hpp).
#include <cstring>
#include <string>
#include <vector>

#include "../../src/common/text.hpp"
#include "deckhand/bots.hpp"
#include "handle.hpp"

using deckhand::Error;
using deckhand::Reason;
using deckhand::capi::from_reason;
using deckhand::capi::guarded;
using deckhand::capi::null_arg;

struct dh_bot {
  std::unique_ptr<deckhand::bots::Bot> bot;
  // The last hint and what it was for (the game's bytes and the seat), so that a call again
  // with a larger buffer gets the same text without searching again.
  std::vector<uint8_t> hint_key;
  std::string hint_json;
};

extern "C" {

int dh_bot_new(dh_bot** out, const char* game_name, const char* level, uint64_t seed,
               const char* const* options, size_t n_options, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!game_name) return null_arg(err, "game_name");
  if (!level) return null_arg(err, "level");
  if (n_options && !options) return null_arg(err, "options");
  return guarded(err, [&] {
    deckhand::OptionList list;
    Error e;
    for (size_t i = 0; i < n_options; ++i) {
      if (!options[i]) return null_arg(err, "an option string");
      std::string k, v;
      if (!deckhand::split_option(options[i], &k, &v)) {
        deckhand::fail(&e, Reason::bad_option, "bot option %s is not key=value",
                       deckhand::text::quote(options[i]).c_str());
        return from_reason(err, e.reason, e);
      }
      list.emplace_back(k, v);
    }
    auto bot = deckhand::bots::make_bot(game_name, level, seed, list, &e);
    if (!bot) return from_reason(err, e.reason, e);
    *out = new dh_bot{std::move(bot), {}, {}};
    return from_reason(err, Reason::ok, e);
  });
}

void dh_bot_free(dh_bot* bot) {
  delete bot;
}

int dh_bot_choose(dh_action* out, dh_bot* bot, const dh_game* game, int32_t seat, dh_error* err) {
  if (!out) return null_arg(err, "out");
  if (!bot) return null_arg(err, "bot");
  if (!game) return null_arg(err, "game");
  return guarded(err, [&] {
    deckhand::ActionCode code;
    Error e;
    const Reason r = bot->bot->choose(*game->game, seat, &code, &e);
    if (r != Reason::ok) return from_reason(err, r, e);
    static_assert(sizeof code == sizeof *out);
    std::memcpy(static_cast<void*>(out), &code, sizeof code);
    return from_reason(err, Reason::ok, e);
  });
}

int dh_bot_hint_json(size_t* out_len, char* buf, size_t cap, dh_bot* bot, const dh_game* game,
                     int32_t seat, dh_error* err) {
  if (!out_len) return null_arg(err, "out_len");
  if (!bot) return null_arg(err, "bot");
  if (!game) return null_arg(err, "game");
  return guarded(err, [&] {
    std::vector<uint8_t> key(game->game->serialize_into(nullptr, 0) + 4);
    key.resize(game->game->serialize_into(key.data(), key.size()) + 4);
    std::memcpy(key.data() + key.size() - 4, &seat, 4);
    if (key != bot->hint_key || bot->hint_json.empty()) {
      deckhand::bots::Hint hint;
      Error e;
      const Reason r = bot->bot->hint(*game->game, seat, &hint, &e);
      if (r != Reason::ok) return from_reason(err, r, e);
      bot->hint_json = deckhand::bots::hint_json(hint);
      bot->hint_key = std::move(key);
    }
    const size_t need = bot->hint_json.size() + 1;
    *out_len = need;
    if (!buf || cap < need)
      return deckhand::capi::report(err, DH_E_BUFFER_TOO_SMALL, Reason::ok, "buffer_too_small",
                                    "buffer_too_small: see *out_len for the size needed");
    std::memcpy(buf, bot->hint_json.data(), need);
    return from_reason(err, Reason::ok, Error{});
  });
}

int dh_game_sample_consistent(dh_game** out, const dh_game* game, int32_t seat, uint64_t seed,
                              dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!game) return null_arg(err, "game");
  return guarded(err, [&] {
    std::unique_ptr<deckhand::Game> sample;
    Error e;
    const Reason r = deckhand::bots::sample_consistent(*game->game, seat, seed, &sample, &e);
    if (r != Reason::ok) return from_reason(err, r, e);
    *out = new dh_game{std::move(sample)};
    return from_reason(err, Reason::ok, e);
  });
}

}  // extern "C"
