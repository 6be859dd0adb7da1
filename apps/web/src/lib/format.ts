/** Money is integer cents everywhere; this is the only place it becomes text. */
export function formatMoney(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

export function formatDateTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** A calendar date (YYYY-MM-DD) as the user's locale writes it, with no time zone shift. */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A file's size: 812 B, 34 KB, 2.5 MB. */
export const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;

/** A quantity of stock: up to four decimals (12.5 sq ft), thousands grouped. */
export const formatQuantity = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** A time of day as the user's locale writes it (8:02 AM), in the given zone (the firm's). */
export function formatTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', timeZone });
}
