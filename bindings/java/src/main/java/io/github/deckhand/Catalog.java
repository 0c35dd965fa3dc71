package io.github.deckhand;

import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What games, options, phases and action kinds the library has (dh_catalog_*): a program builds its
 * menus and forms from it and names no game itself.
 */
public final class Catalog {
  private Catalog() {}

  /** One option of a game: values is "reject|penalize", "1..10000" (whole numbers), or both. */
  public record OptionInfo(
      String name, String values, String defaultValue, String rule, String description) {}

  /** One action kind: its dh_action kind number, name and action text syntax. */
  public record ActionKind(int kind, String name, String syntax) {}

  /**
   * One game. limitOption is the option that bounds its length ("max_hands"); unattended play sets
   * it to unattendedLimit. lowerIsBetter: the lowest total wins.
   */
  public record GameInfo(
      String name,
      String description,
      int minPlayers,
      int maxPlayers,
      List<OptionInfo> options,
      List<String> phases,
      List<ActionKind> actionKinds,
      String limitOption,
      int unattendedLimit,
      boolean lowerIsBetter) {}

  private static volatile List<GameInfo> games;

  /** Every game of the library, in its fixed order. */
  public static List<GameInfo> games() {
    List<GameInfo> g = games;
    if (g == null) games = g = load();
    return g;
  }

  /**
   * The game of that name (ASCII case and surrounding spaces ignored, as the library matches
   * names), or empty.
   */
  public static Optional<GameInfo> find(String name) {
    Args.text(name, "name");
    String wanted = name.strip().toLowerCase(Locale.ROOT);
    for (GameInfo g : games()) if (g.name().equals(wanted)) return Optional.of(g);
    return Optional.empty();
  }

  /** The whole catalog as the JSON of `deckhand games --json`. */
  public static String json() {
    return Native.readText((len, buf, cap) -> Native.LIB.dh_catalog_json(len, buf, cap));
  }

  private static List<GameInfo> load() {
    Native.SizeTByReference count = new Native.SizeTByReference();
    Native.check(Native.LIB.dh_catalog_game_count(count));
    List<GameInfo> out = new ArrayList<>();
    for (long i = 0; i < count.value(); i++) {
      Native.SizeT gi = Native.size(i);
      Native.DhGameInfo info = new Native.DhGameInfo();
      Native.check(Native.LIB.dh_catalog_game(info, gi));
      info.read();
      List<OptionInfo> options = new ArrayList<>();
      for (int k = 0; k < info.option_count; k++) {
        Native.DhOptionInfo o = new Native.DhOptionInfo();
        Native.check(Native.LIB.dh_catalog_option(o, gi, Native.size(k)));
        o.read();
        options.add(
            new OptionInfo(
                Native.string(o.name),
                Native.string(o.values),
                Native.string(o.default_value),
                Native.string(o.rule),
                Native.string(o.description)));
      }
      List<String> phases = new ArrayList<>();
      for (int k = 0; k < info.phase_count; k++) {
        PointerByReference p = new PointerByReference();
        Native.check(Native.LIB.dh_catalog_phase(p, gi, Native.size(k)));
        phases.add(Native.string(p.getValue()));
      }
      List<ActionKind> kinds = new ArrayList<>();
      for (int k = 0; k < info.action_kind_count; k++) {
        Native.DhActionKindInfo a = new Native.DhActionKindInfo();
        Native.check(Native.LIB.dh_catalog_action_kind(a, gi, Native.size(k)));
        a.read();
        kinds.add(new ActionKind(a.kind, Native.string(a.name), Native.string(a.syntax)));
      }
      out.add(
          new GameInfo(
              Native.string(info.name),
              Native.string(info.description),
              info.min_players,
              info.max_players,
              Collections.unmodifiableList(options),
              Collections.unmodifiableList(phases),
              Collections.unmodifiableList(kinds),
              Native.string(info.limit_option),
              info.unattended_limit,
              info.lower_is_better != 0));
    }
    return Collections.unmodifiableList(out);
  }
}
