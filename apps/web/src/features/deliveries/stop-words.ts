import type { Address, DeliveryStop, RouteStatus, StopStatus } from '@atelier/contracts';

export const ROUTE_STATUS_COLORS: Record<RouteStatus, string> = {
  scheduled: 'gray',
  in_progress: 'blue',
  completed: 'green',
};

export const STOP_STATUS_COLORS: Record<StopStatus, string> = {
  scheduled: 'gray',
  out: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** An address on one line, as a driver reads it and a map searches for it. */
export function addressText(address: Address | null): string {
  if (!address) return '';
  const town = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean);
  return [address.line1, address.line2, ...town, address.country].filter((part) => part?.trim()).join(', ');
}

/** The address in the phone's map app (Google Maps on the web opens the app where it is installed). */
export const mapsHref = (address: Address) => `https://maps.google.com/?q=${encodeURIComponent(addressText(address))}`;

/** A phone number the phone can dial: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;

/** "09:00–11:00", "from 09:00", "until 11:00", or nothing. */
export function windowText(stop: Pick<DeliveryStop, 'windowStart' | 'windowEnd'>): string {
  if (stop.windowStart && stop.windowEnd) return `${stop.windowStart}–${stop.windowEnd}`;
  if (stop.windowStart) return `from ${stop.windowStart}`;
  if (stop.windowEnd) return `until ${stop.windowEnd}`;
  return '';
}

/** Today in the phone's own time zone, as a calendar date (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
