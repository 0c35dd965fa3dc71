// Toonerville Rook behind deckhand::Game (src/common/game_adapter.hpp).
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../common/game_adapter.hpp"
#include "../common/games.hpp"
#include "../common/text.hpp"
#include "internal.hpp"

namespace deckhand::toonerville {

namespace {

// The game's entry in the catalog (deckhand games, dh_catalog_*): docs/rules/toonerville.md.
constexpr OptionSpec kOptionSpecs[] = {
    {"round11_deal", "14|12", "14", "T2", "cards dealt in round 11"},
    {"max_buys", "unlimited|1..255", "unlimited", "T6", "buys per player per round"},
    {"rook_swap", "table|new_meld", "table", "T9",
     "a Rook taken from a run may go to any meld, or only to a new meld"},
    {"max_turns", "0..1000000", "0", "T13",
     "a round also ends when its N-th turn ends, every hand scoring; 0 = no limit"},
};
constexpr const char* kPhaseNames[] = {"deal", "draw", "play", "over"};
constexpr ActionKindSpec kActionKinds[] = {
    {0, "take", "take", "take the discard"},
    {1, "draw", "draw", "draw from the stock"},
    {2, "buy", "buy", "buy the discard"},
    {3, "down", "down <meld> | <meld> ...", "go down with your melds"},
    {4, "layoff", "layoff <meld-id> <card> ...", "lay off on a meld"},
    {5, "swap", "swap <meld-id> <card>", "swap a card for a Rook in a run"},
    {6, "discard", "discard <card>", "discard a card"},
    {7, "pass", "pass", "pass"}};

struct Rules {
  using State = toonerville::State;
  using Action = toonerville::Action;
  using Options = toonerville::Options;
  static constexpr const char* kName = "toonerville";
  static constexpr int kMaxLegalActions = toonerville::kMaxLegalActions;
  static constexpr const char* kImageTag = detail::kImageTag;
  static constexpr bool kHasReshuffle = true;
  static constexpr size_t kSerializedSize = toonerville::kSerializedSize;

  static Options base_options(int players) {
    Options o;
    o.players = uint8_t(players);
    return o;
  }
  static int players(const State& s) { return toonerville::players(s); }
  static State new_game(const Options& o, int dealer) { return toonerville::new_game(o, dealer); }
  static Reason set_option(Options* o, std::string_view k, std::string_view v, Error* err) {
    return toonerville::set_option(o, k, v, err);
  }
  static std::vector<std::string> option_strings(const Options& o) {
    std::string out[toonerville::kOptionCount];
    int n = 0;
    toonerville::option_strings(o, out, &n);
    return {out, out + n};
  }
  static Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err) {
    return toonerville::deal_seed(s, seed, out, err);
  }
  static Reason parse_deal(std::string_view text, const State& s, std::string* bytes, Error* err) {
    return toonerville::parse_deal(text, players(s), bytes, err);
  }
  static Reason deal_bytes(const State& s, std::string_view bytes, State* out, Error* err) {
    return toonerville::deal_bytes(s, bytes, out, err);
  }
  static std::string format_deal(std::string_view bytes) { return toonerville::format_deal(bytes); }
  static Reason reshuffle_seed(const State& s, uint64_t seed, State* out, Error* err) {
    return toonerville::reshuffle_seed(s, seed, out, err);
  }
  static Reason parse_reshuffle(const State& s, std::string_view text, std::string* bytes,
                                Error* err) {
    return toonerville::parse_reshuffle(s, text, bytes, err);
  }
  static Reason reshuffle_bytes(const State& s, std::string_view bytes, State* out, Error* err) {
    return toonerville::reshuffle_stock(s, reinterpret_cast<const RookFace*>(bytes.data()),
                                        int(bytes.size()), out, err);
  }
  static std::string format_reshuffle(std::string_view bytes) {
    return toonerville::format_reshuffle(bytes);
  }
  static bool needs_reshuffle(const State& s) { return toonerville::needs_reshuffle(s); }
  // Records (docs/records.md, T6): a `draw` line is the draw and every pass of the offer it
  // opens; `decline` is the draw alone (an offer still open at the record's end).
  static Reason parse_record_action(std::string_view text, int seat, Action* a, bool* answers_offer,
                                    Error* err) {
    const std::string_view word = text::trim(text);
    if (text::iequals(word, "decline")) {
      *a = draw_action(seat);
      *answers_offer = false;
      return Reason::ok;
    }
    if (Reason r = toonerville::parse_action(text, seat, a, err); r != Reason::ok) return r;
    *answers_offer = a->kind == ActionKind::draw;
    return Reason::ok;
  }
  // The pass a record's `draw` line implies now, if the discard is offered.
  static bool implied_pass(const State& s, Action* out) {
    if (!offering(s)) return false;
    *out = pass_action(s.to_act);
    return true;
  }
  static bool is_pass(const Action& a) { return a.kind == ActionKind::pass; }
  static bool offer_open(const State& s) { return s.pending_draw != 0; }
  static std::string decline_text() { return "decline"; }
  // The deprecated dh_game_buy_winner's helper.
  static int buy_winner(const State& s, uint32_t requests) {
    return toonerville::buy_winner(s, uint8_t(requests & 0x1F));
  }
  static Reason advance(State* s, const Action& a, Error* err) {
    return toonerville::advance(s, a, err);
  }
  static Reason check(const State& s, const Action& a, Error* err) {
    return toonerville::check(s, a, err);
  }
  static int legal_actions(const State& s, Action* out) {
    return toonerville::legal_actions(s, out);
  }
  static Reason parse_action(std::string_view text, int seat, Action* a, Error* err) {
    return toonerville::parse_action(text, seat, a, err);
  }
  static std::string format_action(const Action& a) { return toonerville::format_action(a); }
  static bool well_formed(const Action& a) {
    return well_formed_fields(a.kind, a.target, a.count, a.bytes);
  }
  // The fields one by one, so that an ActionCode is checked where it lies (copying it into an
  // Action first made the compiler stall reloading the copy: the C ABI's hot path).
  static bool well_formed_fields(ActionKind kind, int target, int count, const uint8_t* bytes) {
    if (count > kActionBytes) return false;
    unsigned past_count = 0;  // accumulated, not branched on
    for (int i = count; i < kActionBytes; ++i) past_count |= bytes[i];
    if (past_count) return false;
    switch (kind) {
      case ActionKind::take:
      case ActionKind::draw:
      case ActionKind::buy:
      case ActionKind::pass:
        return target == 0 && count == 0;
      case ActionKind::discard:
        return target == 0 && count == 1;
      case ActionKind::swap:
        return count == 1;
      case ActionKind::layoff:
        return count >= 1;
      case ActionKind::down: {
        if (target < 1 || target > kMaxContractMelds || count != 4 * target) return false;
        for (int i = 0; i < target; ++i) {
          Meld m;
          if (unpack_meld(bytes + 4 * i, &m, nullptr) != Reason::ok) return false;
        }
        return true;
      }
    }
    return false;
  }
  // ActionCode: arg = target, count and cards[0..count) = the payload bytes (see the header).
  // An Action is the code's first 24 bytes field for field, so both ways are one copy (on
  // the C ABI's hot path, written straight into place: a returned copy made the compiler
  // assemble it on the stack and stall reloading it).
  static_assert(offsetof(Action, target) == offsetof(ActionCode, arg) &&
                offsetof(Action, count) == offsetof(ActionCode, count) &&
                offsetof(Action, bytes) == offsetof(ActionCode, cards) &&
                sizeof(Action) == offsetof(ActionCode, cards) + kActionBytes);
  static void code_into(const Action& a, ActionCode* out) {
    auto* bytes = reinterpret_cast<unsigned char*>(out);
    std::memcpy(bytes, &a, sizeof a);
    std::memset(bytes + sizeof a, 0, sizeof *out - sizeof a);
  }
  static ActionCode to_code(const Action& a) {
    ActionCode c;
    code_into(a, &c);
    return c;
  }
  static Reason from_code(const ActionCode& c, Action* out, Error* err) {
    if (c.kind > uint8_t(ActionKind::pass) || c.count > kActionBytes ||
        !deckhand::detail::unused_cards_zero(c, kActionBytes))
      return fail(err, Reason::malformed_action,
                  "action kind %d with %d cards is not a toonerville action", int(c.kind),
                  int(c.count));
    const ActionKind kind = ActionKind(c.kind);
    if (!well_formed_fields(kind, c.arg, c.count, c.cards))
      return fail(err, Reason::malformed_action,
                  "the fields of this %s action do not fit its kind (see deckhand.h)",
                  format_action(Action{c.seat, kind, 0, 0, {}}).c_str());
    std::memcpy(static_cast<void*>(out), &c, sizeof *out);
    return Reason::ok;
  }
  static int to_act(const State& s) { return toonerville::to_act(s); }
  static bool awaiting_deal(const State& s) { return s.phase == Phase::deal; }
  static bool is_over(const State& s) { return toonerville::is_over(s); }
  static const char* phase_name(const State& s) { return toonerville::phase_name(s.phase); }
  static std::string result_json(const State& s) {
    return toonerville::result_json(s.last, players(s));
  }
  static View view(const State& s, int seat) { return toonerville::view(s, seat); }
  static std::string view_json(const View& v) { return toonerville::view_json(v); }
  static std::string view_text(const View& v) { return toonerville::view_text(v); }
  static size_t serialize(const State& s, uint8_t* buf, size_t cap) {
    return toonerville::serialize(s, buf, cap);
  }
  static bool swap_hidden(const State& s, int seat, uint64_t pick, State* out) {
    return detail::swap_hidden(s, seat, pick, out);
  }
  static Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
    return toonerville::deserialize(buf, len, out, err);
  }
};

}  // namespace

// Its bots, sampler, solver and encoder (extensions.cpp).
const GameExtensions& extensions();

const GameDescriptor& descriptor() {
  static const GameSpec spec{"toonerville",
                             kMinPlayers,
                             kMaxPlayers,
                             "Toonerville Rook: contract rummy with Rook cards over eleven "
                             "rounds, buying the discard (T1-T14)",
                             kOptionSpecs,
                             kPhaseNames,
                             kActionKinds,
                             "max_turns",  // the option that bounds a game's length
                             300,          // for unattended play: 60 turns each at 5 players
                             true};        // lower is better: penalty points (T12)
  static const GameDescriptor d =
      with_extensions(deckhand::detail::describe<Rules>(spec), extensions());
  return d;
}

}  // namespace deckhand::toonerville
