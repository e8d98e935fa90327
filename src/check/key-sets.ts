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
      if (p.endsWith('.*')) this.prefixes.push(p.slice(0, -1));
      else if (p === '*') this.prefixes.push('');
      else this.exact.add(p);
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
      if (p.endsWith('.*') || p === '*') {
        const prefix = p === '*' ? '' : p.slice(0, -1);
        if (!keys.some((k) => k.startsWith(prefix))) out.push(p);
      } else if (!all.has(p)) out.push(p);
    }
    return out;
  }
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
