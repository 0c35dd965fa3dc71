// Reason names and the formatted refusal messages shared by every game.
#include "deckhand/error.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "text.hpp"

namespace deckhand {

namespace {
struct ReasonInfo {
  Reason reason;
  const char* name;
  const char* text;
};
constexpr ReasonInfo kReasons[] = {
#define DECKHAND_REASON_INFO(name, value, text) {Reason::name, #name, text},
    DECKHAND_REASONS(DECKHAND_REASON_INFO)
#undef DECKHAND_REASON_INFO
};

const ReasonInfo* find(Reason r) {
  for (const auto& info : kReasons)
    if (info.reason == r) return &info;
  return nullptr;
}
}  // namespace

const char* reason_name(Reason r) {
  const ReasonInfo* info = find(r);
  return info ? info->name : "unknown_reason";
}

const char* reason_text(Reason r) {
  const ReasonInfo* info = find(r);
  return info ? info->text : "unknown reason";
}

bool reason_from_name(const char* name, Reason* out) {
  if (!name) return false;
  for (const auto& info : kReasons) {
    if (std::strcmp(info.name, name) == 0) {
      *out = info.reason;
      return true;
    }
  }
  return false;
}

Reason fail(Error* err, Reason reason, const char* format, ...) {
  if (err) {
    err->reason = reason;
    int n = std::snprintf(err->message, sizeof err->message, "%s: ", reason_name(reason));
    if (n < 0) n = 0;
    if (size_t(n) < sizeof err->message) {
      va_list args;
      va_start(args, format);
      std::vsnprintf(err->message + n, sizeof err->message - size_t(n), format, args);
      va_end(args);
      // A cut message must not end inside a UTF-8 character (records may hold any text).
      err->message[text::utf8_cut(err->message, std::strlen(err->message))] = '\0';
    }
  }
  return reason;
}

}  // namespace deckhand
