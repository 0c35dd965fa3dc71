// deckhand::Table (include/deckhand/table.hpp, docs/tables.md): a game plus its seats, clocks,
// stand-ins and per-seat event streams. The table is game-blind: what a seat may see of an
// action comes from the game's TableHooks (src/common/games.hpp).
#include "deckhand/table.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "../common/fair.hpp"
#include "../common/games.hpp"
#include "deckhand/bots.hpp"
#include "deckhand/rng.hpp"
#include "deckhand/text.hpp"
#include "table_internal.hpp"

namespace deckhand {

namespace {

constexpr TableOptionSpec kTableOptions[] = {
    {"decision_ms", "0..86400000", "0", "time per decision; 0: no clock"},
    {"bank_ms", "0..86400000", "0", "each seat's time bank, spent once a decision's time is up"},
    {"bot_ms", "0..600000", "0", "a bot's or stand-in's thinking delay"},
    {"offer_ms", "0..600000", "3000", "how long the seats offered a discard may answer (T6)"},
    {"deal_ms", "0..600000", "0", "the pause after a hand is scored before the next deal"},
    {"standin", "random|basic|strong|expert|1..5|quickest", "basic",
     "who moves for a seat that timed out or left"},
    {"events", "all|deal", "all", "which events are kept: all, or those of the current deal"},
    {"fair_secret", "64 hex digits", "", "the server's secret for fair deals (committed seeds)"},
    {"nonce_ms", "0..600000", "2000", "fair deals: how long the seats may send their nonces"},
};

enum class EventType : uint8_t {
  seat,
  deal,
  action,
  cards,
  timeout,
  reshuffle,
  hand_end,
  over,
  commit,    // fair deals: text "K HEX", the commitment to deal K
  nonce,     // fair deals: text "HEX", the seat's nonce
  reveal,    // fair deals: text "K SEED SALT", deal K's base seed and salt
  answered,  // an offer answered ahead of its turn (T6): text the answer, told only to the seat
};
constexpr const char* kEventNames[] = {"seat",    "deal",      "action",   "cards",
                                       "timeout", "reshuffle", "hand_end", "game_over",
                                       "commit",  "nonce",     "reveal",   "answered"};
constexpr bool is_fair_event(EventType t) {
  return t == EventType::commit || t == EventType::nonce || t == EventType::reveal;
}
// The kinds whose `text` is an offset in the texts pool.
constexpr bool holds_text(EventType t) {
  return t == EventType::hand_end || t == EventType::over || t == EventType::answered ||
         is_fair_event(t);
}
enum class By : uint8_t { human, bot, standin };
constexpr const char* kByNames[] = {"human", "bot", "stand-in"};
constexpr const char* kHolderNames[] = {"empty", "human", "away", "bot"};
// The table's own level numbers (kept in its images): 3 is standin=quickest (the first legal
// action), and expert, added after it, is 4; the ladder's rungs "1" to "5" (docs/bots.md) are
// 5 to 9.
constexpr const char* kLevelNames[] = {"random", "basic", "strong", "quickest", "expert",
                                       "1",      "2",     "3",      "4",        "5"};
constexpr uint8_t kQuickest = 3;
constexpr uint8_t kLastLevel = 9;
// A bot level of a seat or event (not quickest).
constexpr bool bot_level(uint8_t lv) {
  return lv <= kLastLevel && lv != kQuickest;
}

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
// Marks the fair-deal lines among a record's comments (no other comment holds a control byte).
constexpr const char* kFairLine = "\x01";

// An event; its sequence number is its place: first_seq + its index in the events.
struct Event {
  int64_t time = 0;
  uint64_t history = 0;  // the game's history size when it happened (record comments)
  EventType type = EventType::seat;
  int8_t seat = -1;
  uint8_t detail = 0;   // action: By; seat: SeatHolder; (level in detail2)
  uint8_t detail2 = 0;  // seat event: the bot's level
  // cards/deal: its cards are [news, news + news_count) of `bits` (as the game keeps them),
  // or of `news` when `named` (as an image held them, named). Not in the image, whose news
  // are all named.
  uint8_t news_count = 0;  // 0, 1 or players (an image's count, read as a u32, is capped)
  bool named = false;
  uint32_t text = kNone;  // action: its code (codes); hand_end/over: its JSON (texts offset)
  uint32_t text_len = 0;
  uint32_t pub = kNone;  // action: the public form, when it differs
  uint32_t pub_len = 0;
  uint32_t news = 0;
  // hand_end kept as numbers: its bytes in `results` (text is then where its JSON goes in the
  // texts, text_len 0); kNone when its JSON is in the texts. Not in the image, which holds
  // the JSON.
  uint32_t saved = kNone;
};
static_assert(sizeof(Event) == 48);

// A table's list of events (or of their actions, their cards), in chunks of kChunk items
// that never move: adding one is a comparison and a store of its own (next_ is where it
// goes), and growing allocates a chunk (out of line) and copies nothing (a std::vector's
// push_back brings its reallocation into every caller, and each reallocation copies every
// item). Copies take only the items.
template <class T>
class Pool {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static constexpr size_t kShift = 8, kChunk = size_t(1) << kShift, kMask = kChunk - 1;

 public:
  Pool() = default;
  Pool(const Pool& o) { append(o); }
  Pool& operator=(const Pool& o) {
    if (this != &o) {
      resize(0);
      append(o);
    }
    return *this;
  }
  ~Pool() {
    for (T* c : chunks_) std::free(c);
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return chunks_[i >> kShift][i & kMask]; }
  const T& operator[](size_t i) const { return chunks_[i >> kShift][i & kMask]; }
  const T& front() const { return (*this)[0]; }
  T& back() { return (*this)[size_ - 1]; }
  void clear() { resize(0); }
  void swap(Pool& o) {
    chunks_.swap(o.chunks_);
    std::swap(size_, o.size_);
    std::swap(next_, o.next_);
    std::swap(end_, o.end_);
  }
  // The first n items kept, or default items added up to n.
  void resize(size_t n) {
    while (size_ < n) add() = T{};
    size_ = n;
    place();
  }
  // A new item at the end, for the caller to write whole.
  T& add() {
    if (next_ == end_) [[unlikely]]
      grow();
    ++size_;
    return *next_++;
  }
  T& push(const T& item) { return add() = item; }
  // Takes back the last add().
  void pop() {
    --size_;
    place();
  }
  // Items [first, first + n) of `from`, added.
  void append(const Pool& from, size_t first, size_t n) {
    for (size_t i = 0; i < n; ++i) push(from[first + i]);
  }
  void append(const Pool& from) { append(from, 0, from.size()); }

 private:
  // next_ and end_ for size_: the room left in its chunk (none when it has no chunk yet).
  void place() {
    const size_t c = size_ >> kShift;
    if (c < chunks_.size()) {
      next_ = chunks_[c] + (size_ & kMask);
      end_ = chunks_[c] + kChunk;
    } else {
      next_ = end_ = nullptr;
    }
  }
  [[gnu::noinline]] void grow() {
    while (chunks_.size() <= size_ >> kShift) {
      // Raw storage: T is an implicit-lifetime type, its items made as they are assigned.
      void* c = std::malloc(kChunk * sizeof(T));
      if (!c) throw std::bad_alloc();
      try {
        chunks_.push_back(static_cast<T*>(c));
      } catch (...) {
        std::free(c);
        throw;
      }
    }
    place();
  }
  std::vector<T*> chunks_;  // items [0, size_) in order, kChunk to a chunk
  size_t size_ = 0;
  T* next_ = nullptr;  // where item size_ goes, or end_ when its chunk is to be found
  T* end_ = nullptr;
};

struct Seat {
  SeatHolder holder = SeatHolder::empty;
  uint8_t level = 0;  // bots::Level of a bot
  int64_t bank = 0;
};

uint64_t fnv1a(const uint8_t* p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

// The seed of the n-th chance event of a kind, derived from the table's seed.
uint64_t derive(uint64_t seed, uint64_t salt, uint64_t n) {
  uint64_t s = seed ^ (salt * 0x9E3779B97F4A7C15ull);
  PortableRng::splitmix64(s);
  s ^= n;
  return PortableRng::splitmix64(s);
}

// A JSON array of numbers (scores, deltas, seats).
template <class Numbers>
text::Json& numbers(text::Json& j, const Numbers& values) {
  j.begin_array();
  for (auto v : values) j.value(int64_t(v));
  return j.end_array();
}

// The same array as `numbers` writes, appended to `out` (a hand's result, written at every
// hand's end, goes straight into the table's texts).
template <class Numbers>
void append_numbers(std::string& out, const Numbers& values) {
  out += '[';
  bool first = true;
  for (auto v : values) {
    if (!first) out.append(", ", 2);
    first = false;
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, int64_t(v)).ptr;
    out.append(digits, size_t(end - digits));
  }
  out += ']';
}

bool find_level(std::string_view text, uint8_t* out) {
  for (uint8_t i = 0; i <= kLastLevel; ++i)
    if (bot_level(i) && text::iequals(text::trim(text), kLevelNames[i])) return *out = i, true;
  return false;
}

// The table's game, copied by cloning (a Table is a value), and where its state is (asked
// once: a game's state stays in place for the game's life).
struct OwnedGame {
  std::unique_ptr<Game> p;
  OwnedGame() = default;
  OwnedGame(const OwnedGame& o) { reset(o.p ? o.p->clone() : nullptr); }
  OwnedGame& operator=(const OwnedGame& o) {
    reset(o.p ? o.p->clone() : nullptr);
    return *this;
  }
  void reset(std::unique_ptr<Game> game) {
    p = std::move(game);
    state_ = p ? p->state_data() : nullptr;
    history_size_ = p ? p->history_size_address() : nullptr;
  }
  explicit operator bool() const { return p != nullptr; }
  Game* operator->() const { return p.get(); }
  Game& operator*() const { return *p; }
  const void* state() const {
    assert(state_ == p->state_data());
    return state_;
  }
  // The game's history size, read where the game keeps it (one load, not a virtual call, on
  // every action's events).
  size_t history_size() const {
    assert(*history_size_ == p->history_size());
    return *history_size_;
  }

 private:
  const void* state_ = nullptr;
  const size_t* history_size_ = nullptr;
};

}  // namespace

struct Table::Impl {
  // Configuration.
  std::string name;
  int players = 0;
  OptionList options;  // the game's, as given
  uint64_t seed = 0;
  int64_t decision_ms = 0, bank_ms = 0, bot_ms = 0, offer_ms = 3000, deal_ms = 0;
  uint8_t standin = 1;  // basic
  bool keep_all = true;
  const TableHooks* hooks = nullptr;
  // Fair deals (fair_secret): the secret never leaves the table's image.
  bool fair = false;
  std::array<uint8_t, 32> secret{};
  int64_t nonce_ms = 2000;

  // State.
  OwnedGame game;
  std::vector<Seat> seats;
  bool started = false;
  int64_t now = std::numeric_limits<int64_t>::min();  // the latest time given (min: none)
  int64_t decision_start = 0;  // when the current decision (or deal wait) began
  int64_t offer_start = -1;    // when the current offer opened, or -1
  uint64_t deals = 0, reshuffles = 0, bot_moves = 0;
  uint64_t seq = 0;
  uint64_t first_seq = 1;
  std::vector<int8_t> answers;  // per seat during an offer: -1 none, 0 decline, 1 accept
  bool any_answer = false;      // some entry of answers is not -1 (most offers get none ahead)
  // When the next move is due (next_due_ms), kept by every change (refresh_due) so that each
  // act and tick reads it rather than asking the game again; debug builds check it.
  int64_t due_at = -1;
  bool keeps_history = true;  // the game's, asked once
  // Fair deals: deal `deals + 1` is committed and waits for nonces since window_start; each
  // seat's nonce bytes (empty: none yet); the deals revealed so far.
  bool committed = false;
  int64_t window_start = 0;
  uint64_t revealed = 0;
  std::vector<std::string> nonces;

  // The game's answers to the table's questions (TableHooks::status), asked after every change
  // (refresh_due); debug builds check them against the game's own at every read of next_due.
  TableStatus status;
  // The hooks asked on every action, kept at hand (hooks->status, received, public_text).
  decltype(TableHooks::status) status_hook = nullptr;
  decltype(TableHooks::received) received_hook = nullptr;
  decltype(TableHooks::public_text) public_text_hook = nullptr;

  // Events.
  Pool<Event> events;
  std::string texts;
  Pool<ActionCode> codes;        // the actions, formatted as they render (a code is its text)
  std::vector<CardNews> news;    // the cards of events restored from an image (Event::named)
  Pool<CardBits> bits;           // the cards of the events since, as the game keeps them
  std::vector<uint8_t> results;  // the hands' results kept as numbers (Event::saved)

  // The bytes of the state the hooks compare (TableHooks::kept_size from kept_from, at the
  // same offsets), as they were before the next action: the hooks bring them up to date after
  // each action, and keep_state copies them after any other change.
  std::vector<uint64_t> kept;
  size_t kept_from = 0, kept_size = 0;

  int64_t time_now() const { return now == std::numeric_limits<int64_t>::min() ? 0 : now; }

  // --- events ---
  // A new event at the end; `history`: the game's history size now (0 without history).
  [[gnu::always_inline]] Event& push(EventType type, int seat, int64_t time, uint64_t history) {
    ++seq;
    Event& e = events.add();
    e = Event{.time = time, .history = history, .type = type, .seat = int8_t(seat)};
    return e;
  }
  Event& push(EventType type, int seat, int64_t time) {
    return push(type, seat, time, history_now());
  }
  // (0 without history: the game keeps none.)
  uint64_t history_now() const {
    assert(keeps_history || game.history_size() == 0);
    return game.history_size();
  }
  // The cards of event e's i-th news, named.
  CardNews news_of(const Event& e, uint32_t i) const {
    if (e.named) return news[e.news + i];
    CardNews out;
    hooks->name(bits[e.news + i], &out);
    return out;
  }
  uint32_t add_text(std::string_view s, uint32_t* len) {
    const auto off = uint32_t(texts.size());
    texts.append(s);
    *len = uint32_t(s.size());
    return off;
  }
  void seat_event(int seat) {
    Event& e = push(EventType::seat, seat, time_now());
    e.detail = uint8_t(seats[size_t(seat)].holder);
    e.detail2 = seats[size_t(seat)].level;
  }
  // events=deal: at a new deal, the events before the previous deal go (the previous hand's
  // stay, so that a client polling after each tick still gets how a hand ended); the pools
  // are rebuilt from the events kept, so memory stays flat.
  void clear_events_for_deal() {
    if (keep_all) return;
    size_t keep = events.size();
    for (size_t i = events.size(); i-- > 0;)
      if (events[i].type == EventType::deal) {
        keep = i;
        break;
      }
    // Fair deals: a deal's commitment and nonces stay with it.
    while (keep > 0 && (events[keep - 1].type == EventType::commit ||
                        events[keep - 1].type == EventType::nonce))
      --keep;
    if (keep == 0 || keep == events.size()) {
      if (keep == events.size()) {
        events.clear();
        texts.clear();
        codes.clear();
        news.clear();
        bits.clear();
        results.clear();
        first_seq = seq + 1;
      }
      return;
    }
    std::string kept_texts;
    std::vector<CardNews> kept_news;
    Pool<CardBits> kept_bits;
    Pool<ActionCode> kept_codes;
    std::vector<uint8_t> kept_results;
    for (size_t i = keep; i < events.size(); ++i) {
      Event e = events[i];
      auto move_text = [&](uint32_t* off, uint32_t len) {
        if (*off == kNone) return;
        const auto at = uint32_t(kept_texts.size());
        kept_texts.append(texts, *off, len);
        *off = at;
      };
      if (e.type == EventType::action) {
        kept_codes.push(codes[e.text]);
        e.text = uint32_t(kept_codes.size() - 1);
      } else if (e.type != EventType::deal) {
        move_text(&e.text, e.text_len);
      }
      move_text(&e.pub, e.pub_len);
      if (e.saved != kNone) {
        const auto at = uint32_t(kept_results.size());
        kept_results.insert(kept_results.end(), results.begin() + e.saved,
                            results.begin() + e.saved + hooks->result_size);
        e.saved = at;
      }
      if (e.news_count && e.named) {
        const auto at = uint32_t(kept_news.size());
        kept_news.insert(kept_news.end(), news.begin() + e.news,
                         news.begin() + e.news + e.news_count);
        e.news = at;
      } else if (e.news_count) {
        const auto at = uint32_t(kept_bits.size());
        kept_bits.append(bits, e.news, e.news_count);
        e.news = at;
      }
      events[i - keep] = e;
    }
    events.resize(events.size() - keep);
    texts.swap(kept_texts);
    news.swap(kept_news);
    bits.swap(kept_bits);
    codes.swap(kept_codes);
    results.swap(kept_results);
    first_seq += keep;
  }

  // --- offers (T6) ---
  // True when the seat to act decides on an offer several seats may answer at once.
  bool is_offer(const Game& g) const {
    return hooks && hooks->offering && hooks->offering(g.state_data());
  }
  bool in_offer() const { return offer_start >= 0; }
  // Every seat's answer back to none, as an offer opens or closes.
  void clear_answers() {
#ifndef NDEBUG
    if (!any_answer && std::find_if(answers.begin(), answers.end(),
                                    [](int8_t a) { return a >= 0; }) != answers.end()) {
      std::fprintf(stderr, "deckhand: table's offer answers kept without any_answer\n");
      std::abort();
    }
#endif
    if (!any_answer) return;
    std::fill(answers.begin(), answers.end(), int8_t(-1));
    any_answer = false;
  }
  // The seats that may still answer the open offer, in the rules' order.
  std::vector<int> offer_seats() const {
    std::vector<int> out;
    if (!in_offer()) return out;
    auto probe = game->clone_without_history();
    while (is_offer(*probe)) {
      const int s = probe->to_act();
      if (answers[size_t(s)] < 0) out.push_back(s);
      ActionCode decline = decline_of(*probe);
      if (probe->apply(decline, nullptr) != Reason::ok) break;
    }
    return out;
  }
  ActionCode action_of_kind(const Game& g, int kind) const {
    ActionCode acts[3];
    const size_t n = g.legal_actions(acts, 3);
    for (size_t i = 0; i < n && i < 3; ++i)
      if (acts[i].kind == kind) return acts[i];
    return acts[0];
  }
  ActionCode decline_of(const Game& g) const {
    return action_of_kind(g, hooks->offer_decline_kind);
  }

  // --- the clock ---
  bool moves_for_itself(int seat) const {
    const SeatHolder h = seats[size_t(seat)].holder;
    return h == SeatHolder::bot || h == SeatHolder::away;
  }
  int64_t deadline() const {
    const int s = game->to_act();
    if (!started || s < 0 || moves_for_itself(s)) return -1;
    return deadline_of(s);
  }
  // The deadline of `s`, to act and a human (deadline()).
  int64_t deadline_of(int s) const {
    if (in_offer()) return std::max(decision_start, offer_start + offer_ms);
    if (decision_ms == 0) return -1;
    return decision_start + decision_ms + seats[size_t(s)].bank;
  }
  // The time the next move is due, as kept; debug builds check that every change kept it.
  int64_t next_due() const {
#ifndef NDEBUG
    if (due_at != compute_due()) {
      std::fprintf(stderr, "deckhand: table's cached next due time %lld, recomputed %lld\n",
                   static_cast<long long>(due_at), static_cast<long long>(compute_due()));
      std::abort();
    }
#endif
    return due_at;
  }
  // After every change: the game's answers and the next move due.
  void refresh_due() {
    refresh_status();
    due_at = compute_due();
  }
  // The game's answers into `status`, in one call to its hook where it has one.
  void refresh_status() {
    if (status_hook) [[likely]]
      status_hook(game.state(), &status);
    else
      status = status_in_full();
  }
  // The same, asked of the game question by question.
  TableStatus status_in_full() const {
    TableStatus st;
    st.to_act = int8_t(game->to_act());
    st.over = game->over();
    st.awaiting_deal = game->awaiting_deal();
    st.needs_reshuffle = game->needs_reshuffle();
    st.offering = is_offer(*game);
    st.hands_scored = game->hands_scored();
    return st;
  }
  // Debug builds: the kept status is the game's answers.
  void check_status() const {
#ifndef NDEBUG
    if (!(status == status_in_full())) {
      std::fprintf(stderr, "deckhand: table's kept game status differs from the game's\n");
      std::abort();
    }
#endif
  }
  // From the game's answers as kept (a seat to act means a game neither over nor awaiting a
  // deal); debug builds check the answers against the game's own, and the time against one
  // computed asking the game every question in order.
  [[gnu::always_inline]] int64_t compute_due() const {
    if (started) return due_when_started();
    check_status();
    return -1;
  }
  // The same for a started table (every change that opens a decision: an action, a deal or a
  // reshuffle, each made only once the table has started).
  [[gnu::always_inline]] int64_t due_when_started() const {
    assert(started);
    check_status();
    const int s = status.to_act;
    const int64_t due = s >= 0 ? due_of_seat(s) : due_of_no_seat();
#ifndef NDEBUG
    if (due != compute_due_in_full()) {
      std::fprintf(stderr, "deckhand: table's next due time %lld, in full %lld\n",
                   static_cast<long long>(due), static_cast<long long>(compute_due_in_full()));
      std::abort();
    }
#endif
    return due;
  }
  // Seat s is to act.
  [[gnu::always_inline]] int64_t due_of_seat(int s) const {
    if (status.needs_reshuffle) return decision_start;
    if (in_offer() && answers[size_t(s)] >= 0) return decision_start;
    // A bot answers an offer as it opens (within its window, whatever its thinking delay), but
    // its answer takes effect in its turn, not before.
    if (moves_for_itself(s))
      return std::max(decision_start, in_offer() ? offer_start + std::min(bot_ms, offer_ms)
                                                 : decision_start + bot_ms);
    return deadline_of(s);
  }
  // No seat is to act: over, or a deal or reshuffle to make.
  int64_t due_of_no_seat() const {
    if (status.over) return -1;
    if (status.awaiting_deal) {
      // Fair deals: the commitment is due after the pause, the deal once every human seat has
      // sent its nonce (at the last one's time) or the window ends.
      if (committed) return all_nonces_in() ? decision_start : window_start + nonce_ms;
      return decision_start + deal_ms;
    }
    if (status.needs_reshuffle) return decision_start;
    return -1;
  }
#ifndef NDEBUG
  // The same, asking the game every question in the order of precedence.
  int64_t compute_due_in_full() const {
    if (!started || game->over()) return -1;
    if (game->awaiting_deal())
      return committed ? (all_nonces_in() ? decision_start : window_start + nonce_ms)
                       : decision_start + deal_ms;
    if (game->needs_reshuffle()) return decision_start;
    const int s = game->to_act();
    return s < 0 ? -1 : due_of_seat(s);
  }
#endif

  // --- fair deals ---
  uint64_t fair_base(uint64_t k) const {
    return detail::digest_le64(detail::fair_derive(secret.data(), "seed", k));
  }
  detail::Digest fair_salt(uint64_t k) const {
    return detail::fair_derive(secret.data(), "salt", k);
  }
  // Deal k's commitment, as hex: SHA-256 of its salt and base seed.
  std::string commitment_hex(uint64_t k) const {
    return detail::to_hex(detail::fair_commitment(fair_base(k), fair_salt(k)));
  }
  bool all_nonces_in() const {
    for (int s = 0; s < players; ++s) {
      const SeatHolder h = seats[size_t(s)].holder;
      if ((h == SeatHolder::human || h == SeatHolder::away) && nonces[size_t(s)].empty())
        return false;
    }
    return true;
  }
  void fair_event(EventType type, int seat, int64_t t, std::string_view text) {
    Event& e = push(type, seat, t);
    e.text = add_text(text, &e.text_len);
  }
  // Deal `deals + 1` is due: publish its commitment and open the window for nonces.
  void commit(int64_t t) {
    const uint64_t k = deals + 1;
    fair_event(EventType::commit, -1, t, std::to_string(k) + " " + commitment_hex(k));
    committed = true;
    window_start = decision_start = t;
    for (std::string& n : nonces) n.clear();
    refresh_due();
  }
  // The seed of deal `deals + 1`: d_k from s_k and the nonces sent.
  uint64_t fair_seed() const {
    std::vector<std::pair<int, std::string>> sent;
    for (int s = 0; s < players; ++s)
      if (!nonces[size_t(s)].empty()) sent.emplace_back(s, nonces[size_t(s)]);
    return detail::fair_deal_seed(fair_base(deals + 1), sent);
  }
  // After an action: once deal k's hand is over (scored, thrown in, or the game over), its
  // base seed and salt are published.
  void maybe_reveal(int64_t t) {
    if (!fair || revealed >= deals || !(game->awaiting_deal() || game->over())) return;
    const uint64_t k = deals;
    fair_event(EventType::reveal, -1, t,
               std::to_string(k) + " " + std::to_string(fair_base(k)) + " " +
                   detail::to_hex(fair_salt(k)));
    revealed = k;
  }

  // --- changes ---
  Reason deal(int64_t t, Error* err) {
    const Reason r = game->deal_seed(fair ? fair_seed() : derive(seed, 1, deals), err);
    if (r != Reason::ok) return r;
    ++deals;
    if (fair) {
      committed = false;
      for (std::string& n : nonces) n.clear();
    }
    clear_events_for_deal();
    keep_state();
    Event& e = push(EventType::deal, -1, t);
    e.text = uint32_t(deals);
    if (hooks) {
      e.news = uint32_t(bits.size());
      for (int s = 0; s < players; ++s) hooks->hand(game.state(), s, &bits.push(CardBits{}));
      e.news_count = uint8_t(players);
    }
    refresh_status();
    opened(t);
    return Reason::ok;
  }
  // After any change at time t, the game's answers asked: a new decision begins.
  [[gnu::always_inline]] void opened(int64_t t) {
    decision_start = t;
    if (status.offering != in_offer()) {
      offer_start = status.offering ? t : -1;
      clear_answers();
    }
    due_at = due_when_started();
  }
  // After a change that was not an action (a deal, a reshuffle, another game): the bytes the
  // hooks compare, copied from the state.
  void keep_state() {
    if (hooks)
      std::memcpy(reinterpret_cast<char*>(kept.data()) + kept_from,
                  static_cast<const char*>(game.state()) + kept_from, kept_size);
  }
#ifndef NDEBUG
  // Debug builds: the kept bytes are the state's after every change.
  void check_kept() const {
    if (hooks && std::memcmp(reinterpret_cast<const char*>(kept.data()) + kept_from,
                             static_cast<const char*>(game.state()) + kept_from, kept_size) != 0) {
      std::fprintf(stderr,
                   "deckhand: the table's kept bytes of the state differ from the game's\n");
      std::abort();
    }
  }
#endif
  // Applies `code` for its seat at time t, with the events every seat is told.
  Reason apply(const ActionCode& code, By by, int64_t t, Error* err) {
    const uint32_t scored = status.hands_scored;
    const Reason r = game->apply(code, err);
    if (r != Reason::ok) return r;
    return applied(codes.push(code), by, t, scored);
  }
  // A human's action text, parsed and applied in one call to the game (inlined into its one
  // caller, Table::act: one frame for the common path).
  [[gnu::always_inline]] Reason apply_text(int seat, std::string_view action, int64_t t,
                                           Error* err) {
    const uint32_t scored = status.hands_scored;
    ActionCode& code = codes.add();  // the game writes the action's code in its place
    Reason r;
    try {
      r = game->apply_text_code(seat, action, &code, err);
    } catch (...) {
      codes.pop();
      throw;
    }
    if (r != Reason::ok) {
      codes.pop();
      return r;
    }
    return applied(code, By::human, t, scored);
  }
  // After `code` (the last of `codes`) was applied at time t: the events every seat is told.
  // (Inlined into both callers: a human's action is the common path.)
  [[gnu::always_inline]] Reason applied(const ActionCode& code, By by, int64_t t, uint32_t scored) {
    const int actor = code.seat;
    if (by == By::human && decision_ms > 0 && !in_offer()) {
      const int64_t used = t - decision_start - decision_ms;
      if (used > 0)
        seats[size_t(actor)].bank = std::max<int64_t>(0, seats[size_t(actor)].bank - used);
    }
    const uint64_t history = history_now();  // every event of this action's
    Event& e = push(EventType::action, actor, t, history);
    e.detail = uint8_t(by);
    e.text = uint32_t(codes.size() - 1);
    if (received_hook) {  // the game has hooks
      if (public_text_hook) {
        char pub[TableHooks::kPublicTextMax];
        if (const size_t n = public_text_hook(game.state(), code, pub); n > 0) {
          Event& back = events.back();
          back.pub = add_text(std::string_view(pub, n), &back.pub_len);
        }
      }
      CardBits got[2];
      const int n = received_hook(kept.data(), game.state(), code, got, &status);
      for (int i = 0; i < n; ++i) {
        Event& c = push(EventType::cards, got[i].seat, t, history);
        c.news = uint32_t(bits.size());
        c.news_count = 1;
        bits.push(got[i]);
      }
#ifndef NDEBUG
      check_kept();
#endif
    } else {
      refresh_status();
    }
    if (status.hands_scored != scored) {
      Event& h = push(EventType::hand_end, -1, t, history);
      if (hooks && hooks->save_result) {
        // Kept as the numbers it is made of, written as JSON when asked for.
        h.text = uint32_t(texts.size());
        h.saved = uint32_t(results.size());
        results.resize(results.size() + hooks->result_size);
        hooks->save_result(game.state(), results.data() + h.saved);
#ifndef NDEBUG
        std::string now_json, saved_json;
        hand_json(game->last_hand_json(), game->last_deltas(), game->scores(), &now_json);
        hand_body(h, &saved_json);
        if (now_json != saved_json) {
          std::fprintf(stderr, "deckhand: table's saved hand result %s, the game's %s\n",
                       saved_json.c_str(), now_json.c_str());
          std::abort();
        }
#endif
      } else {
        const size_t at = texts.size();
        hand_json(game->last_hand_json(), game->last_deltas(), game->scores(), &texts);
        h.text = uint32_t(at);
        h.text_len = uint32_t(texts.size() - at);
      }
    }
    if (fair) maybe_reveal(t);
    if (status.over) {
      text::Json j;
      numbers(j.begin_object().key("scores"), game->scores());
      numbers(j.key("winners"), game->winners()).end_object();
      Event& o = push(EventType::over, -1, t, history);
      o.text = add_text(j.str(), &o.text_len);
    }
    opened(t);
    return Reason::ok;
  }
  // The move a bot or stand-in of `level` makes for the seat to act.
  Reason bot_move(uint8_t level, By by, int64_t t, Error* err) {
    const int s = game->to_act();
    ActionCode code;
    if (level == kQuickest) {
      // legal_actions writes nothing when the actions exceed cap: ask for all of them
      std::vector<ActionCode> legal(game->legal_actions(nullptr, 0));
      if (legal.empty() || game->legal_actions(legal.data(), legal.size()) != legal.size())
        return fail(err, Reason::internal_error, "seat %d has no legal action", s);
      code = legal[0];
    } else {
      auto bot = bots::make_bot(name, kLevelNames[level], derive(seed, 2, bot_moves), {}, err);
      if (!bot) return Reason::internal_error;
      const Reason r = bot->choose(*game, s, &code, err);
      if (r != Reason::ok) return r;
    }
    ++bot_moves;
    return apply(code, by, t, err);
  }
  // Makes the one move due at time t.
  Reason due_move(int64_t t, Error* err) {
    if (game->awaiting_deal()) {
      if (fair && !committed) return commit(t), Reason::ok;
      return deal(t, err);
    }
    if (game->needs_reshuffle()) {
      const Reason r = game->reshuffle_seed(derive(seed, 3, reshuffles), err);
      if (r != Reason::ok) return r;
      ++reshuffles;
      keep_state();
      push(EventType::reshuffle, -1, t);
      refresh_status();
      opened(t);
      return Reason::ok;
    }
    const int s = game->to_act();
    const Seat& seat = seats[size_t(s)];
    if (in_offer() && answers[size_t(s)] >= 0) {
      const ActionCode code = action_of_kind(
          *game, answers[size_t(s)] ? hooks->offer_accept_kind : hooks->offer_decline_kind);
      return apply(code, By::human, t, err);
    }
    if (seat.holder == SeatHolder::bot) return bot_move(seat.level, By::bot, t, err);
    if (seat.holder == SeatHolder::away) return bot_move(standin, By::standin, t, err);
    // A human's time ran out: the stand-in moves (an unanswered offer is declined).
    push(EventType::timeout, s, t);
    if (in_offer()) return apply(decline_of(*game), By::standin, t, err);
    seats[size_t(s)].bank = 0;
    return bot_move(standin, By::standin, t, err);
  }
  // The moves due by `until`, in order; most calls find none (a cached time compared).
  Reason run_due(int64_t until, Error* err) {
    const int64_t due = next_due();
    return due < 0 || due > until ? Reason::ok : run_due_moves(until, err);
  }
  Reason run_due_moves(int64_t until, Error* err) {
    for (;;) {
      const int64_t due = next_due();
      if (due < 0 || due > until) return Reason::ok;
      // A move overdue since before the last change (a seat that leaves an open offer: the
      // offer keeps its clock) happens at that change, not before it: events go forward.
      const int64_t at = events.empty() ? due : std::max(due, events.back().time);
      const Reason r = due_move(at, err);
      if (r != Reason::ok) {
        refresh_due();  // a move that failed part-way may have spent a bank
        return r;
      }
    }
  }
  void maybe_start() {
    if (started) return;
    for (const Seat& s : seats)
      if (s.holder == SeatHolder::empty) return;
    started = true;
    decision_start = time_now();
  }
  // A seat's holder changed (and the table may have started).
  void seated(int seat) {
    seat_event(seat);
    maybe_start();
    refresh_due();
  }
  Reason check_time(int64_t t, Error* err) const {
    if (t < now)
      return fail(err, Reason::time_backwards, "time %lld is before %lld, a time given before",
                  static_cast<long long>(t), static_cast<long long>(now));
    return Reason::ok;
  }
  Reason check_seat(int seat, Error* err) const {
    if (unsigned(seat) >= unsigned(players))  // below 0 too
      return fail(err, Reason::bad_seat, "seat %d: this table has seats 0 to %d", seat,
                  players - 1);
    return Reason::ok;
  }

  // --- rendering ---
  std::string_view text_at(uint32_t off, uint32_t len) const {
    return std::string_view(texts).substr(off, len);
  }
  // {"result": R, "deltas": [..], "scores": [..]}, as text::Json writes it, appended to out.
  static void hand_json(std::string_view result, const std::vector<int64_t>& deltas,
                        const std::vector<int64_t>& scores, std::string* out) {
    out->append("{\"result\": ");
    out->append(result);
    out->append(", \"deltas\": ");
    append_numbers(*out, deltas);
    out->append(", \"scores\": ");
    append_numbers(*out, scores);
    *out += '}';
  }
  // A hand_end's JSON object, from the texts or written from its saved numbers.
  void hand_body(const Event& e, std::string* out) const {
    if (e.saved == kNone) {
      out->append(text_at(e.text, e.text_len));
      return;
    }
    std::string result;
    const size_t n = static_cast<size_t>(players);
    std::vector<int64_t> deltas(n), scores(n);
    hooks->hand_result(results.data() + e.saved, players, &result, deltas.data(), scores.data());
    hand_json(result, deltas, scores, out);
  }
  // Event e, whose sequence number is `number`, as `viewer` sees it.
  std::string render(const Event& e, uint64_t number, int viewer) const {
    text::Json j;
    j.begin_object().key("seq").value(int64_t(number)).key("time_ms").value(e.time);
    j.key("type").value(kEventNames[size_t(e.type)]);
    auto cards = [&](const CardNews& n) {
      j.begin_array();
      for (std::string_view c :
           text::split_words(std::string_view(n.cards, strnlen(n.cards, sizeof n.cards))))
        j.value(c);
      j.end_array();
    };
    switch (e.type) {
      case EventType::seat:
        j.key("seat").value(int(e.seat)).key("holder").value(kHolderNames[e.detail]);
        if (SeatHolder(e.detail) == SeatHolder::bot) j.key("level").value(kLevelNames[e.detail2]);
        break;
      case EventType::deal:
        j.key("deal").value(int64_t(e.text));
        if (viewer >= 0 && uint32_t(viewer) < e.news_count) {
          j.key("hand");
          cards(news_of(e, uint32_t(viewer)));
        }
        break;
      case EventType::action:
        j.key("seat").value(int(e.seat)).key("action");
        if (e.pub != kNone && viewer != e.seat)
          j.value(text_at(e.pub, e.pub_len));
        else
          j.value(game->format_action(codes[e.text]));
        j.key("by").value(kByNames[e.detail]);
        break;
      case EventType::cards: {
        const CardNews n = news_of(e, 0);
        j.key("seat").value(int(e.seat)).key("count").value(int(n.count));
        if (viewer == e.seat) {
          j.key("cards");
          cards(n);
        }
        break;
      }
      case EventType::timeout:
        j.key("seat").value(int(e.seat));
        break;
      case EventType::reshuffle:
        break;
      case EventType::answered:
        j.key("seat").value(int(e.seat));
        if (viewer == e.seat) j.key("action").value(text_at(e.text, e.text_len));
        break;
      case EventType::commit:
      case EventType::nonce:
      case EventType::reveal: {
        const auto w = text::split_words(text_at(e.text, e.text_len));
        if (e.type == EventType::nonce) {
          j.key("seat").value(int(e.seat)).key("nonce").value(w[0]);
        } else if (e.type == EventType::commit) {
          j.key("deal").raw(w[0]).key("commitment").value(w[1]);
        } else {
          j.key("deal").raw(w[0]).key("seed").value(w[1]).key("salt").value(w[2]);
        }
        break;
      }
      case EventType::hand_end:
      case EventType::over: {
        // The stored JSON object's members, spliced into the event.
        std::string body;
        hand_body(e, &body);
        std::string out = j.take();
        out += ", ";
        out.append(std::string_view(body).substr(1));
        return out;
      }
    }
    j.end_object();
    return j.take();
  }
};

std::span<const TableOptionSpec> table_option_specs() {
  return kTableOptions;
}

const char* seat_holder_name(SeatHolder h) {
  return uint8_t(h) < 4 ? kHolderNames[uint8_t(h)] : "unknown";
}

Table::Table(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Table::~Table() = default;
Table::Table(const Table& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Table& Table::operator=(const Table& other) {
  if (this != &other) impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}

std::unique_ptr<Table> Table::create(std::string_view name, int players, const OptionList& options,
                                     const OptionList& table_options, uint64_t seed, Error* err) {
  auto impl = std::make_unique<Impl>();
  for (const auto& [key, value] : table_options) {
    const std::string_view k = text::trim(key), v = text::trim(value);
    const TableOptionSpec* spec = nullptr;
    for (const TableOptionSpec& s : kTableOptions)
      if (text::iequals(k, s.name)) spec = &s;
    if (!spec) {
      fail(err, Reason::bad_option,
           "no table option %s (decision_ms, bank_ms, bot_ms, offer_ms, "
           "deal_ms, standin, events, fair_secret, nonce_ms)",
           text::quote(key).c_str());
      return nullptr;
    }
    const std::string_view n = spec->name;
    if (n == "standin") {
      if (text::iequals(v, "quickest")) {
        impl->standin = kQuickest;
      } else if (!find_level(v, &impl->standin)) {
        fail(err, Reason::bad_option,
             "standin=%s: random, basic, strong, expert, 1 to 5 or quickest",
             text::quote(value).c_str());
        return nullptr;
      }
      continue;
    }
    if (n == "fair_secret") {
      std::string bytes;
      if (v.size() != 64 || !detail::from_hex(v, &bytes)) {
        fail(err, Reason::bad_option, "fair_secret=%s: exactly 64 hex digits (32 bytes)",
             text::quote(value).c_str());
        return nullptr;
      }
      std::memcpy(impl->secret.data(), bytes.data(), 32);
      impl->fair = true;
      continue;
    }
    if (n == "events") {
      if (text::iequals(v, "all") || text::iequals(v, "deal")) {
        impl->keep_all = text::iequals(v, "all");
        continue;
      }
      fail(err, Reason::bad_option, "events=%s: all or deal", text::quote(value).c_str());
      return nullptr;
    }
    const int64_t hi = n == "decision_ms" || n == "bank_ms" ? 86400000 : 600000;
    int64_t parsed = 0;
    if (!text::parse_int(v, 0, hi, &parsed)) {
      fail(err, Reason::bad_option, "%s=%s: a whole number of milliseconds, 0 to %lld", spec->name,
           text::quote(value).c_str(), static_cast<long long>(hi));
      return nullptr;
    }
    int64_t* field = n == "decision_ms" ? &impl->decision_ms
                     : n == "bank_ms"   ? &impl->bank_ms
                     : n == "bot_ms"    ? &impl->bot_ms
                     : n == "offer_ms"  ? &impl->offer_ms
                     : n == "nonce_ms"  ? &impl->nonce_ms
                                        : &impl->deal_ms;
    *field = parsed;
  }
  impl->game.reset(make_game(name, options, players, 0, err));
  if (!impl->game) return nullptr;
  impl->keeps_history = impl->game->keeps_history();
  if (!impl->keeps_history) impl->keep_all = false;
  const GameDescriptor* d = find_game(impl->game->name());
  impl->hooks = d && d->extensions ? d->extensions->table : nullptr;
  if (impl->hooks) {
    impl->status_hook = impl->hooks->status;
    impl->received_hook = impl->hooks->received;
    impl->public_text_hook = impl->hooks->public_text;
  }
  if (const TableHooks* h = impl->hooks) {
    impl->kept.resize((h->state_size + 7) / 8);
    impl->kept_from = h->kept_size ? h->kept_offset : 0;
    impl->kept_size = h->kept_size ? h->kept_size : h->state_size;
  }
  impl->name = impl->game->name();
  impl->players = impl->game->players();
  impl->options = options;
  impl->seed = seed;
  impl->seats.resize(size_t(impl->players));
  for (Seat& s : impl->seats) s.bank = impl->bank_ms;
  impl->answers.assign(size_t(impl->players), -1);
  impl->nonces.resize(size_t(impl->players));
  impl->keep_state();
  impl->refresh_due();
  return std::unique_ptr<Table>(new Table(std::move(impl)));
}

Reason Table::seat_human(int seat, Error* err) {
  Impl& t = *impl_;
  if (Reason r = t.check_seat(seat, err); r != Reason::ok) return r;
  Seat& s = t.seats[size_t(seat)];
  if (s.holder == SeatHolder::human || s.holder == SeatHolder::bot)
    return fail(err, Reason::seat_taken, "seat %d is held by a %s", seat,
                kHolderNames[uint8_t(s.holder)]);
  s.holder = SeatHolder::human;
  t.seated(seat);
  return Reason::ok;
}

Reason Table::seat_bot(int seat, std::string_view level, Error* err) {
  Impl& t = *impl_;
  if (Reason r = t.check_seat(seat, err); r != Reason::ok) return r;
  uint8_t lv = 0;
  if (!find_level(level, &lv))
    return fail(err, Reason::bad_option, "bot level %s: random, basic, strong or expert",
                text::quote(level).c_str());
  Seat& s = t.seats[size_t(seat)];
  if (s.holder == SeatHolder::human || s.holder == SeatHolder::bot)
    return fail(err, Reason::seat_taken, "seat %d is held by a %s", seat,
                kHolderNames[uint8_t(s.holder)]);
  s.holder = SeatHolder::bot;
  s.level = lv;
  // Fair deals: a bot sends no nonce; the deal may be due now, not before this change.
  if (t.committed) t.decision_start = std::max(t.decision_start, t.time_now());
  t.seated(seat);
  return Reason::ok;
}

Reason Table::leave(int seat, int64_t now_ms, Error* err) {
  Impl& t = *impl_;
  if (Reason r = t.check_seat(seat, err); r != Reason::ok) return r;
  if (Reason r = t.check_time(now_ms, err); r != Reason::ok) return r;
  if (t.seats[size_t(seat)].holder != SeatHolder::human)
    return fail(err, Reason::not_seated, "no human holds seat %d (it is %s)", seat,
                kHolderNames[uint8_t(t.seats[size_t(seat)].holder)]);
  t.now = now_ms;
  if (Reason r = t.run_due(now_ms, err); r != Reason::ok) return r;
  t.seats[size_t(seat)].holder = SeatHolder::away;
  t.seat_event(seat);
  // The stand-in's delay runs from now, not from when the decision began.
  if (t.started && t.game->to_act() == seat && !t.in_offer()) t.decision_start = now_ms;
  t.refresh_due();
  return Reason::ok;
}

Reason Table::act(int seat, std::string_view action, int64_t now_ms, Error* err) {
  Impl& t = *impl_;
  if (Reason r = t.check_seat(seat, err); r != Reason::ok) return r;
  if (Reason r = t.check_time(now_ms, err); r != Reason::ok) return r;
  if (t.seats[size_t(seat)].holder != SeatHolder::human)
    return fail(err, Reason::not_seated, "no human holds seat %d (it is %s)", seat,
                kHolderNames[uint8_t(t.seats[size_t(seat)].holder)]);
  if (!t.started)
    return fail(err, Reason::not_started, "the table waits for every seat to be held");
  // The moves due by now come first (a refusal leaves the table as tick(now_ms) would).
  t.now = now_ms;
  if (Reason r = t.run_due(now_ms, err); r != Reason::ok) return r;
  if (t.in_offer() && t.status.to_act != seat) {  // the status is kept after every change
    if (t.answers[size_t(seat)] >= 0)
      return fail(err, Reason::wrong_phase, "seat %d has answered this offer already", seat);
    const std::vector<int> may = t.offer_seats();
    if (std::find(may.begin(), may.end(), seat) != may.end()) {
      // An answer ahead of the seats before it, kept until they have answered.
      const std::vector<std::string> answers = legal_actions_text(seat);  // accept, decline
      for (size_t i = 0; i < answers.size(); ++i)
        if (text::iequals(text::trim(action), answers[i])) {
          t.answers[size_t(seat)] = int8_t(i == 0);
          t.any_answer = true;
          // A change of the table (the seat leaves may_act, its image holds the answer), so it
          // gets a seq like every change: a host saving each seq keeps the answer.
          Event& e = t.push(EventType::answered, seat, now_ms);
          e.text = t.add_text(answers[i], &e.text_len);
          t.refresh_due();
          return t.run_due(now_ms, err);
        }
      return fail(err, Reason::wrong_phase, "seat %d may only answer the offer now: %s or %s", seat,
                  answers[0].c_str(), answers[1].c_str());
    }
  }
  if (Reason r = t.apply_text(seat, action, now_ms, err); r != Reason::ok) return r;
  return t.run_due(now_ms, err);
}

Reason Table::nonce(int seat, std::string_view hex, int64_t now_ms, Error* err) {
  Impl& t = *impl_;
  if (Reason r = t.check_seat(seat, err); r != Reason::ok) return r;
  if (Reason r = t.check_time(now_ms, err); r != Reason::ok) return r;
  std::string bytes;
  if (hex.size() < 2 * detail::kNonceMinBytes || hex.size() > 2 * detail::kNonceMaxBytes ||
      !detail::from_hex(hex, &bytes))
    return fail(err, Reason::malformed_action, "nonce %s: an even number of hex digits, 16 to 128",
                text::quote(hex).c_str());
  const SeatHolder h = t.seats[size_t(seat)].holder;
  if (h != SeatHolder::human && h != SeatHolder::away)
    return fail(err, Reason::not_seated, "no human holds seat %d (it is %s)", seat,
                kHolderNames[uint8_t(h)]);
  if (!t.fair)
    return fail(err, Reason::wrong_phase, "this table has no fair_secret: it takes no nonces");
  if (!t.started)
    return fail(err, Reason::not_started, "the table waits for every seat to be held");
  // The moves due by now come first: the window may have closed.
  t.now = now_ms;
  if (Reason r = t.run_due(now_ms, err); r != Reason::ok) return r;
  if (!t.committed)
    return fail(err, Reason::wrong_phase,
                "no deal is waiting for nonces now (the window is %lld ms)",
                static_cast<long long>(t.nonce_ms));
  if (!t.nonces[size_t(seat)].empty())
    return fail(err, Reason::wrong_phase, "seat %d has sent its nonce for deal %llu already", seat,
                static_cast<unsigned long long>(t.deals + 1));
  t.fair_event(EventType::nonce, seat, now_ms,
               detail::to_hex(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  t.nonces[size_t(seat)] = std::move(bytes);
  t.decision_start = now_ms;
  t.refresh_due();
  return t.run_due(now_ms, err);
}

Reason Table::tick(int64_t now_ms, Error* err) {
  Impl& t = *impl_;
  if (Reason r = t.check_time(now_ms, err); r != Reason::ok) return r;
  t.now = now_ms;
  return t.run_due(now_ms, err);
}

const Game& Table::game() const {
  return *impl_->game;
}
int Table::players() const {
  return impl_->players;
}
SeatHolder Table::holder(int seat) const {
  return seat >= 0 && seat < impl_->players ? impl_->seats[size_t(seat)].holder : SeatHolder::empty;
}
bool Table::started() const {
  return impl_->started;
}
int Table::to_act() const {
  return impl_->started ? impl_->game->to_act() : -1;
}
std::vector<int> Table::may_act() const {
  if (!impl_->started || impl_->game->to_act() < 0) return {};
  if (impl_->in_offer()) return impl_->offer_seats();
  return {impl_->game->to_act()};
}
std::vector<std::string> Table::legal_actions_text(int seat) const {
  std::vector<std::string> out;
  const std::vector<int> may = may_act();
  if (std::find(may.begin(), may.end(), seat) == may.end()) return out;
  const Game& g = *impl_->game;
  if (g.to_act() == seat) {
    std::vector<ActionCode> acts(g.legal_actions(nullptr, 0));
    acts.resize(g.legal_actions(acts.data(), acts.size()));
    for (const ActionCode& a : acts) out.push_back(g.format_action(a));
    return out;
  }
  // A later seat of an open offer: accept or decline.
  for (int kind : {impl_->hooks->offer_accept_kind, impl_->hooks->offer_decline_kind}) {
    ActionCode a = impl_->action_of_kind(g, kind);
    a.seat = uint8_t(seat);
    out.push_back(g.format_action(a));
  }
  return out;
}

int64_t Table::next_due_ms() const {
  return impl_->next_due();
}
int64_t Table::deadline_ms() const {
  return impl_->deadline();
}
int64_t Table::bank_ms(int seat) const {
  return seat >= 0 && seat < impl_->players ? impl_->seats[size_t(seat)].bank : 0;
}
int64_t Table::now_ms() const {
  return impl_->time_now();
}
bool Table::is_over() const {
  return impl_->game->over();
}
std::vector<int64_t> Table::scores() const {
  return impl_->game->scores();
}
uint64_t Table::seq() const {
  return impl_->seq;
}
uint64_t Table::first_seq() const {
  return impl_->first_seq;
}

Reason Table::events_json(int seat, uint64_t since, std::string* out, Error* err) const {
  const Impl& t = *impl_;
  if (seat < -1 || seat >= t.players)
    return fail(err, Reason::bad_seat, "seat %d: this table has seats 0 to %d, or -1", seat,
                t.players - 1);
  if (since + 1 < t.first_seq)
    return fail(err, Reason::events_dropped,
                "events after %llu are no longer kept (the oldest kept is %llu): take a snapshot",
                static_cast<unsigned long long>(since),
                static_cast<unsigned long long>(t.first_seq));
  text::Json j;
  j.begin_array();
  const size_t first = since < t.first_seq ? 0 : size_t(since + 1 - t.first_seq);
  for (size_t i = first; i < t.events.size(); ++i)
    j.raw(t.render(t.events[i], t.first_seq + i, seat));
  j.end_array();
  *out = j.take();
  return Reason::ok;
}

Reason Table::snapshot_json(int seat, std::string* out, Error* err) const {
  const Impl& t = *impl_;
  if (seat < -1 || seat >= t.players)
    return fail(err, Reason::bad_seat, "seat %d: this table has seats 0 to %d, or -1", seat,
                t.players - 1);
  text::Json j;
  j.begin_object().key("seq").value(int64_t(t.seq)).key("view").raw(t.game->view_json(seat));
  j.key("table").begin_object().key("players").value(t.players).key("seats").begin_array();
  for (const Seat& s : t.seats) {
    j.begin_object().key("holder").value(kHolderNames[uint8_t(s.holder)]).key("level");
    if (s.holder == SeatHolder::bot)
      j.value(kLevelNames[s.level]);
    else
      j.null();
    j.key("bank_ms").value(s.bank).end_object();
  }
  j.end_array().key("started").value(t.started).key("to_act").value(to_act());
  numbers(j.key("may_act"), may_act());
  j.key("deadline_ms").value(deadline_ms()).key("next_due_ms").value(next_due_ms());
  j.key("now_ms").value(t.time_now()).key("over").value(t.game->over());
  numbers(j.key("scores"), t.game->scores());
  if (t.fair) {
    // Fair deals: the open window for nonces, so that a client that reconnects may send one.
    j.key("nonce_window");
    if (t.committed) {
      const uint64_t k = t.deals + 1;
      j.begin_object().key("deal").value(int64_t(k)).key("commitment").value(t.commitment_hex(k));
      j.key("ends_ms").value(t.window_start + t.nonce_ms).key("sent").begin_array();
      for (int s = 0; s < t.players; ++s)
        if (!t.nonces[size_t(s)].empty()) j.value(s);
      j.end_array().end_object();
    } else {
      j.null();
    }
    // The commitment of the deal in play, until its reveal: a client that joins or reconnects
    // after the `commit` event can still check the reveal against it.
    j.key("deal_commitment");
    if (t.deals > t.revealed) {
      j.begin_object().key("deal").value(int64_t(t.deals)).key("commitment");
      j.value(t.commitment_hex(t.deals)).end_object();
    } else {
      j.null();
    }
  }
  j.end_object().end_object();
  *out = j.take();
  return Reason::ok;
}

Reason Table::write_record(std::string* out, Error* err) const {
  const Impl& t = *impl_;
  std::vector<std::pair<size_t, std::string>> comments;
  for (size_t i = 0; i < t.events.size(); ++i) {
    const Event& e = t.events[i];
    std::string c;
    if (e.type == EventType::seat) {
      c = "table: seat " + std::to_string(e.seat) + " " + kHolderNames[e.detail];
      if (SeatHolder(e.detail) == SeatHolder::bot) c += std::string(" ") + kLevelNames[e.detail2];
    } else if (e.type == EventType::timeout) {
      c = "table: seat " + std::to_string(e.seat) + " timed out";
    } else if (e.type == EventType::action && By(e.detail) != By::human) {
      c = "table: " + std::string(kByNames[e.detail]) + " moves for seat " + std::to_string(e.seat);
    } else if (is_fair_event(e.type)) {
      // A body line (docs/records.md#fair-deals), not a comment: marked, unmarked below.
      const std::string_view words = t.text_at(e.text, e.text_len);
      c = kFairLine;
      c += e.type == EventType::commit ? "commit " + std::string(words)
           : e.type == EventType::nonce
               ? "nonce " + std::to_string(e.seat) + " " + std::string(words)
               : "reveal " + std::string(words);
      comments.emplace_back(size_t(e.history), std::move(c));
      continue;
    } else {
      continue;
    }
    comments.emplace_back(size_t(e.history), c + " at " + std::to_string(e.time) + " ms");
  }
  // A comment's place is the game's history size when it happened; a game that rewrites its
  // history once an offer is over (passes left out) leaves the places of the comments made
  // during the offer too far on. Each is at most the place of any later comment.
  for (size_t i = comments.size(); i-- > 1;)
    comments[i - 1].first = std::min(comments[i - 1].first, comments[i].first);
  if (!t.fair) return t.game->write_record_with_comments(comments, out, err);
  std::string record;
  if (Reason r = t.game->write_record_with_comments(comments, &record, err); r != Reason::ok)
    return r;
  const std::string marked = std::string("# ") + kFairLine;
  for (size_t at = record.find(marked); at != std::string::npos; at = record.find(marked, at))
    record.erase(at, marked.size());
  *out = std::move(record);
  return Reason::ok;
}

// --- serialization ---

namespace {

constexpr char kMagic[4] = {'D', 'H', 't', 'b'};
constexpr uint16_t kVersion = 1;
constexpr uint16_t kFairVersion = 2;  // a table with fair_secret: version 1 and the fair fields

class Writer {
 public:
  void u8(uint8_t v) { le(v, 1); }
  void u16(uint16_t v) { le(v, 2); }
  void u32(uint32_t v) { le(v, 4); }
  void u64(uint64_t v) { le(v, 8); }
  void i64(int64_t v) { le(uint64_t(v), 8); }
  void bytes(const void* p, size_t n) { std::memcpy(room(n), p, n); }
  void str(std::string_view s) {
    u32(uint32_t(s.size()));
    bytes(s.data(), s.size());
  }
  // The image written so far.
  std::vector<uint8_t> take() {
    out_.resize(len_);
    return std::move(out_);
  }
  const uint8_t* data() const { return out_.data(); }
  size_t size() const { return len_; }
  void reserve(size_t n) { out_.resize(n); }

 private:
  // Fields go straight into the buffer, grown by doubling (a server writes the table after
  // every action).
  uint8_t* room(size_t n) {
    if (len_ + n > out_.size()) out_.resize(std::max(out_.size() * 2, len_ + n));
    uint8_t* at = out_.data() + len_;
    len_ += n;
    return at;
  }
  void le(uint64_t v, int n) {
    uint8_t* at = room(size_t(n));
    for (int i = 0; i < n; ++i) at[i] = uint8_t(v >> (8 * i));
  }
  std::vector<uint8_t> out_;
  size_t len_ = 0;
};

class Reader {
 public:
  Reader(const uint8_t* p, size_t n) : p_(p), n_(n) {}
  bool ok() const { return ok_; }
  uint64_t le(int n) {
    if (!need(size_t(n))) return 0;
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= uint64_t(p_[at_ + size_t(i)]) << (8 * i);
    at_ += size_t(n);
    return v;
  }
  uint8_t u8() { return uint8_t(le(1)); }
  uint16_t u16() { return uint16_t(le(2)); }
  uint32_t u32() { return uint32_t(le(4)); }
  uint64_t u64() { return le(8); }
  int64_t i64() { return int64_t(le(8)); }
  std::string str(size_t max) {
    const uint32_t n = u32();
    if (n > max || !need(n)) return ok_ = false, std::string();
    std::string s(reinterpret_cast<const char*>(p_ + at_), n);
    at_ += n;
    return s;
  }
  void bytes(void* out, size_t n) {
    if (!need(n)) return;
    std::memcpy(out, p_ + at_, n);
    at_ += n;
  }
  size_t left() const { return n_ - at_; }

 private:
  bool need(size_t n) {
    if (!ok_ || n > n_ - at_) return ok_ = false, false;
    return true;
  }
  const uint8_t* p_;
  size_t n_;
  size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace

std::vector<uint8_t> Table::serialize() const {
  const Impl& t = *impl_;
  const std::vector<uint8_t> image = t.game->serialize();
  // The image holds the hands' results as JSON in the texts, in their places: with any kept
  // as numbers, the events and texts are written from a copy with each one written out.
  const std::string* texts = &t.texts;
  std::vector<Event> written;
  std::string pool;
  if (!t.results.empty()) {
    written.reserve(t.events.size());
    for (size_t i = 0; i < t.events.size(); ++i) written.push_back(t.events[i]);
    pool.reserve(t.texts.size() + t.results.size() * 4);
    size_t copied = 0;
    uint32_t shift = 0;  // the length of the results written out so far
    for (Event& e : written) {
      if (e.saved != kNone) {
        const size_t place = std::max<size_t>(copied, e.text);
        pool.append(t.texts, copied, place - copied);
        copied = place;
        const size_t at = pool.size();
        t.hand_body(e, &pool);
        e.text = uint32_t(at);
        e.text_len = uint32_t(pool.size() - at);
        e.saved = kNone;
        shift += e.text_len;
        continue;
      }
      if (holds_text(e.type) && e.text != kNone) e.text += shift;
      if (e.pub != kNone) e.pub += shift;
    }
    pool.append(t.texts, copied);
    texts = &pool;
  }
  const size_t n_events = t.events.size();
  auto event_at = [&](size_t i) -> const Event& {
    return written.empty() ? t.events[i] : written[i];
  };
  Writer w;
  // A server writes the table after every action: one allocation for the whole image.
  w.reserve(256 + n_events * 48 + texts->size() + (t.news.size() + t.bits.size()) * 130 +
            t.codes.size() * sizeof(ActionCode) + image.size());
  w.bytes(kMagic, 4);
  w.u16(t.fair ? kFairVersion : kVersion);
  w.str(t.name);
  w.u8(uint8_t(t.players));
  w.u32(uint32_t(t.options.size()));
  for (const auto& [k, v] : t.options) {
    w.str(k);
    w.str(v);
  }
  w.u64(t.seed);
  for (int64_t v : {t.decision_ms, t.bank_ms, t.bot_ms, t.offer_ms, t.deal_ms}) w.i64(v);
  w.u8(t.standin);
  w.u8(t.keep_all);
  if (t.fair) {
    w.bytes(t.secret.data(), t.secret.size());
    w.i64(t.nonce_ms);
  }
  for (const Seat& s : t.seats) {
    w.u8(uint8_t(s.holder));
    w.u8(s.level);
    w.i64(s.bank);
  }
  w.u8(t.started);
  for (int64_t v : {t.now, t.decision_start, t.offer_start}) w.i64(v);
  for (uint64_t v : {t.deals, t.reshuffles, t.bot_moves, t.seq, t.first_seq}) w.u64(v);
  for (int8_t a : t.answers) w.u8(uint8_t(a));
  if (t.fair) {
    w.u8(t.committed);
    w.i64(t.window_start);
    w.u64(t.revealed);
    for (const std::string& n : t.nonces) w.str(n);
  }
  // The image's news are the named ones (from an image) and then those kept as bits, named:
  // an event's place among them is its place in its pool, after the named ones for bits.
  const auto news_place = [&](const Event& e) {
    return e.named || e.news_count == 0 ? e.news : e.news + uint32_t(t.news.size());
  };
  w.u32(uint32_t(n_events));
  for (size_t i = 0; i < n_events; ++i) {
    const Event& e = event_at(i);
    w.u64(t.first_seq + i);
    w.i64(e.time);
    for (uint8_t b : {uint8_t(e.type), uint8_t(e.seat), e.detail, e.detail2}) w.u8(b);
    for (uint32_t v : {e.text, e.text_len, e.pub, e.pub_len, news_place(e), uint32_t(e.news_count)})
      w.u32(v);
    w.u64(e.history);
  }
  w.str(*texts);
  w.u32(uint32_t(t.news.size() + t.bits.size()));
  auto write_news = [&](const CardNews& n) {
    w.u8(uint8_t(n.seat));
    w.u8(n.count);
    w.bytes(n.cards, sizeof n.cards);
  };
  for (const CardNews& n : t.news) write_news(n);
  for (size_t i = 0; i < t.bits.size(); ++i) {
    CardNews n;
    t.hooks->name(t.bits[i], &n);
    write_news(n);
  }
  w.u32(uint32_t(t.codes.size()));
  for (size_t i = 0; i < t.codes.size(); ++i) w.bytes(&t.codes[i], sizeof(ActionCode));
  w.u32(uint32_t(image.size()));
  w.bytes(image.data(), image.size());
  w.u64(fnv1a(w.data(), w.size()));
  return w.take();
}

namespace {

// A fair-deal event's text as the table writes it: commit "K HEX64" (K up to the deal being
// committed), nonce "HEX" (16..128 digits), reveal "K SEED HEX64" (K a deal dealt).
bool fair_text_ok(EventType type, int seat, std::string_view text, uint64_t deals) {
  const auto w = text::split_words(text);
  std::string bytes;
  uint64_t k = 0, seed = 0;
  auto hex64 = [&](std::string_view h) { return h.size() == 64 && detail::from_hex(h, &bytes); };
  auto deal_number = [&](std::string_view d, uint64_t most) {
    return text::parse_u64(d, &k) && k >= 1 && k <= most && std::to_string(k) == d;
  };
  switch (type) {
    case EventType::commit:
      return seat == -1 && w.size() == 2 && deal_number(w[0], deals + 1) && hex64(w[1]);
    case EventType::nonce:
      return seat >= 0 && w.size() == 1 && w[0].size() >= 2 * detail::kNonceMinBytes &&
             w[0].size() <= 2 * detail::kNonceMaxBytes && detail::from_hex(w[0], &bytes);
    case EventType::reveal:
      return seat == -1 && w.size() == 3 && deal_number(w[0], deals) &&
             text::parse_u64(w[1], &seed) && std::to_string(seed) == w[1] && hex64(w[2]);
    default:
      return false;
  }
}

}  // namespace

std::unique_ptr<Table> Table::deserialize(const uint8_t* bytes, size_t len, Error* err) {
  auto corrupt = [&](const char* what) -> std::unique_ptr<Table> {
    fail(err, Reason::corrupt_state, "not a table image: %s", what);
    return nullptr;
  };
  if (!bytes || len < 4 + 2 + 8) return corrupt("too short");
  if (std::memcmp(bytes, kMagic, 4) != 0) return corrupt("no DHtb tag");
  uint64_t sum = 0;
  for (int i = 0; i < 8; ++i) sum |= uint64_t(bytes[len - 8 + size_t(i)]) << (8 * i);
  if (sum != fnv1a(bytes, len - 8)) return corrupt("checksum mismatch");
  Reader r(bytes + 4, len - 12);
  const uint16_t version = r.u16();
  if (version != kVersion && version != kFairVersion) return corrupt("unknown version");
  const bool fair = version == kFairVersion;
  const std::string name = r.str(64);
  const int players = r.u8();
  const uint32_t n_options = r.u32();
  if (!r.ok() || n_options > 64) return corrupt("bad options");
  OptionList options;
  for (uint32_t i = 0; i < n_options && r.ok(); ++i) {
    std::string k = r.str(256), v = r.str(256);
    options.emplace_back(std::move(k), std::move(v));
  }
  const uint64_t seed = r.u64();
  int64_t times[5];
  for (int64_t& v : times) v = r.i64();
  const uint8_t standin = r.u8(), keep_all = r.u8();
  uint8_t secret[32] = {};
  int64_t nonce_ms = 0;
  if (fair) {
    r.bytes(secret, sizeof secret);
    nonce_ms = r.i64();
  }
  if (!r.ok()) return corrupt("truncated");
  OptionList table_options;
  const char* keys[] = {"decision_ms", "bank_ms", "bot_ms", "offer_ms", "deal_ms"};
  for (int i = 0; i < 5; ++i) table_options.emplace_back(keys[i], std::to_string(times[i]));
  if (standin > kLastLevel || keep_all > 1) return corrupt("bad table options");
  table_options.emplace_back("standin", standin == kQuickest ? "quickest" : kLevelNames[standin]);
  table_options.emplace_back("events", keep_all ? "all" : "deal");
  if (fair) {
    table_options.emplace_back("fair_secret", detail::to_hex(secret, sizeof secret));
    table_options.emplace_back("nonce_ms", std::to_string(nonce_ms));
  }
  Error inner;
  auto table = create(name, players, options, table_options, seed, &inner);
  if (!table) return corrupt(inner.message);
  Impl& t = *table->impl_;
  if (t.name != name || t.players != players || bool(keep_all) != t.keep_all)
    return corrupt("bad configuration");  // the name as the catalog spells it, too
  for (Seat& s : t.seats) {
    const uint8_t h = r.u8(), lv = r.u8();
    s.bank = r.i64();
    if (h > 3 || !bot_level(lv) || s.bank < 0 || s.bank > t.bank_ms) return corrupt("bad seat");
    s.holder = SeatHolder(h);
    s.level = lv;
  }
  const uint8_t started = r.u8();
  t.now = r.i64();
  t.decision_start = r.i64();
  t.offer_start = r.i64();
  t.deals = r.u64();
  t.reshuffles = r.u64();
  t.bot_moves = r.u64();
  t.seq = r.u64();
  t.first_seq = r.u64();
  for (int8_t& a : t.answers) {
    a = int8_t(r.u8());
    if (a < -1 || a > 1) return corrupt("bad offer answer");
    if (a >= 0) t.any_answer = true;
  }
  if (fair) {
    const uint8_t committed = r.u8();
    t.window_start = r.i64();
    t.revealed = r.u64();
    for (std::string& n : t.nonces) {
      n = r.str(detail::kNonceMaxBytes);
      if (!n.empty() && n.size() < detail::kNonceMinBytes) return corrupt("bad nonce");
      if (!n.empty() && !committed) return corrupt("a nonce without a commitment");
    }
    if (committed > 1 || t.revealed > t.deals) return corrupt("bad fair-deal state");
    t.committed = committed;
  }
  const uint32_t n_events = r.u32();
  if (!r.ok() || started > 1 || n_events > r.left() / 48) return corrupt("bad header");
  t.started = started;
  if (t.first_seq < 1 || t.first_seq > t.seq + 1 || n_events != t.seq + 1 - t.first_seq)
    return corrupt("events do not match the sequence numbers");
  t.events.resize(n_events);
  for (uint32_t i = 0; i < n_events; ++i) {
    Event& e = t.events[i];
    const uint64_t seq = r.u64();
    e.time = r.i64();
    const uint8_t type = r.u8(), seat = r.u8();
    e.detail = r.u8();
    e.detail2 = r.u8();
    e.text = r.u32();
    e.text_len = r.u32();
    e.pub = r.u32();
    e.pub_len = r.u32();
    e.news = r.u32();
    // No event has more than players (at most 255) news: a larger count fails the checks below.
    e.news_count = uint8_t(std::min<uint32_t>(r.u32(), 255));
    e.named = true;
    e.history = r.u64();
    if (type > uint8_t(EventType::answered) || seq != t.first_seq + i) return corrupt("bad event");
    e.type = EventType(type);
    e.seat = int8_t(seat);
  }
  t.texts = r.str(size_t(1) << 30);
  const uint32_t n_news = r.u32();
  if (!r.ok() || n_news > r.left() / 128) return corrupt("bad news");
  t.news.resize(n_news);
  for (CardNews& n : t.news) {
    n.seat = int8_t(r.u8());
    n.count = r.u8();
    r.bytes(n.cards, sizeof n.cards);
    if (n.seat < 0 || n.seat >= players || n.cards[sizeof n.cards - 1] != '\0')
      return corrupt("bad cards");
  }
  const uint32_t n_codes = r.u32();
  if (!r.ok() || n_codes > r.left() / sizeof(ActionCode)) return corrupt("bad actions");
  t.codes.resize(n_codes);
  for (uint32_t i = 0; i < n_codes; ++i) r.bytes(&t.codes[i], sizeof(ActionCode));
  const uint32_t image_len = r.u32();
  if (!r.ok() || image_len != r.left()) return corrupt("bad game image length");
  std::vector<uint8_t> image(image_len);
  r.bytes(image.data(), image_len);
  auto game = deserialize_game(image.data(), image.size(), &inner);
  if (!game) return corrupt(inner.message);
  if (std::string_view(game->name()) != t.name || game->players() != t.players ||
      game->keeps_history() != t.game->keeps_history())
    return corrupt("the game image is of another game");
  t.game.reset(std::move(game));
  // Every event must render: offsets inside the pools, seats in range, kinds consistent.
  const int64_t last_time = t.time_now();
  int64_t prev = std::numeric_limits<int64_t>::min();
  for (size_t i = 0; i < t.events.size(); ++i) {
    const Event& e = t.events[i];
    auto in_texts = [&](uint32_t off, uint32_t n) {
      return off != kNone && uint64_t(off) + n <= t.texts.size();
    };
    const bool seat_ok = e.seat >= -1 && e.seat < players;
    bool ok = seat_ok && e.time >= prev && e.time <= last_time;
    // The fields a kind does not use hold nothing (the pools are rebuilt from them).
    const bool texts_used = holds_text(e.type);
    const bool number_used = texts_used || e.type == EventType::action || e.type == EventType::deal;
    const bool news_used = e.type == EventType::deal || e.type == EventType::cards;
    ok = ok && (number_used || e.text == kNone) && (texts_used || e.text_len == 0) &&
         (e.type == EventType::action || (e.pub == kNone && e.pub_len == 0)) &&
         (news_used || (e.news == 0 && e.news_count == 0));
    switch (e.type) {
      case EventType::seat:
        ok = ok && e.seat >= 0 && e.detail <= 3 && bot_level(e.detail2);
        break;
      case EventType::deal:
        ok = ok && (e.news_count == 0 || e.news_count == uint32_t(players)) &&
             uint64_t(e.news) + e.news_count <= t.news.size();
        break;
      case EventType::action:
        ok = ok && e.seat >= 0 && e.detail <= 2 && e.text < t.codes.size() &&
             (e.pub == kNone || in_texts(e.pub, e.pub_len));
        break;
      case EventType::cards:
        ok = ok && e.seat >= 0 && e.news_count == 1 && e.news < t.news.size() &&
             t.news[e.news].seat == e.seat;
        break;
      case EventType::timeout:
        ok = ok && e.seat >= 0;
        break;
      case EventType::reshuffle:
        break;
      case EventType::answered:
        ok = ok && e.seat >= 0 && in_texts(e.text, e.text_len);
        break;
      case EventType::commit:
      case EventType::nonce:
      case EventType::reveal:
        ok = ok && fair && in_texts(e.text, e.text_len) &&
             fair_text_ok(e.type, e.seat, t.text_at(e.text, e.text_len), t.deals);
        break;
      case EventType::hand_end:
      case EventType::over:
        // The object the event's members are spliced from as it renders (hand_body/over_body).
        ok = ok && in_texts(e.text, e.text_len) &&
             t.text_at(e.text, e.text_len)
                 .starts_with(e.type == EventType::hand_end ? "{\"result\": " : "{\"scores\": ") &&
             text::is_json(t.text_at(e.text, e.text_len));
        break;
    }
    if (!ok) {
      const std::string what = "event " + std::to_string(t.first_seq + i) + " (" +
                               kEventNames[size_t(e.type)] + ") does not hold together";
      return corrupt(what.c_str());
    }
    prev = e.time;
  }
  if (t.started) {
    for (const Seat& s : t.seats)
      if (s.holder == SeatHolder::empty) return corrupt("a started table with an empty seat");
  }
  if (t.in_offer() != (t.started && t.is_offer(*t.game)))
    return corrupt("the offer does not match the game");
  if (fair) {
    const bool hand_over = t.game->awaiting_deal() || t.game->over();
    if (t.committed &&
        (!t.started || !t.game->awaiting_deal() || t.game->over() || t.window_start > last_time))
      return corrupt("a commitment with no deal due");
    if (t.revealed != t.deals && (hand_over || t.revealed + 1 != t.deals))
      return corrupt("the reveals do not match the deals");
  }
  t.keeps_history = t.game->keeps_history();
  t.keep_state();
  t.refresh_due();
  return table;
}

struct TableAccess {
  static Table::Impl& impl(Table& t) { return *t.impl_; }
};

bool detail_table_replace_game(Table& table, std::unique_ptr<Game> game) {
  Table::Impl& t = TableAccess::impl(table);
  if (!game || std::string_view(game->name()) != t.name || game->players() != t.players)
    return false;
  t.game.reset(std::move(game));
  t.keeps_history = t.game->keeps_history();
  t.keep_state();
  t.refresh_due();
  return true;
}

}  // namespace deckhand
