import { ensureChromium } from './chromium.ts';

export default function setup(): void {
  ensureChromium();
}
