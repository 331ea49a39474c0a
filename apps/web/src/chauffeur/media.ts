import { PHOTO_MAX_OCTETS } from '@yams/shared';

// The phone's position and camera, as the app records them.

export interface Position {
  lat: number;
  lng: number;
  precision_m: number;
}

/** Where the phone is, or null (refused, no fix within 8 s): a step is never held back by the GPS. */
export function position(): Promise<Position | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: Math.round(p.coords.latitude * 1e6) / 1e6,
          lng: Math.round(p.coords.longitude * 1e6) / 1e6,
          precision_m: Math.round(p.coords.accuracy),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8_000, maximumAge: 60_000 },
    );
  });
}

/** The position's fields of a send (none when unknown). */
export const champsPosition = (p: Position | null): Record<string, string> =>
  p ? { lat: String(p.lat), lng: String(p.lng), precision_m: String(p.precision_m) } : {};

const TAILLE_MAX = PHOTO_MAX_OCTETS - 8 * 1024;

/**
 * A camera photo made small enough for a slow link: at most 1600 px on its long side, JPEG, quality lowered
 * then size halved until it weighs under 300 KB (the API refuses more).
 */
export async function compresser(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  let scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
  for (let essai = 0; essai < 8; essai++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.8, 0.65, 0.5]) {
      const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', quality));
      if (blob && blob.size <= TAILLE_MAX) return blob;
    }
    scale *= 0.7;
  }
  throw new Error('Cette photo ne peut pas être réduite sous 300 Ko.');
}
