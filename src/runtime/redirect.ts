/**
 * The root redirect, inlined in the head of `/` only so that it runs before first paint: the
 * cookie if it holds a known code, else the browser's languages, else the default. The choice is
 * stored; any locale but the default goes to its prefix with query and hash kept.
 */
import { cookieLocale, localeCookie, matchLocale } from './locale-match.ts';

const table = __LOCALES__;
if (location.pathname == '/') {
  const code = cookieLocale(document.cookie, table) || matchLocale(navigator.languages || [navigator.language], table);
  document.cookie = localeCookie(code);
  if (code != table[0]![0]) location.replace('/' + code + location.search + location.hash);
}
