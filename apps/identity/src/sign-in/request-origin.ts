/**
 * Whether a request that changes state without a session (sign-in, setup, password reset) may come from
 * the page that sent it. Browsers send `Origin` with every such request, so a foreign one is refused: a
 * page elsewhere must not sign a visitor in to an account of its choosing (login CSRF). Without `Origin`
 * the caller is not a browser (a script, curl), and nothing is to be feared from it.
 */
export function originAllowed(
  origin: string | undefined,
  publicUrl: string,
  host: string | undefined,
): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false; // includes the opaque origin `null`
  const presented = new URL(origin);
  if (presented.origin === new URL(publicUrl).origin) return true;
  // The service reached at its own address (development, a port-forward): the page is its own. Parsed
  // alike, so case and a default port (`:80` on http) compare equal.
  const own = host === undefined ? undefined : `${presented.protocol}//${host}`;
  return own !== undefined && URL.canParse(own) && new URL(own).host === presented.host;
}
