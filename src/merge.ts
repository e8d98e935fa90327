/**
 * `sitegen merge`: copies the outputs of `sitegen build --shard k/n` together into one tree, the
 * full build. Every shard writes the site-wide files, so a file two shards both hold must be
 * byte-identical; anything else means the shards come from different sources, and the merge
 * stops before writing anything. Like the build, it writes into a staging folder beside the
 * target and swaps it into place, so a refused merge leaves the target exactly as it was.
 */
import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import fg from 'fast-glob';
import { errors } from './errors.ts';
import { isWithin } from './file-paths.ts';
import { copyFiles, createStagingDir, discardStaging, swapIntoPlace } from './output.ts';
import { MANIFEST_NAME, htmlFile, notFoundFile, payloadFile } from './paths.ts';
import { publicPaths, type Manifest } from './manifest.ts';
import { compareText } from './compare-text.ts';
import { findPreviousOutput } from './reuse-output.ts';
import { checkReplaceable, followOutputLink } from './site-folders.ts';

export interface MergeOptions {
  /** Output folders of the shards, in any order. */
  shards: string[];
  /** The merged tree; replaced as a whole. */
  outDir: string;
  /** Relative folders are resolved against it (default: the current folder). */
  cwd?: string;
}

export interface MergeResult {
  outDir: string;
  shards: number;
  files: number;
  bytes: number;
  buildId: string;
}

/** One shard's files: relative path (forward slashes) -> size in bytes. */
interface ShardFiles {
  /** As the user named it, for messages. */
  name: string;
  dir: string;
  files: Map<string, number>;
}

/** Where the union's files come from: relative path -> the shard that has it. */
type Union = Map<string, ShardFiles>;

export async function merge(options: MergeOptions): Promise<MergeResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const outDir = followOutputLink(path.resolve(cwd, options.outDir));
  const dirs = options.shards.map((name) => ({ name, dir: path.resolve(cwd, name) }));
  // The target is replaced as a whole: it must not hold the current folder or a shard, nor be inside one.
  if (isWithin(cwd, outDir)) throw errors.mergeOutOverlaps(outDir, cwd);
  for (const { dir } of dirs) if (isWithin(outDir, dir) || isWithin(dir, outDir)) throw errors.mergeOutOverlaps(outDir, dir);
  const shards = await Promise.all(dirs.map(({ name, dir }) => listShard(name, dir)));
  const union = await unite(shards);
  const manifests = await sameBuild(shards);
  checkComplete(union, manifests, shards.length);

  // Like the build's: a folder that holds files but none of a build is not replaced.
  await checkReplaceable(cwd, outDir, path.dirname(path.dirname(manifests[0]!.rel)));
  const staging = await createStagingDir(outDir);
  try {
    // A target merged before keeps the files that did not change: they are linked from it (reuse-output.ts).
    const { rel, manifest } = manifests[0]!;
    const previous = await findPreviousOutput(outDir, path.dirname(path.dirname(rel)), manifest.buildId, MANIFEST_NAME);
    await copyFiles([...union].map(([rel, shard]) => ({ rel, from: shard.dir })), staging, previous);
    await swapIntoPlace(staging, outDir);
  } catch (err) {
    await discardStaging(staging);
    throw err;
  }
  let bytes = 0;
  for (const [rel, shard] of union) bytes += shard.files.get(rel)!;
  return { outDir, shards: shards.length, files: union.size, bytes, buildId: manifests[0]!.manifest.buildId };
}

async function listShard(name: string, dir: string): Promise<ShardFiles> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw errors.mergeShardMissing(name);
  // Links are not followed: a build writes only files and folders, and a link put into a shard
  // (an artifact unpacked in CI) would have the merge copy what it points to, such as /etc, into
  // the site to be published.
  const entries = await fg('**/*', { cwd: dir, onlyFiles: false, followSymbolicLinks: false, dot: true, stats: true });
  const files = new Map<string, number>();
  for (const entry of entries.sort((a, b) => compareText(a.path, b.path))) {
    const stats = entry.stats!;
    if (stats.isFile()) files.set(entry.path, stats.size);
    else if (!stats.isDirectory()) throw errors.mergeShardForeign(name, entry.path, stats.isSymbolicLink() ? 'a symbolic link' : 'neither a file nor a folder');
  }
  return { name, dir, files };
}

/** Every file of every shard once; a file in two shards must have the same bytes in both. */
async function unite(shards: ShardFiles[]): Promise<Union> {
  const union: Union = new Map();
  for (const shard of shards) {
    for (const [rel, size] of shard.files) {
      const first = union.get(rel);
      if (!first) union.set(rel, shard);
      else if (first.files.get(rel) !== size || !(await sameBytes(path.join(first.dir, rel), path.join(shard.dir, rel)))) {
        throw errors.mergeConflict(rel, first.name, shard.name);
      }
    }
  }
  return union;
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([readFile(a), readFile(b)]);
  return x.equals(y);
}

interface FoundManifest {
  /** Relative path: `<assets>/<buildId>/manifest.json`. */
  rel: string;
  manifest: Manifest;
}

/**
 * Every shard writes the manifest of the whole site, under the build id, which is a hash of all
 * inputs: shards built from different commits or options have manifests at different paths, so
 * comparing equal paths alone would not notice them. Returns the (common) manifests.
 */
async function sameBuild(shards: ShardFiles[]): Promise<FoundManifest[]> {
  const found = await Promise.all(shards.map(findManifests));
  found.forEach((list, i) => {
    if (list.length === 0) throw errors.mergeNotAShard(shards[i]!.name);
  });
  const first = found[0]!.map((m) => m.rel);
  for (let i = 1; i < found.length; i++) {
    const other = found[i]!.map((m) => m.rel);
    const onlyFirst = first.find((rel) => !other.includes(rel));
    const onlyOther = other.find((rel) => !first.includes(rel));
    if (onlyFirst !== undefined || onlyOther !== undefined) {
      throw errors.mergeBuildsDiffer(shards[0]!.name, onlyFirst ?? first[0]!, shards[i]!.name, onlyOther ?? other[0]!);
    }
  }
  return found[0]!;
}

/** Manifests (paths.ts `manifestFile`: `<buildId>/manifest.json`) in a folder named for the build id they hold. */
async function findManifests(shard: ShardFiles): Promise<FoundManifest[]> {
  const out: FoundManifest[] = [];
  for (const rel of shard.files.keys()) {
    if (path.posix.basename(rel) !== MANIFEST_NAME) continue;
    let manifest: Partial<Manifest>;
    try {
      manifest = JSON.parse(await readFile(path.join(shard.dir, rel), 'utf8')) as Partial<Manifest>;
    } catch {
      continue;
    }
    const folder = path.posix.basename(path.posix.dirname(rel));
    if (manifest.buildId === folder && Array.isArray(manifest.routes)) out.push({ rel, manifest: manifest as Manifest });
  }
  return out;
}

/** Every page, payload and not-found page the manifest implies must be in some shard; a missing one means a missing shard. */
function checkComplete(union: Union, manifests: FoundManifest[], count: number): void {
  for (const { rel, manifest } of manifests) {
    const assets = path.posix.dirname(path.posix.dirname(rel));
    for (const route of manifest.routes) {
      for (const publicPath of publicPaths(route)) {
        const page = htmlFile(publicPath);
        if (!union.has(page)) throw errors.mergeShardMissingPage(page, count);
      }
      const payload = path.posix.join(assets, payloadFile(manifest.buildId, route.path));
      if (!union.has(payload)) throw errors.mergeShardMissingPage(payload, count);
    }
    // A site with a not-found page has one per locale.
    const notFound = manifest.locales.map((l) => notFoundFile(l.code, manifest.defaultLocale));
    const missing = notFound.find((file) => !union.has(file));
    if (missing !== undefined && notFound.some((file) => union.has(file))) throw errors.mergeShardMissingPage(missing, count);
  }
}
