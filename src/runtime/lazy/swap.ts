/**
 * Puts a payload on screen during client navigation: the leave transition, the new head, `<html
 * lang dir>` and main content, focus on it for screen readers, then the enter transition (not
 * awaited). A chunk of its own: nothing here is needed on first load, so navigation.ts imports it
 * on the first sign of intent (hover, focus, touch) together with the payload.
 */
import { applyHead } from '../head.ts';
import type { Payload } from '../types.ts';

/** Adds a `page-*-active` class to main and resolves when the animations it starts have ended. */
function transition(main: HTMLElement, name: string): Promise<unknown> {
  main.classList.add(name);
  return Promise.all(main.getAnimations().map((a) => a.finished))
    .catch(() => {})
    .then(() => main.classList.remove(name));
}

export default async function swap(main: HTMLElement, p: Payload): Promise<void> {
  // Keyframe animations from the site's CSS (`.page-leave-active`); none under reduced motion.
  const motion = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (motion) await transition(main, 'page-leave-active');
  applyHead(p);
  main.innerHTML = p.html;
  main.focus({ preventScroll: true });
  if (motion) void transition(main, 'page-enter-active');
}
