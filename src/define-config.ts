/**
 * `defineConfig` for sitegen.config.ts: returns the config as it is, checked against UserConfig so
 * that editors check and complete it, and keeping its own type for code that imports the config.
 * It imports nothing at run time, so that a config loads without React.
 */
import type { UserConfig } from './config.ts';

export function defineConfig<T extends UserConfig>(config: T): T {
  return config;
}
