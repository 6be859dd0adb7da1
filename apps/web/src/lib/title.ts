export const PRODUCT_NAME = 'Atelier';

// First path segments that name a section, not a page (/u/companies → "companies").
const SECTIONS = new Set(['u', 'o', 'p', 'a', 'r', 'f', 's']);

/**
 * Spec section 2: the product name plus the route name (dashes turned into spaces, first
 * letter capitalised); without a route name, the product name plus "Design Software".
 */
export function pageTitle(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const name = segments[0] && SECTIONS.has(segments[0]) ? segments[1] : segments[0];
  if (!name) return `${PRODUCT_NAME} Design Software`;
  const words = decodeURIComponent(name).replaceAll('-', ' ');
  return `${PRODUCT_NAME} ${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
