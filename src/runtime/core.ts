/**
 * Entry of the browser runtime, loaded with `<script type="module">` on every page. Pages work
 * without it; it adds client navigation, the progress bar, the online status, the language
 * switcher's links and the page chunks. The root redirect is separate (redirect.ts, inlined on `/`);
 * the styles of what it creates are in runtime.css, which the build adds to the site's stylesheet.
 */
import { page } from './page.ts';
import { createProgressBar } from './progress-bar.ts';
import { initStatus } from './status.ts';
import { initSwitcherLinks } from './switcher.ts';
import { initNavigation } from './navigation.ts';

if (page) {
  document.documentElement.dataset.js = '';
  initStatus(page.messages);
  initSwitcherLinks();
  initNavigation(createProgressBar(page.messages.loading));
}
