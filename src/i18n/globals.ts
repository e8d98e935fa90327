/** Arguments every message receives without the caller passing them, from the site config. */
export const GLOBAL_ARGUMENT_NAMES = ['product'] as const;

export function messageGlobals(site: { product: string }): Record<(typeof GLOBAL_ARGUMENT_NAMES)[number], string> {
  return { product: site.product };
}
