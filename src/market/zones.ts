/**
 * Zones: the API gives each listing a section name and no zone (one agent's own `zone` field aside), so tix
 * groups sections by their names, the same way for every agent and event:
 * - a number is its hundreds (`101`, `124` → `100s`; `7` → `1–99`): arenas and stadiums number their levels so;
 * - a name that ends in a number or a single letter drops it (`Floor A` → `Floor`, `Terrace 212` → `Terrace`,
 *   `Field Box 12` → `Field Box`);
 * - any other name is a zone of its own (`Orchestra Left`, `Lawn`, `GA`); no section at all is `(no section)`.
 * Case and spaces do not part two sections of one zone: the zone is named as its first section spells it.
 */
export function zoneOf(section: string): string {
  const name = section.trim().replace(/\s+/g, ' ');
  if (name === '') return '(no section)';
  if (/^\d+$/.test(name)) {
    const n = Number(name);
    return n < 100 ? '1–99' : `${Math.floor(n / 100) * 100}s`;
  }
  const stripped = name.replace(/\s+(\d+|[A-Za-z])$/, '');
  return stripped === '' ? name : stripped;
}

/** The rule in one sentence, for the report and the guide. */
export const ZONE_RULE =
  'Zones group sections by name (the API gives none): a numbered section is its hundreds (101 and 124 are the 100s), a name ending in a number or a single letter drops it (Floor A and Floor B are Floor), any other name is its own zone.';
