package io.github.deckhand

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class KotlinPlayTest {
    @Test
    fun aKotlinProgramPlaysAWholeGameOfEveryGame() {
        val played = playEveryGame()
        assertEquals(Catalog.games().map { it.name() }, played.map { it.game })
        for (p in played) {
            assertTrue(p.actions > 0, p.toString())
            assertEquals(p.players, p.scores.size, p.toString())
            assertTrue(p.winners.isNotEmpty(), p.toString())
        }
        main()
    }
}
