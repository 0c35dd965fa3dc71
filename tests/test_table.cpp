// Tables (include/deckhand/table.hpp, docs/tables.md): whole games of every game through
// tables mixing bots, scripted humans, leaves, returns and timeouts; per-seat streams that
// never carry another seat's cards; snapshots; serialization at every step; refusals.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../src/common/games.hpp"
#include "../src/table/table_internal.hpp"
#include "deckhand/table.hpp"
#include "test_support.hpp"

using namespace deckhand;

namespace {

OptionList limit_options(const GameSpec& spec) {
  return {{spec.limit_option, std::to_string(spec.unattended_limit > 5 ? 5 : 2)}};
}

std::string events(const Table& t, int seat, uint64_t since = 0) {
  std::string out;
  Error e;
  REQUIRE(t.events_json(seat, since, &out, &e) == Reason::ok);
  return out;
}

// A scripted human: the first action it may take.
bool human_move(Table& t, int seat, int64_t now) {
  Error tick_error;
  REQUIRE(t.tick(now, &tick_error) == Reason::ok);  // what was due before the human's move
  const std::vector<std::string> acts = t.legal_actions_text(seat);
  if (acts.empty()) return false;
  Error e;
  const Reason r = t.act(seat, acts.front(), now, &e);
  CHECK_MESSAGE(r == Reason::ok, e.message);
  return r == Reason::ok;
}

// Plays `t` to its end: humans at seat 0 (and 1 when `two_humans`), bots elsewhere; seat 0
// lets its time run out every seventh decision; returns the number of steps.
int play_out(Table& t, int64_t* now, int max_steps = 200000) {
  int steps = 0;
  while (!t.is_over() && steps < max_steps) {
    ++steps;
    const std::vector<int> may = t.may_act();
    bool moved = false;
    for (int s : may)
      if (t.holder(s) == SeatHolder::human && steps % 7 != 0) {
        *now += 5;
        moved = human_move(t, s, *now);
        break;
      }
    if (moved) continue;
    const int64_t due = t.next_due_ms();
    if (due < 0) {  // no clock: the human skipping its turn moves after all
      for (int s : may)
        if (t.holder(s) == SeatHolder::human) moved = human_move(t, s, *now);
      REQUIRE_MESSAGE(moved, "nothing due and nobody moved: the table is stuck");
      continue;
    }
    *now = std::max(*now, due);
    Error e;
    REQUIRE(t.tick(*now, &e) == Reason::ok);
  }
  return steps;
}

std::unique_ptr<Table> new_table(const GameSpec& spec, uint64_t seed, OptionList table_options) {
  Error e;
  auto t = Table::create(spec.name, spec.max_players, limit_options(spec), table_options, seed, &e);
  REQUIRE_MESSAGE(t, e.message);
  return t;
}

}  // namespace

TEST_CASE("a table plays every game to its end with humans, bots, timeouts, a leave and a return") {
  for (const GameSpec& spec : game_specs()) {
    CAPTURE(spec.name);
    auto t = new_table(spec, 7, {{"decision_ms", "1000"}, {"bot_ms", "300"}, {"deal_ms", "50"}});
    Error e;
    CHECK(t->to_act() == -1);
    REQUIRE(t->seat_human(0, &e) == Reason::ok);
    REQUIRE(t->seat_human(1, &e) == Reason::ok);
    for (int s = 2; s < t->players(); ++s) REQUIRE(t->seat_bot(s, "basic", &e) == Reason::ok);
    CHECK(t->started());
    int64_t now = 0;
    // Seat 1 leaves after a few moves and comes back later.
    for (int i = 0; i < 20 && !t->is_over(); ++i) play_out(*t, &now, 1);
    REQUIRE(t->leave(1, now, &e) == Reason::ok);
    CHECK(t->holder(1) == SeatHolder::away);
    for (int i = 0; i < 30 && !t->is_over(); ++i) play_out(*t, &now, 1);
    REQUIRE(t->seat_human(1, &e) == Reason::ok);
    // Seat 0 lets its time run out once for certain.
    for (int i = 0; i < 500 && !t->is_over() && t->to_act() != 0; ++i) {
      const int64_t due = t->next_due_ms();
      now = std::max(now, due);
      if (due < 0 || t->to_act() == 1) {
        human_move(*t, t->to_act(), now);
      } else {
        REQUIRE(t->tick(now, &e) == Reason::ok);
      }
    }
    if (!t->is_over()) {
      REQUIRE(t->deadline_ms() >= 0);
      now = t->deadline_ms();
      REQUIRE(t->tick(now, &e) == Reason::ok);
    }
    play_out(*t, &now);
    CHECK(t->is_over());
    const std::string all = events(*t, -1);
    CHECK(all.find("\"type\": \"timeout\"") != std::string::npos);
    CHECK(all.find("\"by\": \"stand-in\"") != std::string::npos);
    CHECK(all.find("\"type\": \"game_over\"") != std::string::npos);
    // The record replays to the same game, the table's comments ignored.
    std::string record;
    REQUIRE(t->write_record(&record, &e) == Reason::ok);
    CHECK(record.find("# table: seat 1 away") != std::string::npos);
    const ReplayResult replay = replay_record(record);
    REQUIRE_MESSAGE(replay.ok, replay.error.message);
    CHECK(replay.final_game->serialize() == t->game().serialize());
  }
}

TEST_CASE("a seat's stream never names a card it may not see; spectators see no private card") {
  for (const GameSpec& spec : game_specs()) {
    CAPTURE(spec.name);
    auto t = new_table(spec, 11, {});
    Error e;
    for (int s = 0; s < t->players(); ++s) REQUIRE(t->seat_bot(s, "basic", &e) == Reason::ok);
    int64_t now = 0;
    play_out(*t, &now, 400);
    const std::string spectator = events(*t, -1);
    CHECK(spectator.find("\"hand\":") == std::string::npos);
    CHECK(spectator.find("\"cards\":") == std::string::npos);
    for (int s = 0; s < t->players(); ++s) {
      const std::string mine = events(*t, s);
      CHECK(mine.find("\"hand\":") != std::string::npos);
      // Exactly the deals' own hands: one per deal in this seat's stream.
      size_t deals = 0, hands = 0;
      for (size_t at = 0; (at = spectator.find("\"type\": \"deal\"", at)) != std::string::npos;
           ++at)
        ++deals;
      for (size_t at = 0; (at = mine.find("\"hand\":", at)) != std::string::npos; ++at) ++hands;
      CHECK(deals == hands);
    }
  }
}

TEST_CASE("leak test: swapping two cards a seat cannot see leaves its stream byte-identical") {
  // The game's own swap_hidden hook (the view leak test's) exchanges two hidden cards; a table
  // whose game has them exchanged tells that seat the same, event for event, until a swapped
  // card is played.
  for (const GameDescriptor* d : game_descriptors()) {
    CAPTURE(d->spec.name);
    for (uint64_t pick = 0; pick < 6; ++pick) {
      auto t = new_table(d->spec, 100 + pick, {});
      Error e;
      for (int s = 0; s < t->players(); ++s) REQUIRE(t->seat_human(s, &e) == Reason::ok);
      REQUIRE(t->tick(0, &e) == Reason::ok);  // the deal
      const int seat = int(pick % uint64_t(t->players()));
      auto swapped = d->swap_hidden(t->game(), seat, pick);
      if (!swapped) continue;
      std::string before;
      REQUIRE(t->events_json(seat, 0, &before, &e) == Reason::ok);
      // The same table with the swapped deal: its image with the game replaced.
      Table other = *t;
      REQUIRE(detail_table_replace_game(other, std::move(swapped)));
      std::string a = events(*t, seat, 0), b = events(other, seat, 0);
      // The deal event carries the seat's own hand, which the swap left alone.
      CHECK(a == b);
      // Both play the same moves (the first legal action) while they stay legal in both.
      int64_t now = 0;
      for (int step = 0; step < 12 && !t->is_over(); ++step) {
        const int s = t->to_act();
        if (s < 0) break;
        const std::vector<std::string> acts = t->legal_actions_text(s);
        if (acts.empty()) break;
        now += 10;
        Error e1, e2;
        const Reason r1 = t->act(s, acts.front(), now, &e1);
        const Reason r2 = other.act(s, acts.front(), now, &e2);
        if (r1 != Reason::ok || r2 != Reason::ok) break;
        const std::string x = events(*t, seat), y = events(other, seat);
        if (x != y) {
          // Only a swapped card coming into the open may tell them apart.
          CHECK(t->game().view_json(seat) != other.game().view_json(seat));
          break;
        }
      }
    }
  }
}

TEST_CASE("snapshot plus the events since it is the whole stream") {
  for (const GameSpec& spec : game_specs()) {
    CAPTURE(spec.name);
    auto t = new_table(spec, 3, {{"bot_ms", "100"}});
    Error e;
    REQUIRE(t->seat_human(0, &e) == Reason::ok);
    for (int s = 1; s < t->players(); ++s) REQUIRE(t->seat_bot(s, "random", &e) == Reason::ok);
    int64_t now = 0;
    play_out(*t, &now, 30);
    std::string snap;
    REQUIRE(t->snapshot_json(0, &snap, &e) == Reason::ok);
    const uint64_t at = t->seq();
    CHECK(snap.rfind("{\"seq\": " + std::to_string(at) + ", \"view\":", 0) == 0);
    const std::string head = events(*t, 0);
    play_out(*t, &now, 30);
    const std::string tail = events(*t, 0, at);
    const std::string whole = events(*t, 0);
    // head = [a,b], tail = [c,d], whole = [a,b,c,d]
    REQUIRE(head.size() >= 2);
    const std::string joined =
        tail == "[]" ? head : head.substr(0, head.size() - 1) + ", " + tail.substr(1);
    CHECK(joined == whole);
  }
}

TEST_CASE("serialize and restore at every step give the same future; same seed, same table") {
  for (const GameSpec& spec : game_specs()) {
    CAPTURE(spec.name);
    auto a = new_table(spec, 5, {{"decision_ms", "500"}, {"bank_ms", "200"}, {"bot_ms", "50"}});
    auto b = new_table(spec, 5, {{"decision_ms", "500"}, {"bank_ms", "200"}, {"bot_ms", "50"}});
    Error e;
    for (Table* t : {a.get(), b.get()}) {
      REQUIRE(t->seat_human(0, &e) == Reason::ok);
      for (int s = 1; s < t->players(); ++s) REQUIRE(t->seat_bot(s, "basic", &e) == Reason::ok);
    }
    int64_t now_a = 0, now_b = 0;
    for (int step = 0; step < 150 && !a->is_over(); ++step) {
      const std::vector<uint8_t> image = a->serialize();
      auto restored = Table::deserialize(image.data(), image.size(), &e);
      REQUIRE_MESSAGE(restored, e.message);
      CHECK(restored->serialize() == image);
      int64_t now_r = now_a;
      play_out(*a, &now_a, 1);
      play_out(*restored, &now_r, 1);
      play_out(*b, &now_b, 1);
      REQUIRE(restored->serialize() == a->serialize());
      REQUIRE(b->serialize() == a->serialize());
    }
  }
}

TEST_CASE("damaged table images are refused") {
  const GameSpec& spec = game_specs().front();
  auto t = new_table(spec, 1, {});
  Error e;
  for (int s = 0; s < t->players(); ++s) REQUIRE(t->seat_bot(s, "random", &e) == Reason::ok);
  int64_t now = 0;
  play_out(*t, &now, 20);
  std::vector<uint8_t> image = t->serialize();
  for (size_t i = 0; i < image.size(); i += 7) {
    std::vector<uint8_t> bad = image;
    bad[i] ^= 0x41;
    CHECK(Table::deserialize(bad.data(), bad.size(), &e) == nullptr);
    CHECK(e.reason == Reason::corrupt_state);
  }
  CHECK(Table::deserialize(image.data(), image.size() / 2, &e) == nullptr);
}

TEST_CASE("refusals name what was wrong and change nothing") {
  const GameSpec& spec = game_specs().front();
  auto t = new_table(spec, 1, {});
  Error e;
  CHECK(t->act(0, "pass", 0, &e) == Reason::not_seated);
  REQUIRE(t->seat_human(0, &e) == Reason::ok);
  CHECK(t->act(0, "pass", 0, &e) == Reason::not_started);
  CHECK(t->seat_human(0, &e) == Reason::seat_taken);
  CHECK(t->seat_bot(0, "basic", &e) == Reason::seat_taken);
  CHECK(t->seat_bot(1, "grandmaster", &e) == Reason::bad_option);
  CHECK(t->seat_human(-1, &e) == Reason::bad_seat);
  CHECK(t->seat_human(t->players(), &e) == Reason::bad_seat);
  for (int s = 1; s < t->players(); ++s) REQUIRE(t->seat_human(s, &e) == Reason::ok);
  REQUIRE(t->tick(1000, &e) == Reason::ok);
  const std::vector<uint8_t> image = t->serialize();
  CHECK(t->tick(999, &e) == Reason::time_backwards);
  CHECK(std::string(e.message).find("999") != std::string::npos);
  const int s = t->to_act();
  REQUIRE(s >= 0);
  const int other = (s + 1) % t->players();
  CHECK(t->act(other, t->legal_actions_text(s).front(), 1000, &e) == Reason::wrong_seat);
  CHECK(t->act(s, "fly away", 1000, &e) == Reason::malformed_action);
  CHECK(t->leave(s, 10, &e) == Reason::time_backwards);
  CHECK(t->serialize() == image);
  std::string out;
  CHECK(t->events_json(t->players(), 0, &out, &e) == Reason::bad_seat);
  CHECK(Table::create(spec.name, 0, {}, {{"decision_ms", "-1"}}, 0, &e) == nullptr);
  CHECK(e.reason == Reason::bad_option);
  CHECK(Table::create(spec.name, 0, {}, {{"tempo", "1"}}, 0, &e) == nullptr);
  CHECK(Table::create("no-such-game", 0, {}, {}, 0, &e) == nullptr);
  CHECK(e.reason == Reason::unknown_game);
}

TEST_CASE("after the game is over every act is refused with game_over") {
  for (const GameSpec& spec : game_specs()) {
    CAPTURE(spec.name);
    auto t = new_table(spec, 9, {});
    Error e;
    REQUIRE(t->seat_human(0, &e) == Reason::ok);
    for (int s = 1; s < t->players(); ++s) REQUIRE(t->seat_bot(s, "random", &e) == Reason::ok);
    int64_t now = 0;
    play_out(*t, &now);
    REQUIRE(t->is_over());
    const std::vector<uint8_t> image = t->serialize();
    CHECK(t->act(0, "pass", now + 1, &e) == Reason::game_over);
    CHECK(t->next_due_ms() == -1);
    CHECK(t->to_act() == -1);
  }
}

TEST_CASE("offers: every seat that may answer answers at once, applied in the rules' order") {
  for (const GameDescriptor* d : game_descriptors()) {
    if (!d->extensions || !d->extensions->table || d->extensions->table->offer_accept_kind < 0)
      continue;
    CAPTURE(d->spec.name);
    auto t = new_table(d->spec, 21, {{"offer_ms", "1000"}});
    Error e;
    for (int s = 0; s < t->players(); ++s) REQUIRE(t->seat_human(s, &e) == Reason::ok);
    int64_t now = 0;
    bool seen = false;
    for (int step = 0; step < 3000 && !t->is_over() && !seen; ++step) {
      const std::vector<int> may = t->may_act();
      if (may.size() >= 2) {
        // The last seat answers first; nothing is applied until the earlier ones answer.
        const uint64_t seq = t->seq();
        const std::vector<std::string> last = t->legal_actions_text(may.back());
        REQUIRE(last.size() == 2);
        REQUIRE(t->act(may.back(), last.front(), now, &e) == Reason::ok);
        // The answer is a change of the table: one `answered` event, its answer told only to
        // the seat that gave it (the others learn it when it takes effect).
        CHECK(t->seq() == seq + 1);
        std::string mine, theirs, watching;
        REQUIRE(t->events_json(may.back(), seq, &mine, &e) == Reason::ok);
        REQUIRE(t->events_json(may.front(), seq, &theirs, &e) == Reason::ok);
        REQUIRE(t->events_json(-1, seq, &watching, &e) == Reason::ok);
        const std::string told = "\"type\": \"answered\", \"seat\": " + std::to_string(may.back());
        CHECK(mine.find(told + ", \"action\": \"" + last.front() + "\"}") != std::string::npos);
        CHECK(theirs.find(told + "}") != std::string::npos);
        CHECK(watching.find(told + "}") != std::string::npos);
        CHECK(theirs.find(last.front()) == std::string::npos);
        // It has answered: it may not act again until its answer takes effect.
        const std::vector<int> still = t->may_act();
        CHECK(std::find(still.begin(), still.end(), may.back()) == still.end());
        CHECK(still.size() + 1 == may.size());
        CHECK(t->legal_actions_text(may.back()).empty());
        CHECK(t->act(may.back(), last.back(), now, &e) == Reason::wrong_phase);
        CHECK(t->seq() == seq + 1);
        // A host that saves the table at each seq keeps the answer: the restored table applies
        // it in its turn exactly as the live one does.
        const std::vector<uint8_t> image = t->serialize();
        auto restored = Table::deserialize(image.data(), image.size(), &e);
        REQUIRE_MESSAGE(restored, e.message);
        for (Table* live : {t.get(), restored.get()})
          for (size_t i = 0; i + 1 < may.size(); ++i)
            REQUIRE(live->act(may[i], live->legal_actions_text(may[i]).back(), now, &e) ==
                    Reason::ok);
        CHECK(t->seq() > seq + 1);
        CHECK(restored->serialize() == t->serialize());
        std::string live_events, restored_events;
        REQUIRE(t->events_json(may.back(), 0, &live_events, &e) == Reason::ok);
        REQUIRE(restored->events_json(may.back(), 0, &restored_events, &e) == Reason::ok);
        CHECK(live_events == restored_events);
        seen = true;
        break;
      }
      now += 1;
      if (may.empty()) {
        REQUIRE(t->tick(now, &e) == Reason::ok);
        continue;
      }
      // Draw from the stock where the seat may (it opens the offer), else the first action.
      const std::vector<std::string> acts = t->legal_actions_text(may.front());
      std::string pick = acts.front();
      for (const std::string& a : acts)
        if (a == "draw") pick = a;
      REQUIRE(t->act(may.front(), pick, now, &e) == Reason::ok);
    }
    CHECK(seen);
  }
}

TEST_CASE(
    "a seat that leaves an open offer: its stand-in answers after the leave, the image restores") {
  for (const GameDescriptor* d : game_descriptors()) {
    if (!d->extensions || !d->extensions->table || d->extensions->table->offer_accept_kind < 0)
      continue;
    CAPTURE(d->spec.name);
    auto t = new_table(d->spec, 21, {{"offer_ms", "1000"}});
    Error e;
    for (int s = 0; s < t->players(); ++s) REQUIRE(t->seat_human(s, &e) == Reason::ok);
    int64_t now = 0;
    bool seen = false;
    for (int step = 0; step < 3000 && !t->is_over() && !seen; ++step) {
      const std::vector<int> may = t->may_act();
      if (may.size() >= 2) {
        // The first seat of the offer leaves half-way through its window: its stand-in's answer
        // was due when the offer opened (a stand-in answers at once), before the leave.
        now += 500;
        REQUIRE(t->leave(may.front(), now, &e) == Reason::ok);
        REQUIRE(t->tick(now, &e) == Reason::ok);
        std::string events;
        REQUIRE(t->events_json(-1, 0, &events, &e) == Reason::ok);
        int64_t last = 0;
        for (size_t at = events.find("\"time_ms\": "); at != std::string::npos;
             at = events.find("\"time_ms\": ", at + 1)) {
          const int64_t time = std::stoll(events.substr(at + 11));
          CHECK(time >= last);
          last = std::max(last, time);
        }
        CHECK(events.find("\"by\": \"stand-in\"") != std::string::npos);
        const std::vector<uint8_t> image = t->serialize();
        auto restored = Table::deserialize(image.data(), image.size(), &e);
        REQUIRE_MESSAGE(restored, e.message);
        CHECK(restored->serialize() == image);
        seen = true;
        break;
      }
      now += 1;
      if (may.empty()) {
        REQUIRE(t->tick(now, &e) == Reason::ok);
        continue;
      }
      const std::vector<std::string> acts = t->legal_actions_text(may.front());
      std::string pick = acts.front();
      for (const std::string& a : acts)
        if (a == "draw") pick = a;
      REQUIRE(t->act(may.front(), pick, now, &e) == Reason::ok);
    }
    CHECK(seen);
  }
}

TEST_CASE("the next move due follows every change, the seat changes that move no card too") {
  // The table keeps its next due time as it changes (debug builds check it against the one
  // recomputed at every read): seating, leaving and returning change it without a move.
  for (const GameSpec& spec : game_specs()) {
    CAPTURE(spec.name);
    auto t = new_table(spec, 5, {{"decision_ms", "1000"}, {"bot_ms", "300"}, {"deal_ms", "50"}});
    Error e;
    for (int s = 0; s + 1 < t->players(); ++s) REQUIRE(t->seat_human(s, &e) == Reason::ok);
    CHECK(t->next_due_ms() == -1);  // not started
    REQUIRE(t->seat_human(t->players() - 1, &e) == Reason::ok);
    CHECK(t->next_due_ms() == 50);  // started at 0: the first deal after deal_ms
    REQUIRE(t->tick(50, &e) == Reason::ok);
    const int s = t->to_act();
    REQUIRE(s >= 0);
    CHECK(t->next_due_ms() == 50 + 1000);  // a human's decision, no bank
    REQUIRE(t->leave(s, 60, &e) == Reason::ok);
    CHECK(t->next_due_ms() == 60 + 300);  // its stand-in moves after bot_ms from the leave
    REQUIRE(t->seat_human(s, &e) == Reason::ok);
    CHECK(t->next_due_ms() == 60 + 1000);  // back: its own decision again
    REQUIRE(t->leave(s, 70, &e) == Reason::ok);
    REQUIRE(t->seat_bot(s, "random", &e) == Reason::ok);
    CHECK(t->next_due_ms() == 70 + 300);  // a bot's thinking delay
    // A restored table and a copy keep it too.
    const std::vector<uint8_t> image = t->serialize();
    auto back = Table::deserialize(image.data(), image.size(), &e);
    REQUIRE_MESSAGE(back, e.message);
    CHECK(back->next_due_ms() == 70 + 300);
    Table copy = *back;
    REQUIRE(copy.tick(370, &e) == Reason::ok);
    CHECK(copy.seq() > back->seq());
    CHECK(copy.next_due_ms() != back->next_due_ms());
  }
}

TEST_CASE("events=deal keeps the current and the previous deal: a bot table's memory stays flat") {
  for (const GameSpec& spec : game_specs()) {
    CAPTURE(spec.name);
    Error e;
    // Bots think 1 ms, so that each tick makes a bounded number of moves.
    auto t =
        Table::create(spec.name, spec.max_players, {{"history", "off"}}, {{"bot_ms", "1"}}, 4, &e);
    REQUIRE_MESSAGE(t, e.message);
    for (int s = 0; s < t->players(); ++s) REQUIRE(t->seat_bot(s, "basic", &e) == Reason::ok);
    size_t size_at_2 = 0, largest = 0;
    int64_t now = 0;
    for (int step = 0; step < 200000 && !t->is_over() && t->game().hands_scored() < 8; ++step) {
      now += 1;
      REQUIRE(t->tick(now, &e) == Reason::ok);
      if (t->game().hands_scored() >= 2 && step % 16 == 0) {
        const size_t size = t->serialize().size();
        if (!size_at_2) size_at_2 = size;
        largest = std::max(largest, size);
      }
    }
    REQUIRE(t->game().hands_scored() >= 4);
    // Two deals' events at most, whatever the number of hands played.
    CHECK(largest < 6 * size_at_2);  // later rounds may be longer (T2: longer contracts)
    std::string out;
    CHECK(t->events_json(-1, 0, &out, &e) == Reason::events_dropped);
    REQUIRE(t->events_json(-1, t->first_seq() - 1, &out, &e) == Reason::ok);
    CHECK(out.find("\"type\": \"hand_end\"") != std::string::npos);
  }
}
