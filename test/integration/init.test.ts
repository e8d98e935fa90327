/**
 * `sitegen init [dir]` writes the starter (the package's starter/ folder), completes the site's
 * package.json, refuses to overwrite anything without --force, and what it writes builds and passes
 * `sitegen check --strict` as it is. (Installed from the packed package and type-checked with tsc:
 * package.test.ts.)
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { listFiles, read, tempDirs } from '../helpers/site.ts';

const emptyDir = tempDirs('init');

async function sitegen(cwd: string, ...args: string[]) {
  const logger = createMemoryLogger();
  const code = await runCli(['node', 'sitegen', ...args], { cwd, logger });
  return { code, out: logger.lines.map((l) => l.msg).join('\n') };
}

const STARTER = [
  '.gitignore',
  'locales/de.json',
  'locales/en.json',
  'package.json',
  'pages/404.tsx',
  'pages/index.tsx',
  'sitegen.config.ts',
  'templates/assets.d.ts',
  'templates/layouts/default.css',
  'templates/layouts/default.tsx',
  'templates/static/favicon.svg',
  'templates/static/social.png',
  'tsconfig.json',
];

describe('sitegen init', () => {
  it('writes a starter that builds and passes check --strict as it is', async () => {
    const parent = await emptyDir();
    const { code, out } = await sitegen(parent, 'init', 'acme');
    expect(code).toBe(0);
    const dir = path.join(parent, 'acme');
    expect(await listFiles(dir)).toEqual(STARTER);
    expect(out).toContain('next: cd acme && npm install && npm run dev');
    // Run from this checkout, init cannot tell how the site would install sitegen: it says so.
    expect(out).toContain('package.json does not name sitegen, so npm install would not install it there: add it as you installed it');
    const pkg = JSON.parse(await read(dir, 'package.json'));
    expect(pkg).toMatchObject({ name: 'acme', private: true, scripts: { build: 'sitegen build', dev: 'sitegen dev', check: 'sitegen check --strict' } });
    expect(Object.keys(pkg.dependencies)).toEqual(['react', 'react-dom']);
    expect(Object.keys(pkg.devDependencies)).toEqual(['typescript', '@types/react', '@types/react-dom', '@types/node']);
    expect(await read(dir, 'sitegen.config.ts')).toContain('defineConfig(');

    expect((await sitegen(dir, 'build')).code).toBe(0);
    const de = await read(dir, 'dist/de/index.html');
    expect(de).toContain('<html lang="de" dir="ltr">');
    expect(de).toContain('<h1>Willkommen</h1>');
    expect(de).toMatch(/<nav data-language-switcher="true" aria-label="Sprachen"><a href="\/" hrefLang="en" lang="en">English<\/a><a href="\/de" hrefLang="de" lang="de" aria-current="true">Deutsch<\/a><\/nav>/);
    // The default social image is the starter's own, so its links lead somewhere.
    expect(de).toContain('<meta property="og:image" content="https://example.com/social.png">');
    expect(existsSync(path.join(dir, 'dist', 'social.png'))).toBe(true);
    expect(await read(dir, 'dist/404.html')).toContain('<h1>Page not found</h1>');

    const check = await sitegen(dir, 'check', '--strict');
    expect(check.out).toContain('All 2 locale(s) complete and correct.');
    expect(check.code).toBe(0);
  });

  it('refuses to overwrite existing files, listing them, and writes nothing; --force replaces them', async () => {
    const dir = await emptyDir();
    await writeFile(path.join(dir, 'sitegen.config.ts'), 'export default { url: "https://mine.example", locales: ["fr"] };\n');
    await writeFile(path.join(dir, 'tsconfig.json'), '{}\n');
    const refused = await sitegen(dir, 'init');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`sitegen init would overwrite 2 file(s) in ${dir}; nothing was written.`);
    expect(refused.out).toContain('run sitegen init --force to replace them:\n  sitegen.config.ts\n  tsconfig.json');
    expect(await listFiles(dir)).toEqual(['sitegen.config.ts', 'tsconfig.json']);
    expect(await read(dir, 'tsconfig.json')).toBe('{}\n');

    const forced = await sitegen(dir, 'init', '--force');
    expect(forced.code).toBe(0);
    expect(await listFiles(dir)).toEqual(STARTER);
    expect(await read(dir, 'sitegen.config.ts')).toContain("locales: ['en', 'de']");
  });

  it('keeps what the package.json has and adds only the scripts and dependencies it lacks', async () => {
    const dir = await emptyDir();
    const mine = { name: 'mine', version: '2.0.0', scripts: { build: 'make site' }, devDependencies: { react: '^19.0.0' } };
    await writeFile(path.join(dir, 'package.json'), JSON.stringify(mine));
    const { code, out } = await sitegen(dir, 'init', '.');
    expect(code).toBe(0);
    expect(out).toContain('package.json: added scripts.dev, scripts.check, dependencies.react-dom, devDependencies.typescript');
    const pkg = JSON.parse(await read(dir, 'package.json'));
    expect(pkg.name).toBe('mine');
    expect(pkg.version).toBe('2.0.0');
    expect(pkg.scripts).toEqual({ build: 'make site', dev: 'sitegen dev', check: 'sitegen check --strict' });
    expect(pkg.dependencies).toEqual({ 'react-dom': expect.stringMatching(/^\^19\./) });
    expect(pkg.devDependencies.react).toBe('^19.0.0');
  });

  it('names a package.json that is not JSON and writes nothing', async () => {
    const dir = await emptyDir();
    await writeFile(path.join(dir, 'package.json'), '{ "name": ');
    const { code, out } = await sitegen(dir, 'init');
    expect(code).toBe(1);
    expect(out).toContain(`${path.join(dir, 'package.json')} is not valid JSON`);
    expect(await listFiles(dir)).toEqual(['package.json']);
    expect(await readFile(path.join(dir, 'package.json'), 'utf8')).toBe('{ "name": ');
  });
});
