import { describe, expect, it } from "vitest";
import {
  NAME_DOUBLE_UNDERSCORE_ERROR,
  NAME_LENGTH_ERROR,
  NAME_RESERVED_ERROR,
  NAME_UNDERSCORE_EDGE_ERROR,
  RESERVED_NAME_WORDS,
  validateNewPlayerName,
  validatePlayerName,
} from "../src/names";

describe("validatePlayerName", () => {
  it("accepts letters and single inner underscores of 3-20 characters", () => {
    expect(validatePlayerName("Ann")).toBeNull();
    expect(validatePlayerName("Merlin_the_Grey")).toBeNull();
    expect(validatePlayerName("a".repeat(20))).toBeNull();
  });

  it("refuses lengths outside 3-20 and other characters", () => {
    expect(validatePlayerName("ab")).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("a".repeat(21))).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("mage42")).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("mage one")).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("Zoë")).toBe(NAME_LENGTH_ERROR);
  });

  it("refuses underscores at the edges and doubled", () => {
    expect(validatePlayerName("_mage")).toBe(NAME_UNDERSCORE_EDGE_ERROR);
    expect(validatePlayerName("mage_")).toBe(NAME_UNDERSCORE_EDGE_ERROR);
    expect(validatePlayerName("ma__ge")).toBe(NAME_DOUBLE_UNDERSCORE_ERROR);
  });
});

describe("validateNewPlayerName", () => {
  it("refuses every reserved word in any case, and with underscores inside", () => {
    for (const word of RESERVED_NAME_WORDS) {
      const name = word.length < 3 ? `${word}_x` : word;
      expect(validateNewPlayerName(name)).toBe(NAME_RESERVED_ERROR);
      expect(validateNewPlayerName(name.toUpperCase())).toBe(NAME_RESERVED_ERROR);
    }
    for (const name of ["System", "ADMINISTRATOR", "Ad_min", "Man_a_spire", "S_u_p_p_o_r_t"]) {
      expect(validateNewPlayerName(name)).toBe(NAME_RESERVED_ERROR);
    }
  });

  it("refuses a name whose first part is reserved, like generated guest names", () => {
    for (const name of ["Guest_abcdefgh", "guest_x", "Admin_Bob", "Mod_Jane", "Server_News"]) {
      expect(validateNewPlayerName(name)).toBe(NAME_RESERVED_ERROR);
    }
  });

  it("allows reserved words later in a name and longer words that merely start alike", () => {
    for (const name of ["Lord_Admin", "Eve_Moderator", "Modesto", "Guesthouse", "Staffan"]) {
      expect(validateNewPlayerName(name)).toBeNull();
    }
  });

  it("checks the name rules first, and lookups by name do not refuse reserved names", () => {
    expect(validateNewPlayerName("Admin_")).toBe(NAME_UNDERSCORE_EDGE_ERROR);
    expect(validateNewPlayerName("ab")).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("Guest_abcdefgh")).toBeNull();
  });
});
