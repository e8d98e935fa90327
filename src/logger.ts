/** One small injectable logger: levels, a few fixed labels, colour only on a terminal and never in CI. */
export type Level = 'silent' | 'error' | 'warn' | 'info' | 'debug';
const ORDER: Record<Level, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export interface Logger {
  error(msg: string): void;
  warn(msg: string): void;
  info(msg: string): void;
  debug(msg: string): void;
  /** Whether colours may be used (a terminal, not CI). */
  readonly color: boolean;
}

export interface LoggerOptions {
  level?: Level;
  stream?: { write(s: string): unknown; isTTY?: boolean };
  errStream?: { write(s: string): unknown; isTTY?: boolean };
}

/** `s` in an ANSI colour or style (`31` red, `33` yellow, `2` dim) when `on`. */
export const paint = (on: boolean, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = ORDER[options.level ?? 'info'];
  const out = options.stream ?? process.stdout;
  const err = options.errStream ?? process.stderr;
  const color = Boolean(out.isTTY) && !process.env.CI && !process.env.NO_COLOR;
  return {
    color,
    error: (m) => level >= 1 && void err.write(`${paint(color, 31, 'error')} ${m}\n`),
    warn: (m) => level >= 2 && void err.write(`${paint(color, 33, 'warn')}  ${m}\n`),
    info: (m) => level >= 3 && void out.write(`${m}\n`),
    debug: (m) => level >= 4 && void out.write(`${paint(color, 2, m)}\n`),
  };
}

/** For tests and library use: records everything, prints nothing. */
export function createMemoryLogger(): Logger & { lines: { level: Level; msg: string }[] } {
  const lines: { level: Level; msg: string }[] = [];
  const push = (level: Level) => (msg: string) => void lines.push({ level, msg });
  return { color: false, lines, error: push('error'), warn: push('warn'), info: push('info'), debug: push('debug') };
}
