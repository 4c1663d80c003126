/** A link to an outside location service built from a place's references (SPEC 2 "Shell"). */
export interface LocationLink {
  label: string;
  href: string;
}

/** What a place is known by: an Ordnance Survey grid reference, a three-word address and a nearby address. */
export interface LocationReferences {
  gridReference?: string | null;
  threeWords?: string | null;
  nearAddress?: string | null;
}

const blank = (text: string | null | undefined): text is null | undefined =>
  text === null || text === undefined || text.trim() === '';

/** The grid-reference finder's page of a grid reference ('SU 41234 11234' is looked up as 'SU4123411234'). */
const gridReferenceAddress = (gridReference: string): string =>
  `https://gridreferencefinder.com/?gr=${encodeURIComponent(gridReference.replace(/\s+/g, '').toUpperCase())}`;

/** The three-word address service's page of an address ('filled.count.soap', leading slashes dropped). */
const threeWordsAddress = (threeWords: string): string =>
  `https://what3words.com/${encodeURIComponent(threeWords.trim().replace(/^\/+/, '').toLowerCase()).replace(/%2E/gi, '.')}`;

/** The map service's search for a place: its grid reference when known, else its nearest address. */
const mapAddress = (query: string): string =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(query.trim())}`;

/** The links of a place: grid reference, three-word address and a map, each only when it has something to show. */
export function locationLinks(place: LocationReferences): LocationLink[] {
  const links: LocationLink[] = [];
  if (!blank(place.gridReference))
    links.push({ label: 'Grid reference finder', href: gridReferenceAddress(place.gridReference) });
  if (!blank(place.threeWords))
    links.push({ label: 'Three-word address', href: threeWordsAddress(place.threeWords) });
  if (!blank(place.nearAddress)) links.push({ label: 'Map', href: mapAddress(place.nearAddress) });
  return links;
}
