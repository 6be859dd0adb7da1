/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name; shown in the browser or saved. */
export function contentDisposition(how: 'inline' | 'attachment', name: string): string {
  const ascii = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) > 126 ? '_' : c === '"' ? "'" : c))
    .join('');
  return `${how}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const attachment = (name: string) => contentDisposition('attachment', name);
