/**
 * The router's navigation, for links drawn outside its tree (a toast's "Open it"): Mantine's
 * notifications render beside the router, where a router `Link` has no context. Until the router
 * exists, a full page load.
 */
let go: (href: string) => void = (href) => window.location.assign(href);

export function setNavigate(navigate: (href: string) => void): void {
  go = navigate;
}

/** A link's click, kept in the app unless the user asked for a new tab or window. */
export function followLink(event: React.MouseEvent<HTMLAnchorElement>, href: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  go(href);
}
