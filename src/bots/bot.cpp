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
  // The ladder (docs/bots.md): 1 and 2 are `basic` with lapses of memory, 3 is `basic`, 4 is
  // `strong` on habit now and then, as much as its game says (where `strong` and `expert` are
  // level head to head, the rung below `expert` must give something away), 5 is `expert`.
  struct Named {
    const char* name;
    Level level;
    uint8_t lapse;
    bool game_habit = false;  // plays on habit as much as its game's level4_habit says
  };
  static constexpr Named kLevels[] = {
      {"random", Level::random, 0}, {"basic", Level::basic, 0},    {"strong", Level::strong, 0},
      {"expert", Level::expert, 0}, {"1", Level::basic, 100},      {"2", Level::basic, 35},
      {"3", Level::basic, 0},       {"4", Level::strong, 0, true}, {"5", Level::expert, 0},
  };
  const Named* named = nullptr;
  for (const Named& n : kLevels)
    if (text::iequals(text::trim(level), n.name)) named = &n;
  if (!named) {
    fail(err, Reason::bad_option,
         "no bot level %s (random, basic, strong, expert, or the ladder's 1 to 5)",
         text::quote(level).c_str());
    return nullptr;
  }
  const Level lv = named->level;
  Budget budget;
  budget.lapse_percent = named->lapse;
  if (named->game_habit) budget.habit_percent = descriptor->extensions->level4_habit;
  constexpr int kKeyCount = 5;
  bool seen[kKeyCount] = {};
  static constexpr const char* kKeys[kKeyCount] = {"samples", "time_ms", "lapse", "persona",
                                                   "habit"};
  for (const auto& [key, value] : options) {
    const std::string_view k = text::trim(key);
    int which = -1;
    for (int i = 0; i < kKeyCount; ++i)
      if (text::iequals(k, kKeys[i])) which = i;
    if (which < 0) {
      fail(err, Reason::bad_option,
           "a bot has no option %s (samples, time_ms, lapse, persona, habit)",
           text::quote(key).c_str());
      return nullptr;
    }
    if (seen[which]) {
      fail(err, Reason::bad_option, "bot option %s given twice", text::quote(key).c_str());
      return nullptr;
    }
    seen[which] = true;
    if (which == 4 && lv != Level::strong && lv != Level::expert) {
      fail(err, Reason::bad_option,
           "bot option %s shapes the searching levels (4, 5, strong, expert), not level %s",
           text::quote(key).c_str(), text::quote(level).c_str());
      return nullptr;
    }
    if ((which == 2 || which == 3) && lv != Level::basic) {
      fail(err, Reason::bad_option,
           "bot option %s shapes the heuristic levels (1, 2, 3, basic), not level %s",
           text::quote(key).c_str(), text::quote(level).c_str());
      return nullptr;
    }
    if (which == 3) {
      const char* const* personas = descriptor->extensions->personas;
      int found = 0, count = 0;
      std::string names;
      for (; personas && personas[count]; ++count) {
        if (text::iequals(text::trim(value), personas[count])) found = count + 1;
        names += (count ? ", " : "") + std::string(personas[count]);
      }
      if (!found) {
        fail(err, Reason::bad_option, "bot option persona=%s: %s", text::quote(value).c_str(),
             count ? ("the personas of " + std::string(descriptor->spec.name) + " are " + names)
                         .c_str()
                   : (std::string(descriptor->spec.name) + " has no personas").c_str());
        return nullptr;
      }
      budget.persona = uint8_t(found);
      continue;
    }
    int64_t n = 0;
    const int64_t low = which == 0 ? 1 : 0, high = which >= 2 ? 100 : 1000000;
    if (!text::parse_int(text::trim(value), low, high, &n)) {
      fail(err, Reason::bad_option, "bot option %s=%s: expected a whole number %lld..%lld",
           text::quote(key).c_str(), text::quote(value).c_str(), (long long)low, (long long)high);
      return nullptr;
    }
    if (which == 0) budget.samples = uint32_t(n);
    if (which == 1) budget.time_ms = uint32_t(n);
    if (which == 2) budget.lapse_percent = uint8_t(n);
    if (which == 4) budget.habit_percent = uint8_t(n);
  }
  return descriptor->extensions->make_bot(lv, seed, budget);
}

std::vector<std::string> game_personas(std::string_view game) {
  std::vector<std::string> out;
  const GameDescriptor* descriptor = find_game(game);
  if (!descriptor || !descriptor->extensions || !descriptor->extensions->personas) return out;
  for (const char* const* p = descriptor->extensions->personas; *p; ++p) out.emplace_back(*p);
  return out;
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
