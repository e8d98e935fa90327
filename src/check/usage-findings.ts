/**
 * en's keys against what refers to them: the config's `untranslated` allow-list (entries that
 * match no key, lists for codes the site does not publish) and the pages (keys no page uses, keys
 * a page asks for that en lacks).
 */
import type { ResolvedConfig } from '../config.ts';
import type { Run } from './run.ts';
import { compareUsage } from './key-sets.ts';
import { relativeFile, type LocaleFile } from './locale-files.ts';

export function checkAllowList(run: Run, config: ResolvedConfig, enKeys: readonly string[]): void {
  const configFile = config.configFile ? relativeFile(config, config.configFile) : 'sitegen.config.ts';
  const list = (scope: string) => (scope === '*' ? '`untranslated`' : `\`untranslated.${scope}\``);
  for (const { scope, pattern } of run.allow.unmatched(enKeys)) {
    run.findings.add({
      locale: config.defaultLocale.code,
      key: pattern,
      file: configFile,
      kind: 'allow-list-unknown',
      message: `${list(scope)} lists "${pattern}", which matches no key of ${run.reference}.`,
      hint: `Remove it from ${list(scope)}, or fix its name if the key was renamed.`,
    });
  }
  const codes = config.locales.map((l) => l.code);
  for (const scope of run.allow.scopes()) {
    if (codes.includes(scope)) continue;
    run.findings.add({
      locale: config.defaultLocale.code,
      key: scope,
      file: configFile,
      kind: 'allow-list-unknown',
      message: `\`untranslated\` has a list for "${scope}", which is no locale of this site.`,
      hint: `Use a locale code of the site (${codes.join(', ')}), or '*' for every locale.`,
    });
  }
}

export function checkUsage(run: Run, enFile: LocaleFile, enKeys: readonly string[], used: ReadonlySet<string>): void {
  const usage = compareUsage(enKeys, used);
  for (const key of usage.unused) {
    run.findings.addKey(enFile, key, 'unused-key', 'No page or component uses this key.', `Delete it from ${enFile.file} and the other locale files, or use it.`);
  }
  for (const key of usage.undefined) {
    run.findings.add({
      locale: enFile.locale.code,
      key,
      file: enFile.file,
      kind: 'undefined-key',
      message: `A page or component asks for this key, but ${run.reference} does not have it: the build fails.`,
      hint: `Add "${key}" to ${enFile.file}, or fix the key in the code.`,
    });
  }
}
