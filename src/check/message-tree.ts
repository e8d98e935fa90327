import { keyWrittenTwice } from '../i18n/messages.ts';
/**
 * A locale file as JSON.parse gives it: nested objects whose leaves are messages. The checker
 * walks these trees directly instead of flattening them (which builds a dotted key string for
 * every message of every locale); a key string is only made for a finding.
 *
 * Walking the trees is the same as comparing flattened keys as long as no key contains a dot:
 * then every path has its own dotted key. A file that does use dotted keys (`"home.title": ...`)
 * is compared flattened, as the build reads it; one that writes a key both ways (`"a.b"` beside
 * `"a": {"b"}`) is refused, as the build refuses it.
 */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

export interface TreeFacts {
  /** Number of messages (leaves). */
  leaves: number;
  /** Whether some key contains a dot, so the file must be compared flattened. */
  dotted: boolean;
  /** Keys of all objects together (messages and objects): fewer than the file writes when a key is written twice. */
  keys: number;
}

/**
 * Counts the messages and looks for dotted keys; null when some value is neither a string nor an
 * object of messages (the loader then reports which, with its own error).
 */
export function inspectTree(tree: Record<string, unknown>): TreeFacts | null {
  const facts: TreeFacts = { leaves: 0, dotted: false, keys: 0 };
  if (!inspect(tree, facts)) return null;
  // Only a file with dotted keys can write one key twice ("a.b" beside "a": { "b" }): the loader refuses it.
  return facts.dotted && keyWrittenTwice(tree, '') !== undefined ? null : facts;
}

function inspect(tree: Record<string, unknown>, facts: TreeFacts): boolean {
  // for...in: JSON.parse objects have no inherited enumerable keys, and no [key, value] arrays are made.
  for (const key in tree) {
    const value = tree[key];
    // An empty key: the loader refuses it.
    if (key === '') return false;
    facts.keys++;
    if (typeof value === 'string') facts.leaves++;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (!inspect(value as Record<string, unknown>, facts)) return false;
    } else return false;
    if (!facts.dotted && key.includes('.')) facts.dotted = true;
  }
  return true;
}

/** The object at `key` of `tree`, or undefined when there is none (a message, or nothing). */
export function subtree(tree: MessageTree | undefined, key: string): MessageTree | undefined {
  if (tree === undefined) return undefined;
  const value = tree[key];
  // `typeof` rules out inherited functions (`toString`); Object.prototype itself has no enumerable keys.
  return value !== null && typeof value === 'object' ? value : undefined;
}

/** The message at `key` of `tree`, or undefined (an object, an inherited property, or nothing). */
export function leaf(tree: MessageTree | undefined, key: string): string | undefined {
  if (tree === undefined) return undefined;
  const value = tree[key];
  return typeof value === 'string' ? value : undefined;
}
