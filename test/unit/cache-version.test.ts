/**
 * The build cache's entries are keyed by sitegen's code and the versions of the packages that
 * shape the output (build-cache.ts): a new version of any of them must start a new cache.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toolVersion } from '../../src/cache/build-cache.ts';
import { REPO } from '../helpers/site.ts';

const installed = (name: string) => (JSON.parse(readFileSync(path.join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('the build cache version', () => {
  it('holds the installed version of every package that shapes the output, also of one whose exports leave out its package.json', () => {
    const version = toolVersion();
    for (const name of ['react', 'react-dom', 'intl-messageformat', '@formatjs/icu-messageformat-parser', 'esbuild']) {
      expect(version).toContain(` ${name}@${installed(name)}`);
    }
    expect(version).not.toContain('@?');
  });
});
