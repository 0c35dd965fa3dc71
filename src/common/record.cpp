// Game records (docs/records.md): reading and replaying them, and the replay JSON
// of the command-line contract.
#include <algorithm>
#include <map>
#include <optional>

#include "deckhand/game.hpp"
#include "fair.hpp"
#include "games.hpp"
#include "text.hpp"

namespace deckhand {

using text::iequals;

namespace {

struct Header {
  std::string game;
  int players = 0;
  int dealer = 0;
  OptionList options;
  bool has_players = false, has_dealer = false;
};

// A committed deal of a record with fair-deal lines.
struct FairDeal {
  detail::Digest commitment{};
  std::vector<std::pair<int, std::string>> nonces;  // (seat, bytes), in the record's order
  bool dealt = false, revealed = false;
  uint64_t seed = 0;  // the deal line's seed
};

bool parse_digest(std::string_view hex, detail::Digest* out) {
  std::string bytes;
  if (hex.size() != 64 || !detail::from_hex(hex, &bytes)) return false;
  std::copy(bytes.begin(), bytes.end(), out->begin());
  return true;
}

}  // namespace

ReplayResult replay_record(std::string_view record) {
  ReplayResult result;
  Header header;
  const GameSpec* spec = nullptr;  // the game of the 'game' header
  std::unique_ptr<Game>& game = result.final_game;
  bool saw_magic = false;
  bool in_body = false;  // after the first deal or move
  int line_no = 0;
  size_t pos = 0;
  uint32_t scored = 0;
  // Fair deals: the deal lines so far, and each committed deal by its number.
  uint64_t deals_seen = 0;
  std::map<uint64_t, FairDeal> fair;
  FairDeal* pending = nullptr;  // committed, not dealt yet

  // Ends the replay at this line, with the game's refusal `detail`, or else with `format`
  // quoting the input `what`.
  auto refuse = [&](Reason r, const Error* detail, const char* format, std::string_view what) {
    result.ok = false;
    result.line = line_no;
    if (detail)
      result.error = *detail;
    else
      fail(&result.error, r, format, text::quote(what).c_str());
    return std::move(result);
  };
  // The game is created when the first event line arrives (headers are complete then).
  auto ensure_game = [&](Error* err) -> bool {
    if (game) return true;
    if (header.game.empty()) {
      fail(err, Reason::bad_header, "no 'game' header before the first deal or move");
      return false;
    }
    if (spec->min_players != spec->max_players && !header.has_players) {
      fail(err, Reason::bad_header, "%s needs a 'players' header (%d to %d)", spec->name,
           spec->min_players, spec->max_players);
      return false;
    }
    game = make_game(header.game, header.options, header.players, header.dealer, err);
    return game != nullptr;
  };

  while (pos <= record.size()) {
    if (pos == record.size() && (record.empty() || record.back() == '\n')) break;
    size_t end = record.find('\n', pos);
    if (end == std::string_view::npos) end = record.size();
    const std::string_view raw = record.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    const std::string_view line = text::trim(raw);
    const auto words = text::split_words(line);

    if (!saw_magic) {
      if (words.size() == 2 && iequals(words[0], "deckhand") && words[1] == "1") {
        saw_magic = true;
        continue;
      }
      if (words.size() == 2 && iequals(words[0], "deckhand"))
        return refuse(Reason::bad_header, nullptr,
                      "record format version %s is not supported (deckhand 1)", words[1]);
      return refuse(Reason::bad_header, nullptr, "the first line must be 'deckhand 1', not %s",
                    line);
    }
    if (line.empty() || line[0] == '#') continue;

    const std::string_view key = words[0];
    const bool is_header = iequals(key, "game") || iequals(key, "players") ||
                           iequals(key, "option") || iequals(key, "dealer");
    if (is_header) {
      if (in_body)
        return refuse(Reason::bad_header, nullptr, "header %s after the first deal or move", line);
      if (words.size() != 2)
        return refuse(Reason::bad_header, nullptr, "header %s takes exactly one value", line);
      const std::string_view value = words[1];
      if (iequals(key, "game")) {
        if (!header.game.empty())
          return refuse(Reason::bad_header, nullptr, "second 'game' header: %s", line);
        const GameDescriptor* game_named = find_game(value);
        if (!game_named) {
          Error unknown;
          fail(&unknown, Reason::unknown_game, "no game named %s (%s)", text::quote(value).c_str(),
               game_names().c_str());
          return refuse(unknown.reason, &unknown, "", "");
        }
        header.game = game_named->spec.name;
        spec = &game_named->spec;
        result.game = header.game;
        continue;
      }
      if (header.game.empty())
        return refuse(Reason::bad_header, nullptr, "'game' must be the first header, before %s",
                      line);
      if (iequals(key, "players")) {
        int64_t n;
        if (header.has_players)
          return refuse(Reason::bad_header, nullptr, "second 'players' header: %s", line);
        if (!text::parse_int(value, 1, 64, &n))
          return refuse(Reason::bad_header, nullptr, "%s is not a player count", value);
        if (n < spec->min_players || n > spec->max_players)
          return refuse(Reason::bad_header, nullptr, "wrong player count for this game: %s", line);
        if (header.has_dealer && header.dealer >= n)
          return refuse(Reason::bad_seat, nullptr, "dealer seat is not below the player count: %s",
                        line);
        header.players = int(n);
        header.has_players = true;
      } else if (iequals(key, "dealer")) {
        int64_t d;
        if (header.has_dealer)
          return refuse(Reason::bad_header, nullptr, "second 'dealer' header: %s", line);
        if (!text::parse_int(value, 0, 63, &d))
          return refuse(Reason::bad_header, nullptr, "%s is not a dealer seat", value);
        // the player count if given, else the most the game allows
        const int seats = header.has_players ? header.players : spec->max_players;
        if (d >= seats)
          return refuse(Reason::bad_seat, nullptr, "dealer in %s is not below the player count",
                        line);
        header.dealer = int(d);
        header.has_dealer = true;
      } else {
        std::string k, v;
        if (!split_option(value, &k, &v))
          return refuse(Reason::bad_option, nullptr, "option %s is not key=value", value);
        for (const auto& [ek, ev] : header.options)
          if (iequals(ek, k))
            return refuse(Reason::bad_header, nullptr, "option %s is given twice", k);
        // Refuse an unknown option or value at its own line, not at the first event.
        Error option_err;
        if (!make_game(header.game, OptionList{{k, v}}, spec->min_players, 0, &option_err))
          return refuse(option_err.reason, &option_err, "", "");
        header.options.emplace_back(k, v);
      }
      continue;
    }

    // A body line: a chance event or a move.
    in_body = true;
    Error err;
    if (!ensure_game(&err)) return refuse(err.reason, &err, "", "");
    Reason r = Reason::ok;
    if (iequals(key, "commit") || iequals(key, "nonce") || iequals(key, "reveal")) {
      // Fair deals (docs/records.md#fair-deals).
      auto mismatch = [&](const char* format, std::string_view what) {
        return refuse(Reason::fair_deal_mismatch, nullptr, format, what);
      };
      uint64_t k = 0;
      detail::Digest digest;
      if (iequals(key, "commit")) {
        if (words.size() != 3 || !text::parse_u64(words[1], &k) || !parse_digest(words[2], &digest))
          return refuse(Reason::malformed_record, nullptr, "%s is not 'commit <deal> <64 hex>'",
                        line);
        if (pending) return mismatch("%s: the deal committed before it was not dealt", line);
        if (k != deals_seen + 1) return mismatch("%s is not for the next deal", line);
        pending = &fair[k];
        pending->commitment = digest;
        ++result.fair_committed;
      } else if (iequals(key, "nonce")) {
        int64_t seat;
        std::string bytes;
        if (words.size() != 3 || !text::parse_int(words[1], 0, 1000000, &seat) ||
            words[2].size() < 2 * detail::kNonceMinBytes ||
            words[2].size() > 2 * detail::kNonceMaxBytes || !detail::from_hex(words[2], &bytes))
          return refuse(Reason::malformed_record, nullptr,
                        "%s is not 'nonce <seat> <16 to 128 hex digits>'", line);
        if (seat >= game->players())
          return refuse(Reason::bad_seat, nullptr, "seat in %s is not below the player count",
                        line);
        if (!pending) return mismatch("%s: no committed deal waits for nonces", line);
        for (const auto& [s, n] : pending->nonces)
          if (s == seat) return mismatch("%s: a second nonce from the seat", line);
        pending->nonces.emplace_back(int(seat), std::move(bytes));
      } else {
        uint64_t base = 0;
        if (words.size() != 4 || !text::parse_u64(words[1], &k) ||
            !text::parse_u64(words[2], &base) || !parse_digest(words[3], &digest))
          return refuse(Reason::malformed_record, nullptr,
                        "%s is not 'reveal <deal> <seed> <64 hex>'", line);
        auto it = fair.find(k);
        if (it == fair.end() || !it->second.dealt)
          return mismatch("%s: that deal was not committed and dealt", line);
        FairDeal& d = it->second;
        if (d.revealed) return mismatch("%s: that deal was revealed before", line);
        if (detail::fair_commitment(base, digest) != d.commitment)
          return mismatch("%s does not match the deal's commitment", line);
        std::vector<std::pair<int, std::string>> sorted = d.nonces;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        const uint64_t expected = detail::fair_deal_seed(base, sorted);
        if (expected != d.seed) {
          Error bad;
          fail(&bad, Reason::fair_deal_mismatch,
               "deal %llu was dealt with seed %llu, not %llu: the seed its reveal and nonces make",
               static_cast<unsigned long long>(k), static_cast<unsigned long long>(d.seed),
               static_cast<unsigned long long>(expected));
          return refuse(bad.reason, &bad, "", "");
        }
        d.revealed = true;
        ++result.fair_revealed;
      }
    } else if (iequals(key, "reshuffle")) {
      uint64_t seed;
      if (words.size() >= 2 && iequals(words[1], "seed")) {
        if (words.size() != 3 || !text::parse_u64(words[2], &seed))
          return refuse(Reason::malformed_record, nullptr, "%s is not 'reshuffle seed <0..2^64-1>'",
                        line);
        r = game->reshuffle_seed(seed, &err);
      } else {
        r = game->reshuffle_text(text::trim(line.substr(key.size())), &err);
      }
    } else if (iequals(key, "deal")) {
      const std::string_view rest = text::trim(line.substr(key.size()));
      uint64_t seed;
      const bool seeded = words.size() >= 2 && iequals(words[1], "seed");
      if (seeded && (words.size() != 3 || !text::parse_u64(words[2], &seed)))
        return refuse(Reason::malformed_record, nullptr, "%s is not 'deal seed <0..2^64-1>'", line);
      // Fair deals: once a record commits, every deal is committed, and seeded.
      if (!pending && !fair.empty())
        return refuse(Reason::fair_deal_mismatch, nullptr, "%s has no commitment before it", line);
      if (pending && !seeded)
        return refuse(Reason::fair_deal_mismatch, nullptr,
                      "%s: a committed deal is written 'deal seed N'", line);
      r = seeded ? game->deal_seed(seed, &err) : game->deal_text(rest, &err);
      if (r == Reason::ok) {
        ++deals_seen;
        if (pending) {
          pending->dealt = true;
          pending->seed = seed;
          pending = nullptr;
        }
      }
    } else {
      int64_t seat;
      if (!text::parse_int(key, 0, 1000000, &seat))
        return refuse(Reason::malformed_record, nullptr,
                      "%s is neither a header, a deal nor '<seat> <action>'", line);
      if (seat >= game->players())
        return refuse(Reason::bad_seat, nullptr, "seat in %s is not below the player count", line);
      if (words.size() < 2)
        return refuse(Reason::malformed_action, nullptr, "no action after the seat: %s", line);
      r = game->apply_record_text(int(seat), text::trim(line.substr(key.size())), &err);
    }
    if (r != Reason::ok) return refuse(r, &err, "", "");
    if (game->hands_scored() != scored) {
      scored = game->hands_scored();
      result.hand_deltas.push_back(game->last_deltas());
    }
  }
  if (!saw_magic) {
    line_no = line_no ? line_no : 1;
    Error empty;
    fail(&empty, Reason::bad_header, "empty record: the first line must be 'deckhand 1'");
    return refuse(empty.reason, &empty, "", "");
  }
  Error err;
  if (!ensure_game(&err)) {
    ++line_no;  // nothing was refused on the lines read: the record ends where `game` was due
    return refuse(err.reason, &err, "", "");
  }
  result.ok = true;
  return result;
}

std::string replay_json(const ReplayResult& r) {
  text::Json j;
  j.begin_object();
  if (!r.ok) {
    j.key("ok").value(false);
    j.key("line").value(r.line);
    j.key("code").value(reason_name(r.error.reason));
    j.key("message").value(r.error.message);
    j.end_object();
    return j.take();
  }
  const Game& g = *r.final_game;
  j.key("ok").value(true);
  j.key("game").value(g.name());
  j.key("hands").begin_array();
  for (const auto& deltas : r.hand_deltas) {
    j.begin_object().key("deltas").begin_array();
    for (int64_t d : deltas) j.value(d);
    j.end_array().end_object();
  }
  j.end_array();
  j.key("scores").begin_array();
  for (int64_t s : g.scores()) j.value(s);
  j.end_array();
  j.key("over").value(g.over());
  j.key("winners").begin_array();
  for (int w : g.winners()) j.value(w);
  j.end_array();
  j.key("to_act").seat(g.to_act());
  if (r.fair_committed) {
    j.key("fair").begin_object().key("committed").value(int64_t(r.fair_committed));
    j.key("revealed").value(int64_t(r.fair_revealed)).end_object();
  }
  j.end_object();
  return j.take();
}

}  // namespace deckhand
