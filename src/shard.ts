/**
 * Shards: one build split over n machines (a CI job matrix). Every shard reads every input and
 * computes the same assignment on its own, so no shard needs to talk to another: shard k of n
 * takes the k-th of n contiguous, equally long runs of the (page, locale) pairs, ordered locale by
 * locale. Whole locales stay together where they can (fewer message files per shard), and with
 * more shards than locales a locale is split between shards.
 */
import { errors } from './errors.ts';

export interface Shard {
  /** 1-based: shard `index` of `count`. */
  readonly index: number;
  readonly count: number;
}

/** `2/3` -> { index: 2, count: 3 }; anything else is a user error naming the value. */
export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) throw errors.badShard(value, 'it is not of the form k/n (two whole numbers)');
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (!Number.isSafeInteger(count) || count < 1) throw errors.badShard(value, 'n, the number of shards, must be at least 1');
  if (!Number.isSafeInteger(index) || index < 1 || index > count) {
    throw errors.badShard(value, `k must be between 1 and ${count} (shards are numbered from 1 to n)`);
  }
  return { index, count };
}

export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/**
 * The shard's share of `items`: the k-th of n contiguous runs whose lengths differ by at most
 * one. The n shares are disjoint and together are `items`, in order.
 */
export function shareOf<T>(items: readonly T[], shard: Shard): T[] {
  const start = Math.floor(((shard.index - 1) * items.length) / shard.count);
  const end = Math.floor((shard.index * items.length) / shard.count);
  return items.slice(start, end);
}
