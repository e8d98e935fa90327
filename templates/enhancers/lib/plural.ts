/**
 * A count in words from `data-plural` templates (`{"=0":"No results","one":"# result","other":"# results"}`):
 * an exact `=N` form wins, else the plural category of the language (Intl.PluralRules), else
 * `other`; `#` becomes the number formatted for that language.
 */
export function formatCount(templatesJson: string | undefined, count: number, iso: string): string {
  let forms: Record<string, string> = {};
  try {
    forms = JSON.parse(templatesJson || '{}');
  } catch {
    // Broken JSON in the markup: fall back to the bare number below.
  }
  const form = forms['=' + count] ?? forms[new Intl.PluralRules(iso).select(count)] ?? forms.other ?? '#';
  return form.replace(/#/g, new Intl.NumberFormat(iso).format(count));
}

/** Lower case without accents, for matching what people type against text. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
