import { ensureChromium } from './chromium.ts';
import { ensureEmulatorsInstalled } from './emulators-install.ts';

/** Runs once before any test file: what the end-to-end files need is installed here, never by two files at once. */
export default function setup(): void {
  ensureChromium();
  ensureEmulatorsInstalled();
}
