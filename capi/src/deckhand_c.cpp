// The C ABI (capi/include/deckhand.h) over deckhand::Game. Nothing throws across this
// boundary: every entry point catches, and a failed call leaves its handle unchanged.
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "../../src/common/c_game.hpp"
#include "../../src/common/text.hpp"
#include "deckhand/table.hpp"
#include "handle.hpp"

using deckhand::ActionCode;
using deckhand::Error;
using deckhand::Game;
using deckhand::Reason;
using deckhand::capi::guarded;

// dh_action and ActionCode are the same bytes, so conversions are whole-struct copies.
static_assert(sizeof(dh_action) == sizeof(deckhand::ActionCode), "dh_action mirrors ActionCode");
static_assert(offsetof(dh_action, seat) == offsetof(deckhand::ActionCode, seat) &&
                  offsetof(dh_action, kind) == offsetof(deckhand::ActionCode, kind) &&
                  offsetof(dh_action, arg) == offsetof(deckhand::ActionCode, arg) &&
                  offsetof(dh_action, count) == offsetof(deckhand::ActionCode, count) &&
                  offsetof(dh_action, cards) == offsetof(deckhand::ActionCode, cards),
              "dh_action mirrors ActionCode field by field");

namespace {

struct StatusInfo {
  int status;
  const char* name;
  const char* message;
};
constexpr StatusInfo kStatuses[] = {
    {DH_OK, "DH_OK", "success"},
    {DH_E_NULL_ARGUMENT, "DH_E_NULL_ARGUMENT", "a required pointer argument was NULL"},
    {DH_E_INVALID_ARGUMENT, "DH_E_INVALID_ARGUMENT", "an argument is out of range"},
    {DH_E_BUFFER_TOO_SMALL, "DH_E_BUFFER_TOO_SMALL", "the output buffer is too small"},
    {DH_E_UNKNOWN_GAME, "DH_E_UNKNOWN_GAME", "no game of that name"},
    {DH_E_BAD_OPTION, "DH_E_BAD_OPTION", "unknown option or value"},
    {DH_E_PARSE, "DH_E_PARSE", "malformed action, card or deal text"},
    {DH_E_ILLEGAL, "DH_E_ILLEGAL", "the rules refuse this action now"},
    {DH_E_WRONG_SEAT, "DH_E_WRONG_SEAT", "it is not this seat's turn"},
    {DH_E_WRONG_PHASE, "DH_E_WRONG_PHASE", "the action does not belong to the current phase"},
    {DH_E_GAME_OVER, "DH_E_GAME_OVER", "the game is over"},
    {DH_E_CORRUPT, "DH_E_CORRUPT", "serialized data is damaged or inconsistent"},
    {DH_E_RECORD, "DH_E_RECORD", "the game record was refused"},
    {DH_E_INTERNAL, "DH_E_INTERNAL", "internal error in deckhand"},
    {DH_E_UNSUPPORTED, "DH_E_UNSUPPORTED", "the game cannot do this as it was created"},
};

int status_of(Reason r) {
  switch (r) {
    case Reason::ok:
      return DH_OK;
    case Reason::malformed_action:
    case Reason::invalid_card:
    case Reason::malformed_deal:
    case Reason::invalid_bid:
      return DH_E_PARSE;
    case Reason::bad_option:
      return DH_E_BAD_OPTION;
    case Reason::unknown_game:
      return DH_E_UNKNOWN_GAME;
    case Reason::corrupt_state:
      return DH_E_CORRUPT;
    case Reason::bad_seat:
    case Reason::bad_player_count:
    case Reason::bad_action_index:
    case Reason::time_backwards:
    case Reason::seat_taken:
    case Reason::events_dropped:
      return DH_E_INVALID_ARGUMENT;
    case Reason::internal_error:
      return DH_E_INTERNAL;
    case Reason::malformed_record:
    case Reason::bad_header:
    case Reason::fair_deal_mismatch:
      return DH_E_RECORD;
    case Reason::wrong_seat:
    case Reason::not_seated:
      return DH_E_WRONG_SEAT;
    case Reason::wrong_phase:
    case Reason::not_started:
      return DH_E_WRONG_PHASE;
    case Reason::game_over:
      return DH_E_GAME_OVER;
    case Reason::no_history:
      return DH_E_UNSUPPORTED;
    default:
      return DH_E_ILLEGAL;
  }
}

void copy_text(char* dst, size_t cap, const char* src) {
  const size_t n = std::strlen(src);
  const size_t k =
      n < cap - 1 ? n : deckhand::text::utf8_cut(src, cap - 1);  // whole characters only
  std::memcpy(dst, src, k);
  dst[k] = '\0';
}

// The first layout with a size field (0.2.0): what a size of 0 stands for. Fixed forever,
// whatever fields later versions add.
constexpr size_t kFirstErrorLayout = 256;
static_assert(sizeof(dh_error) == kFirstErrorLayout, "a new dh_error field goes at the end");

// Whether field `end` (an offsetof + sizeof) lies within the caller's dh_error.
bool fits(const dh_error* err, size_t end) {
  return (err->size == 0 ? kFirstErrorLayout : err->size) >= end;
}
#define DH_FIELD_END(field) (offsetof(dh_error, field) + sizeof(dh_error::field))

// Fills the fields of *err that the caller's dh_error has room for (deckhand.h: `size`).
int report(dh_error* err, int status, Reason reason, const char* code, const char* message,
           int line = 0) {
  if (!err) return status;
  if (status == DH_OK) {  // every success writes the same (deckhand.h), the cheap way
    deckhand::detail::report_ok(err);
    return DH_OK;
  }
  if (fits(err, DH_FIELD_END(status))) err->status = status;
  if (fits(err, DH_FIELD_END(reason))) err->reason = int32_t(reason);
  if (fits(err, DH_FIELD_END(line))) err->line = line;
  if (fits(err, DH_FIELD_END(code))) copy_text(err->code, sizeof err->code, code);
  if (fits(err, DH_FIELD_END(message))) copy_text(err->message, sizeof err->message, message);
  return status;
}

int report(dh_error* err, int status, Reason reason, const char* message, int line = 0) {
  return report(err, status, reason, status == DH_OK ? "ok" : deckhand::reason_name(reason),
                message, line);
}

int from_reason(dh_error* err, Reason r, const Error& e) {
  if (r == Reason::ok) return report(err, DH_OK, r, "");
  return report(err, status_of(r), r, e.message);
}

int null_arg(dh_error* err, const char* what) {
  char message[96];
  std::snprintf(message, sizeof message, "null_argument: %s is NULL", what);
  return report(err, DH_E_NULL_ARGUMENT, Reason::ok, "null_argument", message);
}

int write_text(size_t* out_len, char* buf, size_t cap, const std::string& s) {
  const size_t need = s.size() + 1;
  *out_len = need;
  if (!buf || cap < need) return DH_E_BUFFER_TOO_SMALL;
  std::memcpy(buf, s.data(), s.size());
  buf[s.size()] = '\0';
  return DH_OK;
}

// write_text for the calls that report into a dh_error: a short buffer is named in it.
int write_text_reported(size_t* out_len, char* buf, size_t cap, const std::string& s,
                        dh_error* err) {
  const int status = write_text(out_len, buf, cap, s);
  return status == DH_OK ? report(err, DH_OK, Reason::ok, "")
                         : report(err, status, Reason::ok, "buffer_too_small",
                                  "buffer_too_small: see *out_len for the size needed");
}

template <typename T, typename U>
int write_array(size_t* out_count, T* buf, size_t cap, const std::vector<U>& v) {
  *out_count = v.size();
  if (v.size() > cap || (!buf && !v.empty())) return DH_E_BUFFER_TOO_SMALL;
  for (size_t i = 0; i < v.size(); ++i) buf[i] = T(v[i]);
  return DH_OK;
}

// dh_action and ActionCode are the same bytes, all of them unsigned char, so one may be read
// and written through the other: actions go straight between the caller's memory and the
// engine, with no copy on the self-play path.
const deckhand::ActionCode& as_code(const dh_action* a) {
  return *reinterpret_cast<const deckhand::ActionCode*>(a);
}
deckhand::ActionCode* as_codes(dh_action* a) {
  return reinterpret_cast<deckhand::ActionCode*>(a);
}

// Gathers the legal actions into game->action_scratch; returns how many there are. May
// throw std::bad_alloc.
size_t gather_legal_actions(const dh_game* game) {
  std::vector<deckhand::ActionCode>& codes = game->action_scratch;
  const size_t n = game->game->legal_count();
  if (n > codes.size()) codes.resize(n);
  return game->game->legal_actions(codes.data(), codes.size());
}

// Copies a filled discovery structure into the caller's, within its `size` (deckhand.h: a
// size of 0 is this first layout), keeping the caller's size.
// The end of each field of a discovery structure, in order: a caller's `size` is honoured
// field by field, never writing part of one.
#define DH_END(type, field) (offsetof(type, field) + sizeof(type::field))
template <typename Info>
constexpr size_t kFieldEnds[] = {0};
template <>
constexpr size_t kFieldEnds<dh_game_info>[] = {
    DH_END(dh_game_info, min_players),       DH_END(dh_game_info, max_players),
    DH_END(dh_game_info, option_count),      DH_END(dh_game_info, phase_count),
    DH_END(dh_game_info, action_kind_count), DH_END(dh_game_info, name),
    DH_END(dh_game_info, description),       DH_END(dh_game_info, limit_option),
    DH_END(dh_game_info, unattended_limit),  DH_END(dh_game_info, lower_is_better)};
template <>
constexpr size_t kFieldEnds<dh_option_info>[] = {
    DH_END(dh_option_info, name), DH_END(dh_option_info, values),
    DH_END(dh_option_info, default_value), DH_END(dh_option_info, rule),
    DH_END(dh_option_info, description)};
template <>
constexpr size_t kFieldEnds<dh_action_kind_info>[] = {DH_END(dh_action_kind_info, kind),
                                                      DH_END(dh_action_kind_info, name),
                                                      DH_END(dh_action_kind_info, syntax)};
// What a size of 0 stands for: the first layout, which later fields lie beyond.
template <typename Info>
constexpr size_t kFirstLayoutEnd = sizeof(Info);
template <>
constexpr size_t kFirstLayoutEnd<dh_game_info> = DH_END(dh_game_info, description);
#undef DH_END

template <typename Info>
int write_info(Info* out, const Info& info) {
  const size_t room = out->size == 0 ? kFirstLayoutEnd<Info> : out->size;
  size_t n = sizeof info.size;  // the end of the last field that fits wholly
  for (size_t end : kFieldEnds<Info>)
    if (end <= room) n = end;
  if (n > sizeof info.size)
    std::memcpy(reinterpret_cast<unsigned char*>(out) + sizeof info.size,
                reinterpret_cast<const unsigned char*>(&info) + sizeof info.size,
                n - sizeof info.size);
  return DH_OK;
}

const deckhand::GameSpec* spec_at(size_t index) {
  const auto& specs = deckhand::game_specs();
  return index < specs.size() ? &specs[index] : nullptr;
}

// Option `index` of a game: its own, then the engine's.
const deckhand::OptionSpec* option_at(const deckhand::GameSpec& spec, size_t index) {
  if (index < spec.options.size()) return &spec.options[index];
  index -= spec.options.size();
  return index < deckhand::engine_options().size() ? &deckhand::engine_options()[index] : nullptr;
}

}  // namespace

int deckhand::detail::c_status(Reason r) {
  return status_of(r);
}
static_assert(DH_OK == 0 && deckhand::detail::kCBufferTooSmall == DH_E_BUFFER_TOO_SMALL);

namespace {
// Every game behind a handle comes from a GameAdapter (make_game, restore, clones).
const deckhand::detail::CGame* c_game(const dh_game* game) {
  return static_cast<const deckhand::detail::CGame*>(game->game.get());
}
deckhand::detail::CGame* c_game(dh_game* game) {
  return static_cast<deckhand::detail::CGame*>(game->game.get());
}
}  // namespace

void deckhand::detail::report_ok_within_size(dh_error* err) noexcept {
  if (fits(err, DH_FIELD_END(status))) err->status = DH_OK;
  if (fits(err, DH_FIELD_END(reason))) err->reason = 0;
  if (fits(err, DH_FIELD_END(line))) err->line = 0;
  if (fits(err, DH_FIELD_END(code))) std::memcpy(err->code, "ok", 3);
  if (fits(err, DH_FIELD_END(message))) err->message[0] = '\0';
}

int deckhand::detail::report_apply_failure(Game& game, const ActionCode& code, int status,
                                           dh_error* err) noexcept {
  if (status == DH_E_INTERNAL)
    return report(err, status, Reason::internal_error, "internal_error",
                  "internal_error: out of memory");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game.apply(code, &e), e);
  });
}

int deckhand::capi::report(dh_error* err, int status, Reason reason, const char* code,
                           const char* message, int line) {
  return ::report(err, status, reason, code, message, line);
}
int deckhand::capi::from_reason(dh_error* err, Reason r, const Error& e) {
  return ::from_reason(err, r, e);
}
int deckhand::capi::null_arg(dh_error* err, const char* what) {
  return ::null_arg(err, what);
}

extern "C" {

int dh_catalog_game_count(size_t* out_count) {
  if (!out_count) return DH_E_NULL_ARGUMENT;
  *out_count = deckhand::game_specs().size();
  return DH_OK;
}

int dh_catalog_game(dh_game_info* out, size_t index) {
  if (!out) return DH_E_NULL_ARGUMENT;
  const deckhand::GameSpec* spec = spec_at(index);
  if (!spec) return DH_E_INVALID_ARGUMENT;
  dh_game_info info;
  info.size = sizeof info;
  info.min_players = spec->min_players;
  info.max_players = spec->max_players;
  info.option_count = int32_t(spec->options.size() + deckhand::engine_options().size());
  info.phase_count = int32_t(spec->phases.size());
  info.action_kind_count = int32_t(spec->action_kinds.size());
  info.name = spec->name;
  info.description = spec->description;
  info.limit_option = spec->limit_option;
  info.unattended_limit = spec->unattended_limit;
  info.lower_is_better = spec->lower_is_better ? 1 : 0;
  return write_info(out, info);
}

int dh_catalog_find_game(size_t* out_index, const char* name) {
  if (!out_index || !name) return DH_E_NULL_ARGUMENT;
  const deckhand::GameSpec* spec = deckhand::find_game_spec(name);
  if (!spec) return DH_E_UNKNOWN_GAME;
  *out_index = size_t(spec - deckhand::game_specs().data());
  return DH_OK;
}

int dh_catalog_option(dh_option_info* out, size_t game_index, size_t index) {
  if (!out) return DH_E_NULL_ARGUMENT;
  const deckhand::GameSpec* spec = spec_at(game_index);
  const deckhand::OptionSpec* o = spec ? option_at(*spec, index) : nullptr;
  if (!o) return DH_E_INVALID_ARGUMENT;
  const dh_option_info info{sizeof info,      o->name, o->values,
                            o->default_value, o->rule, o->description};
  return write_info(out, info);
}

int dh_catalog_phase(const char** out_name, size_t game_index, size_t index) {
  if (!out_name) return DH_E_NULL_ARGUMENT;
  *out_name = nullptr;
  const deckhand::GameSpec* spec = spec_at(game_index);
  if (!spec || index >= spec->phases.size()) return DH_E_INVALID_ARGUMENT;
  *out_name = spec->phases[index];
  return DH_OK;
}

int dh_catalog_action_kind(dh_action_kind_info* out, size_t game_index, size_t index) {
  if (!out) return DH_E_NULL_ARGUMENT;
  const deckhand::GameSpec* spec = spec_at(game_index);
  if (!spec || index >= spec->action_kinds.size()) return DH_E_INVALID_ARGUMENT;
  const deckhand::ActionKindSpec& k = spec->action_kinds[index];
  const dh_action_kind_info info{sizeof info, k.code, k.name, k.syntax};
  return write_info(out, info);
}

int dh_catalog_json(size_t* out_len, char* buf, size_t cap) {
  if (!out_len) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr, [&] { return write_text(out_len, buf, cap, deckhand::catalog_json()); });
}

const char* dh_version(void) {
  return DH_VERSION_STRING;
}
int32_t dh_version_number(void) {
  return DH_VERSION_NUMBER;
}

const char* dh_status_name(int status) {
  for (const auto& s : kStatuses)
    if (s.status == status) return s.name;
  return "DH_E_UNKNOWN_STATUS";
}

const char* dh_status_message(int status) {
  for (const auto& s : kStatuses)
    if (s.status == status) return s.message;
  return "unknown status code";
}

namespace {
// `n` strings "key=value" as an option list (DH_OK, or the status reported).
int option_list(const char* const* options, size_t n, deckhand::OptionList* list, dh_error* err) {
  for (size_t i = 0; i < n; ++i) {
    if (!options[i]) return null_arg(err, "an option string");
    std::string k, v;
    if (!deckhand::split_option(options[i], &k, &v)) {
      Error e;
      deckhand::fail(&e, Reason::bad_option, "option %s is not key=value",
                     deckhand::text::quote(options[i]).c_str());
      return from_reason(err, e.reason, e);
    }
    list->emplace_back(k, v);
  }
  return DH_OK;
}
}  // namespace

int dh_game_new(dh_game** out, const char* name, const char* const* options, size_t n_options,
                int32_t players, int32_t first_dealer, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!name) return null_arg(err, "name");
  if (n_options && !options) return null_arg(err, "options");
  return guarded(err, [&] {
    deckhand::OptionList list;
    if (int status = option_list(options, n_options, &list, err); status != DH_OK) return status;
    Error e;
    auto game = deckhand::make_game(name, list, players, first_dealer, &e);
    if (!game) return from_reason(err, e.reason, e);
    *out = new dh_game{std::move(game)};
    return report(err, DH_OK, Reason::ok, "");
  });
}

void dh_game_free(dh_game* game) {
  delete game;
}

int dh_game_clone(dh_game** out, const dh_game* game, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!game) return null_arg(err, "game");
  return guarded(err, [&] {
    *out = new dh_game{game->game->clone()};
    return report(err, DH_OK, Reason::ok, "");
  });
}

int dh_game_reset(dh_game* game, dh_error* err) {
  if (!game) return null_arg(err, "game");
  game->game->reset();
  return report(err, DH_OK, Reason::ok, "");
}

int dh_game_name(const char** out_name, const dh_game* game) {
  if (out_name) *out_name = nullptr;
  if (!out_name || !game) return DH_E_NULL_ARGUMENT;
  *out_name = game->game->name();
  return DH_OK;
}

int dh_game_players(int32_t* out_players, const dh_game* game) {
  if (!out_players || !game) return DH_E_NULL_ARGUMENT;
  *out_players = game->game->players();
  return DH_OK;
}

int dh_game_deal_seed(dh_game* game, uint64_t seed, dh_error* err) {
  if (!game) return null_arg(err, "game");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->deal_seed(seed, &e), e);
  });
}

int dh_game_deal_text(dh_game* game, const char* cards, dh_error* err) {
  if (!game) return null_arg(err, "game");
  if (!cards) return null_arg(err, "cards");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->deal_text(cards, &e), e);
  });
}

int dh_game_reshuffle_seed(dh_game* game, uint64_t seed, dh_error* err) {
  if (!game) return null_arg(err, "game");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->reshuffle_seed(seed, &e), e);
  });
}

int dh_game_reshuffle_text(dh_game* game, const char* stock, dh_error* err) {
  if (!game) return null_arg(err, "game");
  if (!stock) return null_arg(err, "stock");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->reshuffle_text(stock, &e), e);
  });
}

int dh_game_needs_reshuffle(int32_t* out, const dh_game* game) {
  if (!out || !game) return DH_E_NULL_ARGUMENT;
  *out = game->game->needs_reshuffle() ? 1 : 0;
  return DH_OK;
}

int dh_game_buy_winner(int32_t* out_seat, const dh_game* game, uint32_t requests) {
  if (!out_seat || !game) return DH_E_NULL_ARGUMENT;
  // A bit for a seat the game does not have is the caller's mistake, not a request to drop.
  if (requests >> game->game->players() != 0) return DH_E_INVALID_ARGUMENT;
  // Deprecated (deckhand.h): the offer is in the state now. Of the seats asking, the one
  // whose buy the game accepts now, nearest after the seat to act; in an offer only the seat
  // offered the discard can buy, and before it any seat that may buy (the direct buy).
  *out_seat = -1;
  const Game& g = *game->game;
  const int n = g.players(), to_act = g.to_act();
  ActionCode buy;
  for (int k = 1; to_act >= 0 && k <= n; ++k) {
    const int seat = (to_act + k) % n;
    if ((requests >> seat & 1) && g.parse_action(seat, "buy", &buy, nullptr) == Reason::ok &&
        g.check(buy, nullptr) == Reason::ok) {
      *out_seat = seat;
      break;
    }
  }
  return DH_OK;
}

int dh_game_apply_text(dh_game* game, int32_t seat, const char* action, dh_error* err) {
  if (!game) return null_arg(err, "game");
  if (!action) return null_arg(err, "action");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->apply_text(seat, action, &e), e);
  });
}

namespace {
[[gnu::noinline, gnu::cold]] int apply_missing_argument(const dh_game* game, dh_error* err) {
  return null_arg(err, game ? "action" : "game");
}
}  // namespace

// With or without a dh_error, one path (src/common/c_game.hpp): a success writes a few fields
// of the error object, and only a refusal fills the rest.
int dh_game_apply(dh_game* game, const dh_action* action, dh_error* err) {
  if (!game || !action) return apply_missing_argument(game, err);
  return c_game(game)->c_apply(as_code(action), err);
}

int dh_game_legal_count(size_t* out_count, const dh_game* game) {
  if (!out_count || !game) return DH_E_NULL_ARGUMENT;
  *out_count = game->game->legal_count();
  return DH_OK;
}

int dh_game_apply_legal(size_t* out_count, dh_game* game, size_t index, dh_error* err) {
  if (!game) return null_arg(err, "game");
  return guarded(err, [&] {
    Error e;
    const Reason r = game->game->apply_legal(index, err ? &e : nullptr);
    if (r != Reason::ok) return from_reason(err, r, e);
    if (out_count) *out_count = game->game->legal_count();
    return err ? report(err, DH_OK, r, "") : DH_OK;
  });
}

int dh_game_is_legal(const dh_game* game, const dh_action* action, dh_error* err) {
  if (!game) return null_arg(err, "game");
  if (!action) return null_arg(err, "action");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->check(as_code(action), &e), e);
  });
}

int dh_game_is_legal_text(const dh_game* game, int32_t seat, const char* action, dh_error* err) {
  if (!game) return null_arg(err, "game");
  if (!action) return null_arg(err, "action");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->check_text(seat, action, &e), e);
  });
}

int dh_game_parse_action(dh_action* out, const dh_game* game, int32_t seat, const char* action,
                         dh_error* err) {
  if (!out) return null_arg(err, "out");
  if (!game) return null_arg(err, "game");
  if (!action) return null_arg(err, "action");
  return guarded(err, [&] {
    Error e;
    deckhand::ActionCode code;
    const Reason r = game->game->parse_action(seat, action, &code, &e);
    if (r == Reason::ok) *as_codes(out) = code;
    return from_reason(err, r, e);
  });
}

int dh_game_format_action(size_t* out_len, char* buf, size_t cap, const dh_game* game,
                          const dh_action* action) {
  if (!out_len || !game || !action) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr, [&] {
    const std::string text = game->game->format_action(as_code(action));
    if (text == "?") return DH_E_INVALID_ARGUMENT;
    return write_text(out_len, buf, cap, text);
  });
}

int dh_game_to_act(int32_t* out_seat, const dh_game* game) {
  if (!out_seat || !game) return DH_E_NULL_ARGUMENT;
  *out_seat = game->game->to_act();
  return DH_OK;
}

int dh_game_awaiting_deal(int32_t* out_flag, const dh_game* game) {
  if (!out_flag || !game) return DH_E_NULL_ARGUMENT;
  *out_flag = game->game->awaiting_deal() ? 1 : 0;
  return DH_OK;
}

int dh_game_is_over(int32_t* out_flag, const dh_game* game) {
  if (!out_flag || !game) return DH_E_NULL_ARGUMENT;
  *out_flag = game->game->over() ? 1 : 0;
  return DH_OK;
}

int dh_game_phase(const char** out_phase, const dh_game* game) {
  if (out_phase) *out_phase = nullptr;
  if (!out_phase || !game) return DH_E_NULL_ARGUMENT;
  *out_phase = game->game->phase_name();
  return DH_OK;
}

int dh_game_legal_actions(size_t* out_count, dh_action* actions, size_t cap, const dh_game* game) {
  if (!out_count || !game) return DH_E_NULL_ARGUMENT;
  // Straight into place (nothing is written when they do not fit); src/common/c_game.hpp.
  return c_game(game)->c_legal_actions(out_count, as_codes(actions), actions ? cap : 0);
}

int dh_game_legal_actions_text(size_t* out_len, char* buf, size_t cap, const dh_game* game) {
  if (!out_len || !game) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr, [&] {
    const size_t n = gather_legal_actions(game);
    std::string text;
    for (size_t i = 0; i < n; ++i)
      text += game->game->format_action(game->action_scratch[i]) + "\n";
    return write_text(out_len, buf, cap, text);
  });
}

int dh_game_view_text(size_t* out_len, char* buf, size_t cap, const dh_game* game, int32_t seat) {
  if (!out_len || !game) return DH_E_NULL_ARGUMENT;
  if (seat < -1 || seat >= game->game->players()) return DH_E_INVALID_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_text(out_len, buf, cap, game->game->view_text(seat)); });
}

int dh_game_view_json(size_t* out_len, char* buf, size_t cap, const dh_game* game, int32_t seat) {
  if (!out_len || !game) return DH_E_NULL_ARGUMENT;
  if (seat < -1 || seat >= game->game->players()) return DH_E_INVALID_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_text(out_len, buf, cap, game->game->view_json(seat)); });
}

int dh_game_scores(size_t* out_count, int64_t* scores, size_t cap, const dh_game* game) {
  if (!out_count || !game) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_array(out_count, scores, cap, game->game->scores()); });
}

int dh_game_winners(size_t* out_count, int32_t* seats, size_t cap, const dh_game* game) {
  if (!out_count || !game) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_array(out_count, seats, cap, game->game->winners()); });
}

int dh_game_last_deltas(size_t* out_count, int64_t* deltas, size_t cap, const dh_game* game) {
  if (!out_count || !game) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_array(out_count, deltas, cap, game->game->last_deltas()); });
}

int dh_game_last_hand_json(size_t* out_len, char* buf, size_t cap, const dh_game* game) {
  if (!out_len || !game) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_text(out_len, buf, cap, game->game->last_hand_json()); });
}

int dh_game_serialize(size_t* out_len, uint8_t* buf, size_t cap, const dh_game* game) {
  if (!out_len || !game) return DH_E_NULL_ARGUMENT;
  const size_t need = game->game->serialize_into(buf, cap);  // writes only when it fits
  *out_len = need;
  return buf && cap >= need ? DH_OK : DH_E_BUFFER_TOO_SMALL;
}

int dh_game_deserialize(dh_game** out, const uint8_t* bytes, size_t len, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!bytes) return null_arg(err, "bytes");
  return guarded(err, [&] {
    Error e;
    auto game = deckhand::deserialize_game(bytes, len, &e);
    if (!game) return from_reason(err, e.reason, e);
    *out = new dh_game{std::move(game)};
    return report(err, DH_OK, Reason::ok, "");
  });
}

int dh_game_deserialize_into(dh_game* game, const uint8_t* bytes, size_t len, dh_error* err) {
  if (!game) return null_arg(err, "game");
  if (!bytes) return null_arg(err, "bytes");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, game->game->load(bytes, len, &e), e);
  });
}

int dh_game_copy(dh_game* dst, const dh_game* src, dh_error* err) {
  if (!dst) return null_arg(err, "dst");
  if (!src) return null_arg(err, "src");
  return guarded(err, [&] {
    if (!dst->game->copy_from(*src->game)) dst->game = src->game->clone();  // another game
    return err ? report(err, DH_OK, Reason::ok, "") : DH_OK;
  });
}

int dh_game_keeps_history(int32_t* out_flag, const dh_game* game) {
  if (!out_flag || !game) return DH_E_NULL_ARGUMENT;
  *out_flag = game->game->keeps_history() ? 1 : 0;
  return DH_OK;
}

int dh_game_record(size_t* out_len, char* buf, size_t cap, const dh_game* game) {
  if (!out_len || !game) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr, [&] {
    std::string record;
    Error e;
    if (Reason r = game->game->write_record(&record, &e); r != Reason::ok) return status_of(r);
    return write_text(out_len, buf, cap, record);
  });
}

int dh_record_replay(dh_game** out, const char* record, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!record) return null_arg(err, "record");
  return guarded(err, [&] {
    deckhand::ReplayResult r = deckhand::replay_record(record);
    if (!r.ok)
      return report(err, status_of(r.error.reason), r.error.reason, r.error.message, r.line);
    *out = new dh_game{std::move(r.final_game)};
    return report(err, DH_OK, Reason::ok, "");
  });
}

int dh_record_replay_json(size_t* out_len, char* buf, size_t cap, const char* record) {
  if (!out_len || !record) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr, [&] {
    return write_text(out_len, buf, cap, deckhand::replay_json(deckhand::replay_record(record)));
  });
}

int dh_record_replay_json_n(size_t* out_len, char* buf, size_t cap, const char* record,
                            size_t len) {
  if (!out_len || (!record && len)) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr, [&] {
    const std::string_view bytes = len ? std::string_view(record, len) : std::string_view();
    return write_text(out_len, buf, cap, deckhand::replay_json(deckhand::replay_record(bytes)));
  });
}

int dh_quote(size_t* out_len, char* buf, size_t cap, const char* text, size_t len) {
  if (!out_len || (!text && len)) return DH_E_NULL_ARGUMENT;
  const std::string_view bytes = len ? std::string_view(text, len) : std::string_view();
  return write_text(out_len, buf, cap, deckhand::text::quote(bytes).c_str());
}

// ---- Tables ----

struct dh_table {
  std::unique_ptr<deckhand::Table> table;
};

namespace {
int table_seat_ok(const dh_table* t, int32_t seat, bool spectator) {
  return seat >= (spectator ? -1 : 0) && seat < t->table->players();
}
}  // namespace

int dh_table_new(dh_table** out, const char* name, int32_t players, const char* const* options,
                 size_t n_options, const char* const* table_options, size_t n_table_options,
                 uint64_t seed, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!name) return null_arg(err, "name");
  if (n_options && !options) return null_arg(err, "options");
  if (n_table_options && !table_options) return null_arg(err, "table_options");
  return guarded(err, [&] {
    deckhand::OptionList game_list, table_list;
    if (int st = option_list(options, n_options, &game_list, err); st != DH_OK) return st;
    if (int st = option_list(table_options, n_table_options, &table_list, err); st != DH_OK)
      return st;
    Error e;
    auto table = deckhand::Table::create(name, players, game_list, table_list, seed, &e);
    if (!table) return from_reason(err, e.reason, e);
    *out = new dh_table{std::move(table)};
    return report(err, DH_OK, Reason::ok, "");
  });
}

void dh_table_free(dh_table* table) {
  delete table;
}

int dh_table_clone(dh_table** out, const dh_table* table, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    *out = new dh_table{std::make_unique<deckhand::Table>(*table->table)};
    return report(err, DH_OK, Reason::ok, "");
  });
}

int dh_table_seat_human(dh_table* table, int32_t seat, dh_error* err) {
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, table->table->seat_human(seat, &e), e);
  });
}

int dh_table_seat_bot(dh_table* table, int32_t seat, const char* level, dh_error* err) {
  if (!table) return null_arg(err, "table");
  if (!level) return null_arg(err, "level");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, table->table->seat_bot(seat, level, &e), e);
  });
}

int dh_table_leave(dh_table* table, int32_t seat, int64_t now_ms, dh_error* err) {
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, table->table->leave(seat, now_ms, &e), e);
  });
}

int dh_table_act(dh_table* table, int32_t seat, const char* action, int64_t now_ms, dh_error* err) {
  if (!table) return null_arg(err, "table");
  if (!action) return null_arg(err, "action");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, table->table->act(seat, action, now_ms, &e), e);
  });
}

int dh_table_nonce(dh_table* table, int32_t seat, const char* hex, int64_t now_ms, dh_error* err) {
  if (!table) return null_arg(err, "table");
  if (!hex) return null_arg(err, "hex");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, table->table->nonce(seat, hex, now_ms, &e), e);
  });
}

int dh_table_tick(dh_table* table, int64_t now_ms, dh_error* err) {
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    Error e;
    return from_reason(err, table->table->tick(now_ms, &e), e);
  });
}

int dh_table_players(int32_t* out_players, const dh_table* table) {
  if (!out_players || !table) return DH_E_NULL_ARGUMENT;
  *out_players = table->table->players();
  return DH_OK;
}

int dh_table_holder(int32_t* out_holder, const dh_table* table, int32_t seat) {
  if (!out_holder || !table) return DH_E_NULL_ARGUMENT;
  if (!table_seat_ok(table, seat, false)) return DH_E_INVALID_ARGUMENT;
  *out_holder = int32_t(table->table->holder(seat));
  return DH_OK;
}

int dh_table_to_act(int32_t* out_seat, const dh_table* table) {
  if (!out_seat || !table) return DH_E_NULL_ARGUMENT;
  *out_seat = table->table->to_act();
  return DH_OK;
}

int dh_table_may_act(size_t* out_count, int32_t* seats, size_t cap, const dh_table* table) {
  if (!out_count || !table) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_array(out_count, seats, cap, table->table->may_act()); });
}

int dh_table_deadline_ms(int64_t* out_ms, const dh_table* table) {
  if (!out_ms || !table) return DH_E_NULL_ARGUMENT;
  *out_ms = table->table->deadline_ms();
  return DH_OK;
}

int dh_table_next_due_ms(int64_t* out_ms, const dh_table* table) {
  if (!out_ms || !table) return DH_E_NULL_ARGUMENT;
  *out_ms = table->table->next_due_ms();
  return DH_OK;
}

int dh_table_is_over(int32_t* out_flag, const dh_table* table) {
  if (!out_flag || !table) return DH_E_NULL_ARGUMENT;
  *out_flag = table->table->is_over();
  return DH_OK;
}

int dh_table_scores(size_t* out_count, int64_t* scores, size_t cap, const dh_table* table) {
  if (!out_count || !table) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr,
                 [&] { return write_array(out_count, scores, cap, table->table->scores()); });
}

int dh_table_seq(uint64_t* out_seq, const dh_table* table) {
  if (!out_seq || !table) return DH_E_NULL_ARGUMENT;
  *out_seq = table->table->seq();
  return DH_OK;
}

int dh_table_legal_actions_text(size_t* out_len, char* buf, size_t cap, const dh_table* table,
                                int32_t seat) {
  if (!out_len || !table) return DH_E_NULL_ARGUMENT;
  if (!table_seat_ok(table, seat, true)) return DH_E_INVALID_ARGUMENT;
  return guarded(nullptr, [&] {
    std::string text;
    for (const std::string& a : table->table->legal_actions_text(seat)) text += a + "\n";
    return write_text(out_len, buf, cap, text);
  });
}

int dh_table_events_json(size_t* out_len, char* buf, size_t cap, const dh_table* table,
                         int32_t seat, uint64_t since, dh_error* err) {
  if (!out_len) return null_arg(err, "out_len");
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    std::string json;
    Error e;
    if (Reason r = table->table->events_json(seat, since, &json, &e); r != Reason::ok)
      return from_reason(err, r, e);
    return write_text_reported(out_len, buf, cap, json, err);
  });
}

int dh_table_snapshot_json(size_t* out_len, char* buf, size_t cap, const dh_table* table,
                           int32_t seat, dh_error* err) {
  if (!out_len) return null_arg(err, "out_len");
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    std::string json;
    Error e;
    if (Reason r = table->table->snapshot_json(seat, &json, &e); r != Reason::ok)
      return from_reason(err, r, e);
    return write_text_reported(out_len, buf, cap, json, err);
  });
}

int dh_table_record(size_t* out_len, char* buf, size_t cap, const dh_table* table, dh_error* err) {
  if (!out_len) return null_arg(err, "out_len");
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    std::string record;
    Error e;
    if (Reason r = table->table->write_record(&record, &e); r != Reason::ok)
      return from_reason(err, r, e);
    return write_text_reported(out_len, buf, cap, record, err);
  });
}

int dh_table_game(dh_game** out, const dh_table* table, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!table) return null_arg(err, "table");
  return guarded(err, [&] {
    *out = new dh_game{table->table->game().clone()};
    return report(err, DH_OK, Reason::ok, "");
  });
}

int dh_table_serialize(size_t* out_len, uint8_t* buf, size_t cap, const dh_table* table) {
  if (!out_len || !table) return DH_E_NULL_ARGUMENT;
  return guarded(nullptr, [&] {
    const std::vector<uint8_t> bytes = table->table->serialize();
    *out_len = bytes.size();
    if (!buf || cap < bytes.size()) return DH_E_BUFFER_TOO_SMALL;
    std::memcpy(buf, bytes.data(), bytes.size());
    return DH_OK;
  });
}

int dh_table_deserialize(dh_table** out, const uint8_t* bytes, size_t len, dh_error* err) {
  if (out) *out = nullptr;
  if (!out) return null_arg(err, "out");
  if (!bytes) return null_arg(err, "bytes");
  return guarded(err, [&] {
    Error e;
    auto table = deckhand::Table::deserialize(bytes, len, &e);
    if (!table) return from_reason(err, e.reason, e);
    *out = new dh_table{std::move(table)};
    return report(err, DH_OK, Reason::ok, "");
  });
}

}  // extern "C"
