/**
 * Entry of the browser runtime, loaded with `<script type="module">` on every page. Pages work
 * without it; it adds client navigation, the progress bar, the online status, the language
 * switcher's links and the page chunks. The root redirect is separate (redirect.ts, inlined on `/`).
 */
import { page } from './page.ts';
import { injectStyles } from './styles.ts';
import { createProgressBar } from './progress-bar.ts';
import { initStatus } from './status.ts';
import { initSwitcherLinks } from './switcher.ts';
import { initNavigation } from './navigation.ts';

if (page) {
  document.documentElement.dataset.js = '';
  injectStyles();
  initStatus(page.messages);
  initSwitcherLinks();
  initNavigation(createProgressBar(page.messages.loading));
}
