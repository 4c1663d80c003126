import { readFileSync } from 'node:fs';
import type { Distinctiveness, Module } from '../instance.schema.ts';

/** One habitat of the statutory metric, as the generator uses it. */
export type Habitat = {
  module: Module;
  broadHabitat: string;
  habitatType: string;
  distinctiveness: Distinctiveness;
};

const MODULE_OF = { area: 'Area', hedgerow: 'Linear', watercourse: 'River' } as const satisfies Record<
  string,
  Module
>;
const BAND_OF = {
  Low: 'Low',
  Medium: 'Medium',
  High: 'High',
  'V.High': 'VeryHigh',
} as const satisfies Record<string, Distinctiveness>;

/** Splits one RFC-4180 line (quoted fields may hold commas and doubled quotes). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** The metric's habitats (reference/habitats.csv), without the Very Low band the market does not trade. */
export function loadHabitats(): Habitat[] {
  const text = readFileSync(new URL('../../reference/habitats.csv', import.meta.url), 'utf8');
  const habitats: Habitat[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const [module, broad, type, band] = splitCsvLine(line);
    const m = MODULE_OF[module as keyof typeof MODULE_OF];
    const d = BAND_OF[band as keyof typeof BAND_OF];
    if (!m || !d || !type) continue;
    habitats.push({ module: m, broadHabitat: broad ?? '', habitatType: type, distinctiveness: d });
  }
  return habitats;
}
