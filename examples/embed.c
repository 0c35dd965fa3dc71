/* Embedding deckhand from C: deal a Ghost Hand Euchre hand, let every seat take its first
 * legal action until the hand is scored, and print the scores. */
#include <stdio.h>

#include "deckhand.h"

int main(void) {
  const char* options[] = {"renege=reject", "target=32"};
  dh_game* game = NULL;
  dh_error err = DH_ERROR_INIT;
  if (dh_game_new(&game, "ghost-euchre", options, 2, 0, 0, &err) != DH_OK) {
    fprintf(stderr, "%s\n", err.message);
    return 1;
  }
  dh_game_deal_seed(game, 42, NULL);
  int32_t awaiting = 0;
  while (dh_game_awaiting_deal(&awaiting, game) == DH_OK && !awaiting) {
    dh_action legal[16];
    size_t count = 0;
    dh_game_legal_actions(&count, legal, 16, game);
    const dh_action* pick = &legal[count - 1]; /* always the last listed action */
    char text[64];
    size_t len = 0;
    dh_game_format_action(&len, text, sizeof text, game, pick);
    printf("seat %d: %s\n", pick->seat, text);
    if (dh_game_apply(game, pick, &err) != DH_OK) {
      fprintf(stderr, "%s\n", err.message);
      break;
    }
  }
  int64_t scores[3];
  size_t n = 0;
  dh_game_scores(&n, scores, 3, game);
  printf("scores: %lld %lld %lld\n", (long long)scores[0], (long long)scores[1],
         (long long)scores[2]);
  dh_game_free(game);
  return 0;
}
