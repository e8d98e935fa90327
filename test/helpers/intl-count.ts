/**
 * Counts the objects an Intl constructor makes (a cache of Intl's data should spare them), by
 * putting a subclass in its place on `Intl` until `restore`. TypeScript's lib declares Intl's
 * constructors read-only; they are writable.
 */
type Counted = 'NumberFormat' | 'DisplayNames';

export function countIntl(name: Counted): { made(): number; restore(): void } {
  const intl = Intl as unknown as Record<Counted, new (...args: unknown[]) => object>;
  const Original = intl[name];
  let made = 0;
  intl[name] = class extends Original {
    constructor(...args: unknown[]) {
      super(...args);
      made++;
    }
  };
  return { made: () => made, restore: () => void (intl[name] = Original) };
}
