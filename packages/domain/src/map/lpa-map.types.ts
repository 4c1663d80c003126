import type { CreditType } from '../vocab/credits.ts';
import type { MapArea, MapFlow, MapPlace, MapRecord } from './map.types.ts';

/** A development (a buyer's credit requirement) of the LPA's own area on its map: no bid, no price. */
export interface LpaMapDevelopment extends MapRecord {
  planningRef: string | null;
}

/**
 * A site (project) on an LPA's map: one located in the LPA's own area, or one elsewhere serving a development of
 * the area. A site elsewhere is not the LPA's record to open: it has no page link and no status.
 */
export interface LpaMapSite {
  id: string;
  /** The site's page when it lies in the area; null for a site elsewhere. */
  self: string | null;
  name: string;
  /** Its status when it lies in the area; null for a site elsewhere. */
  status: string | null;
  creditTypes: CreditType[];
  /** In the area: its peak yearly units; elsewhere: the units it supplies to the area's developments. */
  units: number;
  lpa: MapArea | null;
  place: MapPlace | null;
  inArea: boolean;
}

/**
 * An LPA's area map: its own area, the developments there, the sites located there and the sites serving its
 * developments, and what flows from each site to each development (units and multiplier). No price, no bid.
 */
export interface LpaMap {
  /** The LPA the reader's organisation is linked to; null when it is not linked yet (and the lists are empty). */
  lpa: MapArea | null;
  developments: LpaMapDevelopment[];
  sites: LpaMapSite[];
  flows: MapFlow[];
}
