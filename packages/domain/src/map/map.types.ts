import type { NamedReference } from '../market/market.schema.ts';
import type { CreditType } from '../vocab/credits.ts';
import type { MarketRoundStatus } from '../vocab/statuses.ts';

/** A planning area on the map: an LPA by its ONS E60 code. */
export interface MapArea {
  code: string;
  name: string;
}

/** Where a record is drawn: its grid reference (`exact`), or a stable point inside its LPA. */
export interface MapPlace {
  /** [longitude, latitude] in WGS84. */
  point: [number, number];
  exact: boolean;
}

/** A project or credit requirement on a round's map (no price, no organisation). */
export interface MapRecord {
  id: string;
  self: string;
  name: string;
  status: string;
  creditTypes: CreditType[];
  /** A project's peak yearly units over its services; a requirement's units needed. */
  units: number;
  lpa: MapArea | null;
  place: MapPlace | null;
}

/**
 * What flows from a site to a development after the round's result was accepted: units sold and the spatial
 * multiplier. An end the reader may not see is only a place (its LPA), never a name.
 */
export interface MapFlow {
  creditType: CreditType;
  units: number;
  multiplier: number;
  from: { id: string | null; point: [number, number] };
  to: { id: string | null; point: [number, number] };
}

/** A round's map: its projects and requirements the reader may see, the flows, and each requirement LPA's neighbours. */
export interface RoundMap {
  round: NamedReference & { status: MarketRoundStatus };
  /** The round's own local planning authorities (its area, shaded on the map); empty when it names none. */
  areas: MapArea[];
  projects: MapRecord[];
  requirements: MapRecord[];
  flows: MapFlow[];
  /** Per LPA code of a shown requirement, the codes of the LPAs neighbouring it (the 0.75 multiplier). */
  neighbours: Record<string, string[]>;
}
