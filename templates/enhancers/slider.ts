/**
 * Accessible carousel (markup contract in README.md). Without script the track is a
 * horizontally scrollable list; this adds prev/next buttons, ArrowLeft/ArrowRight (mirrored in
 * rtl), Home and End, marks the current slide and announces it politely. Smooth scrolling unless
 * the visitor prefers reduced motion.
 */
import type { EnhancerContext } from 'sitegen';

export default function slider(root: HTMLElement, ctx: EnhancerContext): void {
  const track = root.querySelector<HTMLElement>('[data-slider-track]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const prev = root.querySelector<HTMLButtonElement>('[data-slider-prev]');
  const next = root.querySelector<HTMLButtonElement>('[data-slider-next]');
  if (!track || !slides.length) return;
  const live = document.createElement('p');
  live.setAttribute('aria-live', 'polite');
  live.className = 'visually-hidden';
  live.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap';
  root.append(live);
  let current = 0;
  /** Distance of a slide from the start of the track (positive in ltr and rtl alike). */
  const pos = (s: HTMLElement) => Math.abs(s.offsetLeft - slides[0]!.offsetLeft);

  const mark = (i: number, announce: boolean) => {
    current = i;
    slides.forEach((s, j) => s.toggleAttribute('data-current', j == i));
    if (prev) prev.disabled = i == 0;
    if (next) next.disabled = i == slides.length - 1;
    if (announce)
      live.textContent = (root.dataset.status || '{current} / {total}')
        .replace('{current}', '' + (i + 1))
        .replace('{total}', '' + slides.length);
  };
  const go = (i: number) => {
    i = Math.max(0, Math.min(slides.length - 1, i));
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Offsets relative to the first slide work in ltr and rtl (scrollLeft is negative in rtl).
    track.scrollTo({ left: slides[i]!.offsetLeft - slides[0]!.offsetLeft, behavior: smooth ? 'smooth' : 'auto' });
    mark(i, true);
  };

  prev?.addEventListener('click', () => go(current - 1));
  next?.addEventListener('click', () => go(current + 1));
  root.addEventListener('keydown', (e) => {
    const rtl = getComputedStyle(root).direction == 'rtl';
    const step = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1 }[e.key];
    if (step) go(current + step);
    else if (e.key == 'Home') go(0);
    else if (e.key == 'End') go(slides.length - 1);
    else return;
    e.preventDefault();
  });
  // Swiping or scrolling by hand: the slide nearest the start becomes current (no announcement).
  let timer: ReturnType<typeof setTimeout>;
  track.addEventListener('scroll', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const x = Math.abs(track.scrollLeft);
      const i = slides.reduce((best, s, j) => (Math.abs(pos(s) - x) < Math.abs(pos(slides[best]!) - x) ? j : best), 0);
      if (i != current) mark(i, false);
    }, 100);
  }, { passive: true, signal: ctx.signal });
  for (const b of [prev, next]) b?.removeAttribute('hidden');
  mark(0, false);
}
