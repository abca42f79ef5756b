/**
 * Where Better Auth may send a browser (issue 10 item 6). A callback (callbackURL, redirectTo,
 * newUserCallbackURL, errorCallbackURL) is accepted only if, resolved the way a browser resolves
 * it (WHATWG URL, against our origin), it stays on our origin; it is then passed on in one plain
 * form, its path ("/login?confirmed=1"), so nothing downstream can read it another way:
 * "/.//evil.example" resolves to the path "//evil.example", which a later step could turn into
 * a protocol-relative address, so a path that starts with an empty segment is refused too, as is
 * an encoded slash or backslash in the path.
 */

export const CALLBACK_PARAMETERS = ['callbackURL', 'redirectTo', 'newUserCallbackURL', 'errorCallbackURL'] as const;

/**
 * The callback as a path on `origin`, or null when it would lead anywhere else. A relative
 * callback is resolved against `base` (our origin's root unless given).
 */
export function localCallback(target: string, origin: string, base = `${origin}/`): string | null {
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname.startsWith('//') || /%2f|%5c/i.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * The Location of one of Better Auth's answers, checked again on its way out (the callbacks in
 * were checked already): resolved against the request's address as a browser would, it must
 * stay on our origin; it is passed on as its plain path, or as "/" when it would not stay.
 */
export function safeLocation(location: string, requestUrl: string, origin: string): { location: string; replaced: boolean } {
  const local = localCallback(location, origin, requestUrl);
  return local === null ? { location: '/', replaced: true } : { location: local, replaced: false };
}
