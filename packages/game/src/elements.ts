/** Elements of enemies and the magic advantage cycle (spec section 9). */
import { Element } from "./enums";

/** Enemy element by number modulo 3: 1 Fire, 2 Nature, 0 Water (from the spec). */
export function enemyElement(enemyNumber: number): Element {
  const r = ((enemyNumber % 3) + 3) % 3;
  return r === 1 ? Element.Fire : r === 2 ? Element.Nature : Element.Water;
}

/** The element after `e` in the cycle Fire -> Nature -> Water -> Fire (None for None). */
export function nextElement(e: Element): Element {
  switch (e) {
    case Element.Fire:
      return Element.Nature;
    case Element.Nature:
      return Element.Water;
    case Element.Water:
      return Element.Fire;
    default:
      return Element.None;
  }
}

/** Bonus of the magic advantage (+25% / -25%, from the spec). */
export const MAGIC_ADVANTAGE = 0.25;

/**
 * Damage modifier of an `attacker` element against a `defender` element (from the spec):
 * the defender is the next element in the cycle Fire, Nature, Water: +0.25;
 * the one after that: -0.25; same element or None on either side: 0.
 */
export function magicAdvantage(attacker: Element, defender: Element): number {
  if (attacker === Element.None || defender === Element.None || attacker === defender) return 0;
  return nextElement(attacker) === defender ? MAGIC_ADVANTAGE : -MAGIC_ADVANTAGE;
}

/**
 * The magic type with the advantage against an enemy element (our design: the default the
 * enemy-selection screen proposes). Water beats Fire, Fire beats Nature, Nature beats Water.
 */
export function advantagedMagicType(enemy: Element): Element {
  switch (enemy) {
    case Element.Fire:
      return Element.Water;
    case Element.Nature:
      return Element.Fire;
    case Element.Water:
      return Element.Nature;
    default:
      return Element.Fire;
  }
}
