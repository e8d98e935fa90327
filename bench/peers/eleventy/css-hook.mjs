/** Node module hook: a `.css` import is an empty module (Eleventy has no CSS pipeline here). */
export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}
