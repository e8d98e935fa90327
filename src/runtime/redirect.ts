/**
 * The root redirect, inlined in the head of `/` only so that it runs before first paint: the
 * cookie if it holds a known code, else the browser's languages, else the default. The choice is
 * stored; any locale but the default goes to its prefix with query and hash kept.
 */
import { cookieLocale, decodeTable, matchLocale } from './locale-match.ts';

const table = decodeTable(__LOCALES__);
const doc = document;
const loc = location;
const code = cookieLocale(doc.cookie, table) || matchLocale(navigator.languages, table);
// The same cookie as localeCookie() writes, spelled out: a function call costs bytes here.
doc.cookie = `i18n_redirected=${code}; Max-Age=31536000; Path=/; SameSite=Lax`;
// Relative to `/`, so `de?x=1#a` is `/de?x=1#a`. A site served from a folder names it: its home
// may be loaded as `/docs`, against which `de` would be `/de` (a site without one pays no byte).
if (code != table[0]![0]) loc.replace((__BASE__ ? __BASE__ + '/' + code : code) + loc.search + loc.hash);
