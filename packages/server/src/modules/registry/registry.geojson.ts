import type { PublicSite } from '@curlew/domain';
import { z } from 'zod';
import type { PlanningAreas } from '../map/map.areas.ts';
import { placeOf } from '../map/map.points.ts';
import { publicSiteSchema } from './registry.open-data.ts';
import type { PublicRegistryWithPlaces } from './registry.public.ts';

/** How a site's point was found: from its OS grid reference, or a stable point inside its LPA. */
export const PUBLIC_SITE_LOCATIONS = ['grid reference', 'local planning authority'] as const;

/** A site of the public registry as a GeoJSON feature's properties: the public fields and how it was placed. */
export type PublicSiteFeatureProperties = PublicSite & {
  location: (typeof PUBLIC_SITE_LOCATIONS)[number] | null;
};

/** One site as a GeoJSON feature: a point, or no geometry when it has neither a grid reference nor a mapped LPA. */
export interface PublicSiteFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: PublicSiteFeatureProperties;
}

/** `GET /api/public/registry.geojson`: the public registry's sites as a GeoJSON FeatureCollection (RFC 7946). */
export interface PublicRegistryGeoJson {
  type: 'FeatureCollection';
  features: PublicSiteFeature[];
}

/** What `GET /api/public/registry.geojson` answers: no price, organisation or person. */
export const publicRegistryGeoJsonSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z
        .object({
          type: z.literal('Feature'),
          geometry: z
            .object({
              type: z.literal('Point'),
              coordinates: z
                .tuple([z.number(), z.number()])
                .describe('[longitude, latitude] in WGS84, 5 decimals'),
            })
            .strict()
            .nullable()
            .describe('Null when the site has neither a grid reference nor a mapped LPA'),
          properties: publicSiteSchema
            .extend({
              location: z
                .enum(PUBLIC_SITE_LOCATIONS)
                .nullable()
                .describe(
                  "How the point was found: the site's OS grid reference, or a stable point inside its LPA; null without a point",
                ),
            })
            .strict(),
        })
        .strict(),
    ),
  })
  .strict();

/**
 * The public registry's sites as GeoJSON points, in the JSON's order: a site's OS grid reference converted to WGS84
 * (`map.points.ts`, proj4), else a point inside its LPA that never moves between answers, else no geometry. The
 * properties are exactly the JSON's public fields of a site plus how it was placed.
 */
export function publicRegistryGeoJson(
  { registry, places }: PublicRegistryWithPlaces,
  areas: Pick<PlanningAreas, 'inside'>,
): PublicRegistryGeoJson {
  return {
    type: 'FeatureCollection',
    features: registry.sites.map((site, index) => {
      const place = places[index];
      const found = place ? placeOf(areas, place) : undefined;
      return {
        type: 'Feature',
        geometry: found ? { type: 'Point', coordinates: found.point } : null,
        properties: {
          ...site,
          location: found ? (found.exact ? 'grid reference' : 'local planning authority') : null,
        },
      };
    }),
  };
}
