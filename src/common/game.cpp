// The game registry: creating games by name and restoring serialized games.
#include <cstring>

#include "game_adapter.hpp"
#include "games.hpp"
#include "text.hpp"

namespace deckhand {

Reason Game::apply_text_code(int seat, std::string_view action, ActionCode* out, Error* err) {
  if (Reason r = parse_action(seat, action, out, err); r != Reason::ok) return r;
  return apply(*out, err);
}

const std::vector<GameSpec>& game_specs() {
  static const std::vector<GameSpec> specs = [] {
    std::vector<GameSpec> out;
    for (const GameDescriptor* game : game_descriptors()) out.push_back(game->spec);
    return out;
  }();
  return specs;
}

const GameDescriptor* find_game(std::string_view name) {
  for (const GameDescriptor* game : game_descriptors())
    if (text::iequals(text::trim(name), game->spec.name)) return game;
  return nullptr;
}

const GameExtensions& extensions_of(const Game& game) {
  for (const GameDescriptor* d : game_descriptors())
    if (std::strcmp(game.name(), d->spec.name) == 0 && d->extensions) return *d->extensions;
  static const GameExtensions none{};  // not reached: every Game comes from the list
  return none;
}

const GameSpec* find_game_spec(std::string_view name) {
  for (const GameSpec& spec : game_specs())
    if (text::iequals(text::trim(name), spec.name)) return &spec;
  return nullptr;
}

std::string game_names() {
  std::string out;
  for (const GameDescriptor* game : game_descriptors())
    out += (out.empty() ? "" : ", ") + std::string(game->spec.name);
  return out;
}

namespace {
constexpr OptionSpec kEngineOptions[] = {
    {"history", "on|off", "on", "engine",
     "off: keep no history (constant memory; no record; serialize writes the state alone)"},
};
}  // namespace

std::span<const OptionSpec> engine_options() {
  return kEngineOptions;
}

std::string catalog_json() {
  text::Json j;
  j.begin_object().key("games").begin_array();
  for (const GameSpec& spec : game_specs()) {
    j.begin_object();
    j.key("name").value(spec.name);
    j.key("min_players").value(spec.min_players);
    j.key("max_players").value(spec.max_players);
    j.key("description").value(spec.description);
    j.key("options").begin_array();
    for (const auto& options : {spec.options, engine_options()})
      for (const OptionSpec& o : options) {
        j.begin_object();
        j.key("name").value(o.name).key("values").value(o.values);
        j.key("default").value(o.default_value).key("rule").value(o.rule);
        j.key("description").value(o.description).end_object();
      }
    j.end_array();
    j.key("phases").begin_array();
    for (const char* phase : spec.phases) j.value(phase);
    j.end_array();
    j.key("action_kinds").begin_array();
    for (const ActionKindSpec& k : spec.action_kinds)
      j.begin_object()
          .key("code")
          .value(k.code)
          .key("name")
          .value(k.name)
          .key("syntax")
          .value(k.syntax)
          .key("prompt")
          .value(k.prompt)
          .end_object();
    j.end_array();
    j.key("limit_option").value(spec.limit_option);
    j.key("unattended_limit").value(spec.unattended_limit);
    j.key("lower_is_better").value(spec.lower_is_better);
    j.end_object();
  }
  j.end_array().end_object();
  return j.take();
}

bool split_option(std::string_view option, std::string* key, std::string* value) {
  const size_t eq = option.find('=');
  if (eq == std::string_view::npos) return false;
  const std::string_view k = text::trim(option.substr(0, eq)),
                         v = text::trim(option.substr(eq + 1));
  if (k.empty() || v.empty()) return false;
  *key = std::string(k);
  *value = std::string(v);
  return true;
}

std::unique_ptr<Game> make_game(std::string_view name, const OptionList& options, int players,
                                int first_dealer, Error* err) {
  if (const GameDescriptor* game = find_game(name)) {
    const GameSpec& spec = game->spec;
    if (players != 0 && (players < spec.min_players || players > spec.max_players)) {
      if (spec.min_players == spec.max_players)
        fail(err, Reason::bad_player_count, "%s is for %d players, not %d", spec.name,
             spec.min_players, players);
      else
        fail(err, Reason::bad_player_count, "%s is for %d to %d players, not %d", spec.name,
             spec.min_players, spec.max_players, players);
      return nullptr;
    }
    if (players == 0 && spec.min_players != spec.max_players) {
      fail(err, Reason::bad_player_count, "%s needs a player count (%d to %d)", spec.name,
           spec.min_players, spec.max_players);
      return nullptr;
    }
    const int n = players ? players : spec.min_players;
    if (first_dealer < 0 || first_dealer >= n) {
      fail(err, Reason::bad_seat, "dealer %d is not a seat of a %d-player game", first_dealer, n);
      return nullptr;
    }
    // Names first, against the game's list, and a list longer than the game's refused at
    // once: the repeat check below is then quadratic in a game's handful of options, never in
    // what a caller sent (a server passes client-chosen options here).
    const size_t known = spec.options.size() + engine_options().size();
    if (options.size() > known) {
      fail(err, Reason::bad_option, "%zu options given; %s has %zu", options.size(), spec.name,
           known);
      return nullptr;
    }
    for (const auto& option : options) {
      const std::string_view key = text::trim(option.first);
      bool found = false;
      for (const auto& list : {spec.options, engine_options()})
        for (const OptionSpec& o : list) found = found || text::iequals(key, o.name);
      if (!found) {
        fail(err, Reason::bad_option, "%s has no option %s", spec.name, text::quote(key).c_str());
        return nullptr;
      }
    }
    for (size_t i = 0; i < options.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (text::iequals(text::trim(options[i].first), text::trim(options[j].first))) {
          fail(err, Reason::bad_option, "option %s is given twice",
               text::quote(text::trim(options[i].first)).c_str());
          return nullptr;
        }
    EngineOptions engine;
    OptionList game_options;
    game_options.reserve(options.size());
    for (const auto& [key, value] : options) {
      const std::string_view k = text::trim(key), v = text::trim(value);
      if (!text::iequals(k, "history")) {
        game_options.emplace_back(k, v);
      } else if (text::iequals(v, "on") || text::iequals(v, "off")) {
        engine.history = text::iequals(v, "on");
      } else {
        fail(err, Reason::bad_option, "option history takes on or off, not %s",
             text::quote(v).c_str());
        return nullptr;
      }
    }
    return game->make(game_options, engine, n, first_dealer, err);
  }
  fail(err, Reason::unknown_game, "no game named %s (%s)", text::quote(name).c_str(),
       game_names().c_str());
  return nullptr;
}

std::unique_ptr<Game> deserialize_game(const uint8_t* bytes, size_t len, Error* err) {
  if (!bytes || len < 4) {
    fail(err, Reason::corrupt_state, "%zu bytes is not a serialized game", bytes ? len : 0);
    return nullptr;
  }
  for (const GameDescriptor* game : game_descriptors())
    if (std::memcmp(bytes, game->image_tag, 4) == 0) return game->restore(bytes, len, err);
  fail(err, Reason::corrupt_state, "unknown state magic: not a serialized deckhand game");
  return nullptr;
}

namespace detail {
uint64_t blob_checksum(const uint8_t* p, size_t n) {
  uint64_t h = 0xCBF29CE484222325ull ^ uint64_t(n);
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
  return h;
}
}  // namespace detail

}  // namespace deckhand
