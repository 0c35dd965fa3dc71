// bots::make_bot (include/deckhand/bots.hpp): the level and budget options checked once for
// every game, the bot itself made by the game's extensions (game_bot.hpp).
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "../common/games.hpp"
#include "../common/text.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/text.hpp"

namespace deckhand::bots {

std::unique_ptr<Bot> make_bot(std::string_view game, std::string_view level, uint64_t seed,
                              const OptionList& options, Error* err) {
  const GameDescriptor* descriptor = find_game(game);
  if (!descriptor) {
    fail(err, Reason::unknown_game, "no game named %s (%s)", text::quote(game).c_str(),
         game_names().c_str());
    return nullptr;
  }
  if (!descriptor->extensions || !descriptor->extensions->make_bot) {
    fail(err, Reason::unknown_game, "%s has no bots", descriptor->spec.name);
    return nullptr;
  }
  Level lv;
  if (text::iequals(text::trim(level), "random")) {
    lv = Level::random;
  } else if (text::iequals(text::trim(level), "basic")) {
    lv = Level::basic;
  } else if (text::iequals(text::trim(level), "strong")) {
    lv = Level::strong;
  } else if (text::iequals(text::trim(level), "expert")) {
    lv = Level::expert;
  } else {
    fail(err, Reason::bad_option, "no bot level %s (random, basic, strong, expert)",
         text::quote(level).c_str());
    return nullptr;
  }
  Budget budget;
  bool seen_samples = false, seen_time = false;
  for (const auto& [key, value] : options) {
    const std::string_view k = text::trim(key);
    int64_t n = 0;
    const bool samples = text::iequals(k, "samples"), time = text::iequals(k, "time_ms");
    if (!samples && !time) {
      fail(err, Reason::bad_option, "a bot has no option %s (samples, time_ms)",
           text::quote(key).c_str());
      return nullptr;
    }
    if ((samples && seen_samples) || (time && seen_time)) {
      fail(err, Reason::bad_option, "bot option %s given twice", text::quote(key).c_str());
      return nullptr;
    }
    if (!text::parse_int(text::trim(value), samples ? 1 : 0, 1000000, &n)) {
      fail(err, Reason::bad_option, "bot option %s=%s: expected a whole number %s",
           text::quote(key).c_str(), text::quote(value).c_str(),
           samples ? "1..1000000" : "0..1000000");
      return nullptr;
    }
    (samples ? seen_samples : seen_time) = true;
    (samples ? budget.samples : budget.time_ms) = uint32_t(n);
  }
  return descriptor->extensions->make_bot(lv, seed, budget);
}

std::string hint_json(const Hint& hint) {
  text::Json j;
  char number[64];
  const auto num = [&](double v) {
    std::snprintf(number, sizeof number, "%.4f", std::isfinite(v) ? v : 0.0);
    return std::string_view(number);
  };
  j.begin_object().key("action").value(hint.text).key("alternatives").begin_array();
  for (const HintAlternative& a : hint.alternatives) {
    j.begin_object().key("action").value(a.text).key("value").raw(num(a.value));
    j.key("ci95").begin_array().raw(num(a.low)).raw(num(a.high)).end_array().end_object();
  }
  j.end_array().key("reason").value(hint.reason).end_object();
  return j.take();
}

}  // namespace deckhand::bots
