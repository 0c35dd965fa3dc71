// Reinforcement-learning encoders (internal header): fixed-shape, seat-relative observations
// built from a game's per-seat view (so they hold only what that seat may see: rules G11,
// S13), fixed action index spaces, and a batch of games stepped together. The C ABI exposes
// them as dh_rl_* and dh_batch_*; docs/observations.md documents every layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "deckhand/bots.hpp"
#include "deckhand/game.hpp"

namespace deckhand::rl {

struct Spec {
  int observation_size = 0;     // floats per observation
  int action_space_size = 0;    // indices an action mask covers
  int action_feature_size = 0;  // floats per action of a listed game's choices (else 0)
};

// Rewards are score changes times this: -1 where the game's lowest total wins
// (GameSpec::lower_is_better), else 1.
float reward_sign(const Game& game);

// A listed game's decisions (docs/observations.md): where actions are too many to index
// (melds are combinatorial), an action index is a position in an ordered list of the deciding
// seat's actions, capped at spec.action_space_size (at most kMaxChoices), each position with
// spec.action_feature_size floats describing its action. The deciding seat is the game's seat
// to act: what other seats may do in turn (Toonerville's buy, T6) is offered in the state.
inline constexpr int kMaxChoices = 64;
struct Listed {
  // The seat to act's choices in index order into out[0 .. return) (room for
  // spec.action_space_size); `legal` is scratch for the game's legal actions.
  size_t (*choices)(const Game& game, std::vector<ActionCode>* legal, ActionCode* out);
  // The features of list[0 .. count) into out[0 .. count * spec.action_feature_size), and
  // zeros in the rows from count to clear_to (spec.action_space_size: all of them; a batch
  // passes its previous count).
  void (*features)(const Game& game, const ActionCode* list, size_t count, float* out,
                   size_t clear_to);
  // Applies a choice of the list.
  Reason (*apply)(Game& game, const ActionCode& choice, Error* err);
};

// The encoders of one game; nullptr for a game without them.
struct Encoder {
  Spec spec;
  // The observation of `seat` (0 .. players-1) into out[0 .. spec.observation_size).
  void (*observe)(const Game& game, int seat, float* out);
  // The action index of a legal action code; nullptr for a listed game, whose index is a
  // position in the list its `listed->choices` gives.
  int (*index_of)(const ActionCode& code);
  // A listed game's decisions; nullptr for a game with index_of.
  const Listed* listed = nullptr;
};
const Encoder* encoder_for(const Game& game);

// Writes the mask of the seat to act (mask[i] = 1 when index i is legal now) into
// mask[0 .. spec.action_space_size); returns the number of legal actions. `codes` is room
// for the legal actions, grown as needed and kept by the caller for the next call.
size_t action_mask(const Encoder& enc, const Game& game, uint8_t* mask,
                   std::vector<ActionCode>* codes);
// The legal actions of the seat to act into `codes` (grown as needed); returns how many.
size_t legal_codes(const Game& game, std::vector<ActionCode>* codes);
// Applies the legal action of that index; Reason::bad_action_index (nothing changed) when no
// legal action has it.
Reason apply_index(const Encoder& enc, Game& game, int index, Error* err);

// n games of one kind, stepped together; each deals from its own stream of seeds (game i of
// a batch seeded s deals as a lone game seeded s + i), and starts again when it ends.
class Batch {
 public:
  // n games made alike (history=off, owned by the caller) and their encoder.
  Batch(std::vector<Game*> games, const Encoder& enc, uint32_t max_steps);

  size_t size() const { return games_.size(); }
  int players() const { return players_; }
  const Encoder& encoder() const { return enc_; }
  const Game& game(size_t i) const { return *games_[i]; }

  // Every game new and dealt; game i from seed + i. Writes the first observations and masks.
  Reason reset(uint64_t seed, float* obs, uint8_t* mask, int32_t* to_act, Error* err);
  // One action index per game for its seat to act. Writes, per game: the observation and
  // mask of the seat to act next (of the next game when this one ended), rewards per seat
  // (score changes of a hand scored by this step), terminated (the game ended) and
  // truncated (max_steps reached). When an index is not legal, *bad_game is that game,
  // Reason::bad_action_index is returned, and no game has moved.
  Reason step(const int32_t* actions, float* obs, uint8_t* mask, float* rewards,
              uint8_t* terminated, uint8_t* truncated, int32_t* to_act, size_t* bad_game,
              Error* err);
  // A listed game's action features of every game's decision,
  // [n][spec.action_space_size][spec.action_feature_size],
  // written by reset and step (empty for the other games).
  const float* features() const { return features_.data(); }
  // Each game's legal action indices, [n][action_space_size] with the first counts()[i] of
  // row i used (in the game's legal order), written by reset and step: a uniform random
  // choice then costs the same however wide the mask.
  const int32_t* legal_indices() const { return legal_.data(); }
  const int32_t* legal_counts() const { return legal_counts_.data(); }

  // Seats bots in every seat but each game's learner, from the next reset on: levels[k-1]
  // sits k seats to the learner's left (players - 1 levels), each made by make_bot with
  // `options`; learner_seat is the learner's seat, or -1: game i's episode e puts it in seat
  // (i + e) % players. reset and step then play the bots' decisions up to each learner's
  // next one, and rewards are the learner's only. Checks every level (a bot is made).
  Reason seat_bots(std::vector<std::string> levels, OptionList options, int learner_seat,
                   Error* err);

 private:
  // With bots: makes game i's bots for an episode seeded `seed`, and plays them.
  Reason make_bots(size_t i, uint64_t seed, Error* err);
  // Deals and plays game i's bots until its learner decides (*learner_decides) or it is over.
  Reason play_bots(size_t i, bool* learner_decides, Error* err);
  Reason restart_seated(size_t i, Error* err);

  // Deals while the game waits for a deal, from its stream.
  Reason deal_until_acting(size_t i, Error* err);
  Reason restart(size_t i, Error* err);
  void write_outputs(size_t i, float* obs, uint8_t* mask, int32_t* to_act);

  std::vector<Game*> games_;
  std::vector<uint64_t> streams_;  // SplitMix64 states: each deal seed is the next output
  std::vector<uint32_t> steps_;    // actions in the current episode
  std::vector<ActionCode> scratch_;
  // Per game and action index: its position in the legal list, or -1 (noted with the mask).
  std::vector<int16_t> positions_;
  // Listed games: each game's choices and their count.
  std::vector<ActionCode> choices_;
  std::vector<uint16_t> counts_;
  std::vector<float> features_;
  std::vector<int32_t> legal_;
  std::vector<int32_t> legal_counts_;
  bool ready_ = false;  // reset has run: the positions are the games' own
  const Encoder& enc_;
  uint32_t max_steps_;
  int players_;
  float reward_sign_;
  // Bots (seat_bots): their levels and options, the learner rule (-1: rotate), and per game
  // its bots (players - 1, nearest the learner's left first), learner, episodes started, and
  // the learner's score when its reward was last counted.
  bool seated_ = false;
  std::vector<std::string> bot_levels_;
  OptionList bot_options_;
  int learner_rule_ = 0;
  std::vector<std::unique_ptr<bots::Bot>> bots_;
  std::vector<int> learner_;
  std::vector<uint64_t> episodes_;
  std::vector<int64_t> marks_;
};

// The seed of the next deal from a stream (SplitMix64; Python's env uses the same).
uint64_t next_deal_seed(uint64_t* stream);

}  // namespace deckhand::rl
