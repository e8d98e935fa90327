/**
 * en, the reference: parsed and checked on its own once (syntax, plural categories), its message
 * shapes kept in walk order for every locale to be compared with (check-locale.ts).
 */
import { flatten } from '../i18n/messages.ts';
import { checkPlurals } from './case-check.ts';
import type { LocaleFile } from './locale-files.ts';
import type { MessageTree } from './message-tree.ts';
import { parseMessage, type MessageShape } from './message-shape.ts';
import type { Run } from './run.ts';
import { RUNTIME_ARGUMENTS, RUNTIME_PREFIX } from '../runtime/types.ts';
import { entityProblem } from './html-entities.ts';

/** en, parsed once, as every locale is compared with it. */
export interface Reference {
  file: LocaleFile;
  /** en as walked: its tree, or its flattened messages when en has dotted keys (`flat`). */
  tree: MessageTree;
  flat: boolean;
  /** en's messages in walk order: their shape, null where en itself does not parse. */
  shapes: (MessageShape | null)[];
  /** Number of messages of en. */
  count: number;
  /** en's dotted keys, made on first use (the allow-list, usage); comparing needs none. */
  keys(): readonly string[];
}

/** Checks en on its own: syntax and plural categories. */
export function checkReference(run: Run, file: LocaleFile): Reference {
  const flat = file.facts.dotted;
  const tree = flat ? flatten(file.file, file.tree) : file.tree;
  const shapes: (MessageShape | null)[] = [];
  forEachMessage(tree, '', (prefix, key, value) => {
    const entities = value.includes('&') ? entityProblem(value) : null;
    if (entities) run.findings.addProblem(file, prefix + key, entities);
    const parsed = parseMessage(value);
    if (!parsed.ok) {
      run.findings.addProblem(file, prefix + key, syntaxProblem(parsed.error), true);
      shapes.push(null);
      return;
    }
    if (parsed.shape.hasPlural) for (const problem of checkPlurals(parsed.shape, file.locale, parsed.shape)) run.findings.addProblem(file, prefix + key, problem);
    const passed = run.passed?.get(prefix + key);
    if (passed) for (const problem of unpassedArguments(parsed.shape, passed, run.globals, prefix + key, run.heads?.has(prefix + key) ?? false)) run.findings.addProblem(file, prefix + key, problem);
    shapes.push(parsed.shape);
  });
  return referenceOf(file, tree, flat, shapes);
}

function referenceOf(file: LocaleFile, tree: MessageTree, flat: boolean, shapes: (MessageShape | null)[]): Reference {
  let keys: string[] | undefined;
  return { file, tree, flat, shapes, count: shapes.length, keys: () => (keys ??= Object.keys(flat ? tree : flatten(file.file, tree))) };
}

/** en flattened, for a locale whose file has dotted keys (rare: made each time, parsing en again). */
export function flatReference(ref: Reference): Reference {
  if (ref.flat) return ref;
  const tree = flatten(ref.file.file, ref.tree);
  const shapes = Object.values(tree).map((value) => {
    const parsed = parseMessage(value as string);
    return parsed.ok ? parsed.shape : null;
  });
  return referenceOf(ref.file, tree, true, shapes);
}

/** Calls `fn` for every message of `tree`, in the order the translation walk (check-locale.ts) takes it. */
function forEachMessage(tree: MessageTree, prefix: string, fn: (prefix: string, key: string, value: string) => void): void {
  for (const key in tree) {
    const value = tree[key]!;
    if (typeof value === 'string') fn(prefix, key, value);
    else forEachMessage(value, prefix + key + '.', fn);
  }
}

/**
 * The arguments of en's message that no call of the code passes (`passed`: every name the pages'
 * calls of this key pass), each once: the pages that show it fail to render. Known only once the
 * pages have rendered (the build's second look, and `sitegen check`). A page's head title or
 * description (`head`) gets no values of the page's own: no call of the code is to blame there.
 */
function unpassedArguments(shape: MessageShape, passed: ReadonlySet<string>, globals: ReadonlySet<string>, key: string, head: boolean) {
  const seen = new Set<string>();
  // A message of the browser runtime's own is filled by the runtime (RUNTIME_ARGUMENTS), not a page.
  const fills = runtimeMessage(key) ? [...passed].map((name) => `{${name}}`).join(', ') : null;
  return shape.uses.flatMap((use) => {
    if (passed.has(use.name) || globals.has(use.name) || seen.has(use.name)) return [];
    seen.add(use.name);
    const arg = `{${use.name}}`;
    return [{
      kind: 'argument-unpassed' as const,
      at: use.at,
      message:
        fills !== null
          ? `The argument ${arg} is in the message, but the browser runtime fills ${fills ? `only ${fills}` : 'no argument'} of ${key}, so visitors would see ${arg} as it is.`
          : head
            ? `The argument ${arg} is in the message, which a page's head names as its title or description: the build gives those only the values every message gets (${[...globals].map((n) => `{${n}}`).join(', ')}), so the pages fail to render.`
            : `The argument ${arg} is in the message, but no page passes a value for it, so the pages that show it fail to render.`,
      hint:
        fills === null && !head ? `Pass ${use.name} where the code calls t('${key}'), or take ${arg} out of the message.` : `Take ${arg} out of the message.`,
    }];
  });
}

/** Whether `key` is one of the browser runtime's own messages (RUNTIME_ARGUMENTS), whose arguments it fills, not a page. */
function runtimeMessage(key: string): boolean {
  return key.startsWith(RUNTIME_PREFIX) && Object.hasOwn(RUNTIME_ARGUMENTS, key.slice(RUNTIME_PREFIX.length));
}

export function syntaxProblem(error: { at: number; reason: string }) {
  return {
    kind: 'syntax' as const,
    at: error.at,
    message: `Invalid ICU MessageFormat at character ${error.at + 1} of the message: ${error.reason}.`,
    hint: / tag /.test(error.reason)
      ? "Fix the message; the build cannot format it. A message's tags have no attributes and are closed (<b>text</b>): a link is a tag the page fills (<link>text</link>), and a line break is two messages or a tag. A literal < is written in quotes: '<'."
      : "Fix the message; the build cannot format it. Literal braces are written in quotes: '{'.",
  };
}
