import { keepLayout } from './keep-layout.ts';

/**
 * Key patterns shared by the allow-list (`untranslated` in sitegen.config.ts) and the used keys
 * the build reports: an exact key (`footer.brand`) or a whole namespace (`brand.*`), which is how
 * code that hands every `runtime.*` message to the browser marks them all used.
 */
export class KeyPatterns {
  private readonly exact = new Set<string>();
  private readonly prefixes: string[] = [];

  constructor(readonly patterns: Iterable<string>) {
    for (const p of patterns) {
      const prefix = prefixOf(p);
      if (prefix === null) this.exact.add(p);
      else this.prefixes.push(prefix);
    }
  }

  has(key: string): boolean {
    if (this.exact.has(key)) return true;
    for (const prefix of this.prefixes) if (key.startsWith(prefix)) return true;
    return false;
  }

  /** Patterns that match none of `keys`: stale allow-list entries. */
  unmatched(keys: readonly string[]): string[] {
    const out: string[] = [];
    const all = new Set(keys);
    for (const p of this.patterns) {
      const prefix = prefixOf(p);
      if (prefix === null ? !all.has(p) : !keys.some((k) => k.startsWith(prefix))) out.push(p);
    }
    return out;
  }
}

/**
 * The `untranslated` allow-list of the config: patterns for every locale (`'*'`) and per locale
 * code. A locale's own list adds to the global one.
 */
export class AllowList {
  private readonly all: KeyPatterns;
  private readonly byLocale = new Map<string, KeyPatterns>();

  constructor(readonly lists: Readonly<Record<string, readonly string[]>>) {
    this.all = new KeyPatterns(lists['*'] ?? []);
    for (const [scope, patterns] of Object.entries(lists)) if (scope !== '*') this.byLocale.set(scope, new KeyPatterns(patterns));
  }

  has(locale: string, key: string): boolean {
    return this.all.has(key) || this.byLocale.get(locale)?.has(key) === true;
  }

  /** Whether there is any entry at all (most sites have none: nothing to verify). */
  get empty(): boolean {
    return Object.values(this.lists).every((l) => l.length === 0);
  }

  /** Entries matching none of `keys` (stale), with their scope: `'*'` or a locale code. */
  unmatched(keys: readonly string[]): { scope: string; pattern: string }[] {
    const out = this.all.unmatched(keys).map((pattern) => ({ scope: '*', pattern }));
    for (const [scope, patterns] of this.byLocale) out.push(...patterns.unmatched(keys).map((pattern) => ({ scope, pattern })));
    return out;
  }

  /** Locale codes with a list of their own. */
  scopes(): string[] {
    return [...this.byLocale.keys()];
  }
}

keepLayout(new AllowList({}));

/** What a namespace pattern's keys start with (`brand.*` -> `brand.`, `*` -> ``); null for an exact key. */
function prefixOf(pattern: string): string | null {
  if (pattern === '*') return '';
  return pattern.endsWith('.*') ? pattern.slice(0, -1) : null;
}

/** en keys no page asks for, and keys pages ask for that en lacks. */
export function compareUsage(enKeys: readonly string[], used: ReadonlySet<string>): { unused: string[]; undefined: string[] } {
  const patterns = new KeyPatterns(used);
  const en = new Set(enKeys);
  return {
    unused: enKeys.filter((k) => !patterns.has(k)).sort(),
    undefined: [...used].filter((k) => !k.endsWith('*') && !en.has(k)).sort(),
  };
}
