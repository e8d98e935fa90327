/**
 * `sitegen init [dir]`: copies the starter (the package's `starter/` folder, real files a site
 * would have) into a folder, and adds what a site's package.json needs (scripts, React, and
 * TypeScript for `tsc --noEmit`) where it is absent. Refuses to overwrite any file unless `force`,
 * listing them all, before writing anything.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errors } from './errors.ts';
import { PACKAGE_ROOT } from './package-root.ts';

export const STARTER_DIR = path.join(PACKAGE_ROOT, 'starter');

/** npm leaves `.gitignore` out of packages, so the starter keeps it under this name. */
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' };

const SCRIPTS = { build: 'sitegen build', dev: 'sitegen dev', check: 'sitegen check --strict' };
/** Versions a new site starts with: sitegen's own (the ones it is tested with). */
const DEPENDENCIES = ['react', 'react-dom'];
/** Node's types too: pages read their data with `node:fs` and `process.env` as their modules load. */
const DEV_DEPENDENCIES = ['typescript', '@types/react', '@types/react-dom', '@types/node'];

export interface InitOptions {
  dir: string;
  force?: boolean;
}

export interface InitResult {
  dir: string;
  /** Files written, relative to dir, sorted. */
  files: string[];
  /** package.json fields added (`scripts.build`, `dependencies.react`, ...). */
  added: string[];
  /**
   * Whether the site's package.json names no sitegen, nor could init tell how (it runs from a
   * checkout, or a project that does not name it): `npm install` there would not install it.
   */
  unnamed: boolean;
}

/** The starter's files, as [path in the starter, path in the site], both relative. */
async function starterFiles(): Promise<[string, string][]> {
  const entries = await readdir(STARTER_DIR, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(STARTER_DIR, path.join(e.parentPath, e.name)))
    .map((rel): [string, string] => [rel, path.join(path.dirname(rel), RENAMED[path.basename(rel)] ?? path.basename(rel))])
    .sort((a, b) => a[1].localeCompare(b[1]));
}

export async function init(options: InitOptions): Promise<InitResult> {
  const dir = path.resolve(options.dir);
  const files = await starterFiles();
  const existing = files.map(([, to]) => to).filter((to) => existsSync(path.join(dir, to)));
  if (existing.length && !options.force) throw errors.initWouldOverwrite(dir, existing.map(slashes));
  const pkgFile = path.join(dir, 'package.json');
  const pkg = await readPackageJson(pkgFile);
  for (const [from, to] of files) {
    await mkdir(path.dirname(path.join(dir, to)), { recursive: true });
    await cp(path.join(STARTER_DIR, from), path.join(dir, to));
  }
  const { json, added } = completePackageJson(pkg, path.basename(dir), await ownVersions(), await installedSpec(dir));
  if (added.length) await writeFile(pkgFile, JSON.stringify(json, null, 2) + '\n');
  const unnamed = json.dependencies?.sitegen === undefined && json.devDependencies?.sitegen === undefined;
  return { dir, files: files.map(([, to]) => slashes(to)), added, unnamed };
}

/**
 * How the new site's package.json names sitegen: as the project this sitegen is installed in
 * names it (`npm install /path/to/sitegen-0.1.0.tgz` wrote `file:../path/to/sitegen-0.1.0.tgz`;
 * the project npx makes names the tarball or git URL it was given), a `file:` path made relative
 * to the site. Null when sitegen runs from a checkout or a linked folder, or from a project that
 * does not name it.
 */
async function installedSpec(dir: string): Promise<string | null> {
  if (path.basename(path.dirname(PACKAGE_ROOT)) !== 'node_modules') return null;
  const project = path.dirname(path.dirname(PACKAGE_ROOT));
  let pkg: PackageJson | null;
  try {
    pkg = await readPackageJson(path.join(project, 'package.json'));
  } catch {
    return null;
  }
  const spec = pkg?.dependencies?.sitegen ?? pkg?.devDependencies?.sitegen;
  if (typeof spec !== 'string') return null;
  if (!spec.startsWith('file:')) return spec;
  const target = path.resolve(project, spec.slice('file:'.length));
  return `file:${slashes(path.relative(dir, target)) || '.'}`;
}

const slashes = (rel: string) => rel.split(path.sep).join('/');

type PackageJson = Record<string, unknown> & { scripts?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

async function readPackageJson(file: string): Promise<PackageJson | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return JSON.parse(text) as PackageJson;
  } catch (cause) {
    throw errors.initPackageJsonInvalid(file, cause);
  }
}

/** The versions in sitegen's own package.json, as `^x.y.z` ranges. */
async function ownVersions(): Promise<Record<string, string>> {
  const own = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as PackageJson;
  const all = { ...own.devDependencies, ...own.dependencies };
  return Object.fromEntries(Object.entries(all).map(([name, version]) => [name, /^\d/.test(version) ? `^${version}` : version]));
}

/** Adds the scripts and dependencies a package.json lacks (a new one when `pkg` is null), sitegen itself as `sitegen` names it, and says what it added. */
function completePackageJson(pkg: PackageJson | null, name: string, versions: Record<string, string>, sitegen: string | null): { json: PackageJson; added: string[] } {
  const added: string[] = [];
  const target: PackageJson = pkg ?? {};
  if (!pkg) {
    Object.assign(target, { name: name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '') || 'site', private: true });
    added.push('name', 'private');
  }
  const fill = (field: 'scripts' | 'dependencies' | 'devDependencies', values: Record<string, string>) => {
    const current = (target[field] ??= {}) as Record<string, string>;
    for (const [key, value] of Object.entries(values)) {
      if (current[key] !== undefined || (field !== 'scripts' && (target.dependencies?.[key] ?? target.devDependencies?.[key]) !== undefined)) continue;
      current[key] = value;
      added.push(`${field}.${key}`);
    }
  };
  fill('scripts', SCRIPTS);
  fill('dependencies', { ...(sitegen ? { sitegen } : {}), ...pick(versions, DEPENDENCIES) });
  fill('devDependencies', pick(versions, DEV_DEPENDENCIES));
  return { json: target, added };
}

const pick = (versions: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.filter((n) => versions[n]).map((n) => [n, versions[n]!]));
