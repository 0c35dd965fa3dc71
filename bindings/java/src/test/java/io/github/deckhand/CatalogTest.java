package io.github.deckhand;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogTest {
  @Test
  void versionIsTheLibrarys() {
    assertTrue(Deckhand.version().matches("\\d+\\.\\d+\\.\\d+.*"), Deckhand.version());
    String[] p = Deckhand.version().split("[.-]");
    assertEquals(
        Integer.parseInt(p[0]) * 10000 + Integer.parseInt(p[1]) * 100 + Integer.parseInt(p[2]),
        Deckhand.versionNumber());
  }

  @Test
  void structuredCatalogAgreesWithItsJson() {
    List<Catalog.GameInfo> games = Catalog.games();
    assertFalse(games.isEmpty());
    JsonArray json =
        JsonParser.parseString(Catalog.json()).getAsJsonObject().getAsJsonArray("games");
    assertEquals(json.size(), games.size());
    for (int i = 0; i < games.size(); i++) {
      Catalog.GameInfo g = games.get(i);
      JsonObject j = json.get(i).getAsJsonObject();
      assertEquals(j.get("name").getAsString(), g.name());
      assertEquals(j.get("description").getAsString(), g.description());
      assertEquals(j.get("min_players").getAsInt(), g.minPlayers());
      assertEquals(j.get("max_players").getAsInt(), g.maxPlayers());
      assertEquals(j.get("limit_option").getAsString(), g.limitOption());
      assertEquals(j.get("unattended_limit").getAsInt(), g.unattendedLimit());
      assertEquals(j.get("lower_is_better").getAsBoolean(), g.lowerIsBetter());
      JsonArray phases = j.getAsJsonArray("phases");
      assertEquals(phases.size(), g.phases().size());
      for (int k = 0; k < phases.size(); k++)
        assertEquals(phases.get(k).getAsString(), g.phases().get(k));
      JsonArray options = j.getAsJsonArray("options");
      assertEquals(options.size(), g.options().size());
      for (int k = 0; k < options.size(); k++) {
        JsonObject o = options.get(k).getAsJsonObject();
        Catalog.OptionInfo oi = g.options().get(k);
        assertEquals(o.get("name").getAsString(), oi.name());
        assertEquals(o.get("values").getAsString(), oi.values());
        assertEquals(o.get("default").getAsString(), oi.defaultValue());
        assertEquals(o.get("rule").getAsString(), oi.rule());
        assertEquals(o.get("description").getAsString(), oi.description());
      }
      JsonArray kinds = j.getAsJsonArray("action_kinds");
      assertEquals(kinds.size(), g.actionKinds().size());
      for (int k = 0; k < kinds.size(); k++) {
        JsonObject a = kinds.get(k).getAsJsonObject();
        Catalog.ActionKind ak = g.actionKinds().get(k);
        assertEquals(a.get("code").getAsInt(), ak.kind());
        assertEquals(a.get("name").getAsString(), ak.name());
        assertEquals(a.get("syntax").getAsString(), ak.syntax());
      }
    }
  }

  @Test
  void findMatchesAsTheLibraryDoes() {
    for (Catalog.GameInfo g : Catalog.games()) {
      assertEquals(g, Catalog.find("  " + g.name().toUpperCase() + " ").orElseThrow());
      try (Game game = new Game(" " + g.name().toUpperCase() + " ", g.minPlayers())) {
        assertEquals(g.name(), game.name());
        assertEquals(g.minPlayers(), game.players());
        assertTrue(g.phases().contains(game.phase()), game.phase());
      }
    }
    assertTrue(Catalog.find("no such game").isEmpty());
    assertThrows(IllegalArgumentException.class, () -> Catalog.find("x\0"));
  }

  @Test
  void everyOptionDefaultIsAccepted() {
    for (Catalog.GameInfo g : Catalog.games()) {
      for (Catalog.OptionInfo o : g.options()) {
        try (Game game =
            new Game(g.name(), g.minPlayers(), java.util.Map.of(o.name(), o.defaultValue()))) {
          assertEquals(g.name(), game.name());
        }
      }
    }
  }
}
