// Discovery (deckhand::game_specs, catalog_json, the C ABI's dh_catalog_*): what the catalog
// says about each game's options, phases and action kinds is what the games do, and the
// documented matching rules for names and options hold.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "deckhand/game.hpp"

using deckhand::ActionCode;
using deckhand::Error;
using deckhand::Game;
using deckhand::GameSpec;
using deckhand::make_game;
using deckhand::OptionSpec;
using deckhand::Reason;

namespace {

int players_of(const GameSpec& spec) {
  return spec.min_players == spec.max_players ? 0 : spec.min_players;
}

std::unique_ptr<Game> game_with(const GameSpec& spec, const std::string& key,
                                const std::string& value, Error* err) {
  return make_game(spec.name, {{key, value}}, players_of(spec), 0, err);
}

// The values an option spec allows, as test inputs: each named value, and each end of a
// range with the numbers just outside it.
struct Probe {
  std::vector<std::string> good, bad;
};
Probe probe(const OptionSpec& o) {
  Probe p;
  std::string values = o.values;
  size_t start = 0;
  while (start <= values.size()) {
    const size_t bar = values.find('|', start);
    const std::string piece = values.substr(start, bar == std::string::npos ? bar : bar - start);
    const size_t dots = piece.find("..");
    if (dots == std::string::npos) {
      p.good.push_back(piece);
    } else {
      const int64_t lo = std::stoll(piece.substr(0, dots)), hi = std::stoll(piece.substr(dots + 2));
      p.good.push_back(std::to_string(lo));
      p.good.push_back(std::to_string(hi));
      p.good.push_back(std::to_string((lo + hi) / 2));
      p.bad.push_back(std::to_string(lo - 1));
      p.bad.push_back(std::to_string(hi + 1));
    }
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  p.bad.push_back("no-such-value");
  p.bad.push_back("");
  return p;
}

// The `option key=value` lines a game's record carries: every option of the game.
std::vector<std::pair<std::string, std::string>> record_options(const Game& g) {
  std::vector<std::pair<std::string, std::string>> out;
  const std::string rec = g.record();
  size_t at = 0;
  while ((at = rec.find("\noption ", at)) != std::string::npos) {
    const size_t end = rec.find('\n', at + 1), eq = rec.find('=', at);
    out.emplace_back(rec.substr(at + 8, eq - at - 8), rec.substr(eq + 1, end - eq - 1));
    at = end;
  }
  return out;
}

}  // namespace

TEST_CASE("catalog: every option's values and default are what the game accepts") {
  for (const GameSpec& spec : deckhand::game_specs()) {
    CAPTURE(std::string(spec.name));
    // The default game's record lists exactly the spec's options, at their defaults, in order.
    auto fresh = make_game(spec.name, {}, players_of(spec), 0, nullptr);
    REQUIRE(fresh);
    const auto written = record_options(*fresh);
    REQUIRE(written.size() == spec.options.size());
    for (size_t i = 0; i < written.size(); ++i) {
      CHECK(written[i].first == spec.options[i].name);
      CHECK(written[i].second == spec.options[i].default_value);
    }
    for (const auto& options : {spec.options, deckhand::engine_options()}) {
      for (const OptionSpec& o : options) {
        CAPTURE(std::string(o.name));
        CHECK(std::string(o.description).size() > 10);
        CHECK(std::string(o.rule).size() >= 2);
        const Probe p = probe(o);
        for (const std::string& v : p.good) {
          CAPTURE(v);
          Error err;
          CHECK(game_with(spec, o.name, v, &err) != nullptr);
        }
        for (const std::string& v : p.bad) {
          CAPTURE(v);
          Error err;
          CHECK(game_with(spec, o.name, v, &err) == nullptr);
          CHECK(err.reason == Reason::bad_option);
          CHECK(std::string(err.message).find(o.name) != std::string::npos);
        }
        Error err;
        CHECK(game_with(spec, o.name, o.default_value, &err) != nullptr);
      }
    }
    Error err;
    CHECK(game_with(spec, "no_such_option", "1", &err) == nullptr);
    CHECK(err.reason == Reason::bad_option);
  }
}

TEST_CASE("catalog: phases and action kinds are the ones games go through") {
  for (const GameSpec& spec : deckhand::game_specs()) {
    CAPTURE(std::string(spec.name));
    const std::set<std::string> phases(spec.phases.begin(), spec.phases.end());
    std::set<std::string> seen_phases;
    std::set<int> seen_kinds;
    // Short games that end: the game's play limit (G10 max_hands, S15 hands, T13 max_turns)
    // at 30, with a player who always takes the first listed action.
    const deckhand::OptionList options = {{spec.limit_option, "30"}};
    auto g = make_game(spec.name, options, players_of(spec), 0, nullptr);
    REQUIRE(g);
    uint64_t seed = 1, pick = 7;
    std::vector<ActionCode> legal(4096);
    for (int step = 0; step < 20000 && !g->over(); ++step) {
      seen_phases.insert(g->phase_name());
      if (g->awaiting_deal()) {
        REQUIRE(g->deal_seed(seed++, nullptr) == Reason::ok);
        continue;
      }
      const size_t n = g->legal_actions(legal.data(), legal.size());
      REQUIRE(n > 0);
      for (size_t i = 0; i < n; ++i) {
        seen_kinds.insert(legal[i].kind);
        bool listed = false;
        for (const auto& k : spec.action_kinds) {
          if (k.code != legal[i].kind) continue;
          listed = true;
          const std::string text = g->format_action(legal[i]);
          CHECK(text.rfind(k.name, 0) == 0);  // the text starts with the kind's name
        }
        CHECK(listed);
      }
      pick = pick * 6364136223846793005ull + 1442695040888963407ull;
      REQUIRE(g->apply(legal[(pick >> 33) % n], nullptr) == Reason::ok);
    }
    seen_phases.insert(g->phase_name());
    for (const std::string& p : seen_phases) CHECK(phases.count(p) == 1);
    // A whole game goes through every phase (Toonerville under random play rarely ends).
    if (std::string(spec.name) != "toonerville") REQUIRE(g->over());
    if (g->over()) CHECK(seen_phases == phases);
    CHECK(seen_kinds.size() >= spec.action_kinds.size() - 1);
  }
}

TEST_CASE("catalog: names and options are matched ignoring case and surrounding spaces") {
  Error err;
  CHECK(make_game(" Ghost-EUCHRE ", {}, 0, 0, &err) != nullptr);
  CHECK(deckhand::find_game_spec("SHEEPSHEAD") == &deckhand::game_specs()[1]);
  CHECK(deckhand::find_game_spec("sheeps head") == nullptr);
  CHECK(make_game("ghost euchre", {}, 0, 0, &err) == nullptr);
  CHECK(err.reason == Reason::unknown_game);
  auto g = make_game("ghost-euchre", {{" Renege ", " PENALIZE "}, {"TARGET", "7"}}, 0, 0, &err);
  REQUIRE(g);
  const std::string rec = g->record();
  CHECK(rec.find("option renege=penalize\n") != std::string::npos);
  CHECK(rec.find("option target=7\n") != std::string::npos);
  CHECK(make_game("ghost-euchre", {{"renege", "reject"}, {" RENEGE", "penalize"}}, 0, 0, &err) ==
        nullptr);
  CHECK(err.reason == Reason::bad_option);
  CHECK(std::string(err.message).find("twice") != std::string::npos);
  CHECK(make_game("sheepshead", {{"History", " OFF"}}, 0, 0, &err) != nullptr);
  CHECK(make_game("sheepshead", {{"history", "on"}, {"HISTORY", "off"}}, 0, 0, &err) == nullptr);
}

TEST_CASE("catalog: the JSON document names every game, option, phase and action kind") {
  const std::string json = deckhand::catalog_json();
  for (const GameSpec& spec : deckhand::game_specs()) {
    CHECK(json.find("\"name\": \"" + std::string(spec.name) + "\"") != std::string::npos);
    for (const OptionSpec& o : spec.options)
      CHECK(json.find("\"name\": \"" + std::string(o.name) + "\"") != std::string::npos);
    for (const char* phase : spec.phases)
      CHECK(json.find("\"" + std::string(phase) + "\"") != std::string::npos);
    for (const auto& k : spec.action_kinds) {
      CHECK(json.find("\"syntax\": \"" + std::string(k.syntax) + "\"") != std::string::npos);
      // Every kind says what it asks of a player, in words (no syntax, no rule numbers).
      REQUIRE(k.prompt != nullptr);
      const std::string prompt = k.prompt;
      CHECK(!prompt.empty());
      CHECK(prompt.find_first_of("<>|[]") == std::string::npos);
      CHECK(json.find("\"prompt\": \"" + prompt + "\"") != std::string::npos);
    }
  }
  CHECK(json.find("\"history\"") != std::string::npos);
}

TEST_CASE("catalog: each game's play limit ends unattended play, and says which totals win") {
  for (const GameSpec& spec : deckhand::game_specs()) {
    CAPTURE(std::string(spec.name));
    // The limit is one of the game's own options, and its unattended value one it allows.
    bool own = false;
    for (const OptionSpec& o : spec.options) own |= std::string(o.name) == spec.limit_option;
    CHECK(own);
    CHECK(spec.unattended_limit >= 1);
    Error err;
    CHECK(game_with(spec, spec.limit_option, std::to_string(spec.unattended_limit), &err));
    // The JSON document carries the same facts.
    const std::string json = deckhand::catalog_json();
    const std::string facts =
        "\"limit_option\": \"" + std::string(spec.limit_option) +
        "\", \"unattended_limit\": " + std::to_string(spec.unattended_limit) +
        ", \"lower_is_better\": " + (spec.lower_is_better ? "true" : "false") + "}";
    const size_t at = json.find("\"name\": \"" + std::string(spec.name) + "\"");
    REQUIRE(at != std::string::npos);
    CHECK(json.find(facts, at) != std::string::npos);
  }
  // The rules' own facts (G10, S15, T13; T12: Toonerville scores penalty points).
  const GameSpec* euchre = deckhand::find_game_spec("ghost-euchre");
  const GameSpec* sheepshead = deckhand::find_game_spec("sheepshead");
  const GameSpec* toonerville = deckhand::find_game_spec("toonerville");
  REQUIRE(euchre);
  REQUIRE(sheepshead);
  REQUIRE(toonerville);
  CHECK(std::string(euchre->limit_option) == "max_hands");
  CHECK(std::string(sheepshead->limit_option) == "hands");
  CHECK(std::string(toonerville->limit_option) == "max_turns");
  CHECK(!euchre->lower_is_better);
  CHECK(!sheepshead->lower_is_better);
  CHECK(toonerville->lower_is_better);
}
