/**
 * Online or offline indicator. A status region (polite) that exists from the start, empty and
 * sizeless until there is something to say, so that screen readers announce the change.
 * "Back online" clears itself after a few seconds. Styles: runtime.css.
 */
import { addToBody } from './page.ts';
import type { RuntimeMessages } from './types.ts';

export function initStatus(messages: RuntimeMessages): void {
  const el = addToBody('div', { id: 'page-status', role: 'status' });
  let timer: ReturnType<typeof setTimeout>;
  const update = () => {
    const online = navigator.onLine;
    el.dataset.state = online ? 'online' : 'offline';
    // A missing message gives undefined, which textContent takes as empty.
    el.textContent = (online ? messages.online : messages.offline)!;
    clearTimeout(timer);
    if (online) timer = setTimeout(() => (el.textContent = ''), 3000);
  };
  addEventListener('online', update);
  addEventListener('offline', update);
  if (!navigator.onLine) update();
}
