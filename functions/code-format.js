// @ts-check
/**
 * The promo code format, defined once: the browser (templates/enhancers/apply-code.ts) validates
 * with it before sending, and the callable function validates with it again, because a client can
 * never be trusted. Plain JavaScript so that the Functions emulator runs it without a build step;
 * code-format.d.ts gives TypeScript its types.
 *
 * A code is two to four groups of four letters or digits joined by hyphens: `SPRING-2026`,
 * `AM-PRO-7DAY` is not valid (groups of four only), `WELCOME-GIFT-2026` is not either (WELCOME has
 * seven); `ALIG-HTMO-2026` is.
 */

/** Longest input the function reads at all (4 groups of 4 plus 3 hyphens). */
export const CODE_MAX_LENGTH = 19;

export const CODE_PATTERN = /^[A-Z0-9]{4}(?:-[A-Z0-9]{4}){1,3}$/;

/**
 * Trims and upper-cases what a person typed (`" spri-ng26 "` stays invalid, `" abcd-2026"` becomes
 * `ABCD-2026`). Non-strings become the empty string.
 * @param {unknown} input
 * @returns {string}
 */
export function normalizeCode(input) {
  return typeof input === 'string' ? input.trim().toUpperCase() : '';
}

/**
 * @param {string} code an already normalised code
 * @returns {boolean}
 */
export function isValidCode(code) {
  return code.length <= CODE_MAX_LENGTH && CODE_PATTERN.test(code);
}
