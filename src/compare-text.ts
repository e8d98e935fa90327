/**
 * Orders strings by their UTF-16 code units, as `Array#sort` does without a comparator: the same
 * on every machine and in every locale (`localeCompare` is not), which deterministic output needs.
 */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
