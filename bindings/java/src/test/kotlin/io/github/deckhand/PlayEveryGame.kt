// A Kotlin program over the Java binding: a whole random game of every game of the catalog,
// each seat played by one of the library's bots. KotlinPlayTest runs it in `make java-test`.
package io.github.deckhand

/** One game's outcome: its name, players, actions applied, final scores and winners. */
data class Played(val game: String, val players: Int, val actions: Int, val scores: List<Long>, val winners: List<Int>)

/** Plays one game of `info` with a bot of a level from Bot.LEVELS (not the searching one) at each seat. */
fun playOne(info: Catalog.GameInfo, seed: Long): Played {
    val options = mutableMapOf<String, String>()
    if (!info.limitOption().isNullOrEmpty()) options[info.limitOption()] = "2"
    val players = info.minPlayers()
    Game(info.name(), players, options).use { game ->
        val bots = (0 until players).map { Bot(info.name(), Bot.LEVELS[it % 2], seed + it) }
        try {
            var actions = 0
            var deal = seed
            while (!game.isOver) {
                when {
                    game.awaitingDeal() -> game.deal(deal++)
                    game.needsReshuffle() -> game.reshuffle(deal++)
                    else -> {
                        val seat = game.toAct().asInt
                        game.apply(seat, bots[seat].choose(game))
                        actions++
                    }
                }
            }
            return Played(info.name(), players, actions, game.scores().toList(), game.winners().toList())
        } finally {
            bots.forEach { it.close() }
        }
    }
}

fun playEveryGame(seed: Long = 2026): List<Played> = Catalog.games().map { playOne(it, seed) }

fun main() {
    for (p in playEveryGame()) {
        println("${p.game} (${p.players} players): ${p.actions} actions, scores ${p.scores}, winners ${p.winners}")
    }
}
