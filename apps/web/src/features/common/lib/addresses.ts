/** An address the in-app web view may show: http(s) only, with a host; null for anything else. */
export function webViewAddress(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

export interface Place {
  latitude: number;
  longitude: number;
  name: string;
  address: string;
}

/** A place from `latitude`, `longitude` (required, in range), `name` and `address` (optional). */
export function placeOf(params: URLSearchParams): Place | null {
  const number = (key: string) => {
    const value = params.get(key);
    return value === null || value.trim() === '' ? NaN : Number(value);
  };
  const latitude = number('latitude');
  const longitude = number('longitude');
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) return null;
  return {
    latitude,
    longitude,
    name: (params.get('name') ?? '').slice(0, 100),
    address: (params.get('address') ?? '').slice(0, 200),
  };
}

/** The place on OpenStreetMap (any browser or maps app opens it). */
export function mapLink({ latitude, longitude }: Place): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}
