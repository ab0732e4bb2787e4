import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Outward-code centroids (see ../../reference-data/README.md for the source). */
export const OUTCODES_FILE = fileURLToPath(new URL('../../reference-data/uk-outcodes.csv', import.meta.url));

export interface LatLon {
  lat: number;
  lon: number;
}

let table: Map<string, LatLon> | null = null;

/** Outward code -> centroid, read once. */
export function outcodeTable(): Map<string, LatLon> {
  if (table) return table;
  const map = new Map<string, LatLon>();
  const lines = readFileSync(OUTCODES_FILE, 'utf8').split(/\r?\n/).slice(1);
  for (const line of lines) {
    const [code, lat, lon] = line.split(',');
    if (!code || lat === undefined || lon === undefined) continue;
    const la = Number(lat);
    const lo = Number(lon);
    if (Number.isFinite(la) && Number.isFinite(lo)) map.set(code.trim().toUpperCase(), { lat: la, lon: lo });
  }
  return (table = map);
}

/**
 * The outward code of a UK postcode: `m1 1ae` -> `M1`, `SW1A1AA` -> `SW1A`, `LS1` -> `LS1`.
 * Null when it does not look like a postcode.
 */
export function outwardCode(postcode: string | null | undefined): string | null {
  if (!postcode) return null;
  const compact = postcode.toUpperCase().replace(/\s+/g, '');
  if (!/^[A-Z0-9]{2,8}$/.test(compact)) return null;
  // A full postcode ends with the inward code: one digit and two letters.
  const full = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/.exec(compact);
  if (full) return full[1];
  return /^[A-Z]{1,2}[0-9][A-Z0-9]?$/.test(compact) ? compact : null;
}

export function locate(postcode: string | null | undefined): { outcode: string | null; at: LatLon | null } {
  const outcode = outwardCode(postcode);
  return { outcode, at: outcode ? (outcodeTable().get(outcode) ?? null) : null };
}

/** Great-circle distance in km. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
