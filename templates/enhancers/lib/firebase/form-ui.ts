/**
 * DOM helpers of the apply-code chunk, following the markup of the components ApplyField (field
 * error slots, show/hide toggle) and ApplyMessages (the hidden catalogue of translated messages,
 * looked up by error code). No visible text comes from here. The auth-action chunk does the same
 * few things for its one field in closures of its own, to stay within its size budget (a module
 * shared by both chunks would be a third file for /auth_action to load).
 */

/** Shows the children `[data-{attr}="name"]` of root and hides the others of that kind. */
export function showOnly(root: ParentNode, attr: string, name: string): void {
  for (const el of root.querySelectorAll<HTMLElement>(`[data-${attr}]`)) el.hidden = el.getAttribute('data-' + attr) != name;
}

/**
 * Puts the catalogue message for `code` (`[data-msg~="code"]`, else `[data-msg~="unknown"]`) into
 * a region: a status line, a field's error slot (shown or hidden with it) or a hint. No code
 * empties the region.
 */
export function say(region: HTMLElement | null, root: ParentNode, code?: string | ''): void {
  if (!region) return;
  const m = code ? root.querySelector<HTMLElement>(`[data-msg~="${code}"]`) ?? root.querySelector<HTMLElement>('[data-msg~="unknown"]') : null;
  region.textContent = m?.textContent ?? '';
  region.dataset.tone = m?.dataset.tone ?? '';
  if (region.hasAttribute('data-field-error')) region.hidden = !m;
}

/** Shows (or, without a code, clears) the error of one ApplyField input, with aria-invalid. */
export function fieldError(root: ParentNode, input: HTMLInputElement, code?: string): void {
  say(document.getElementById(input.id + '-error'), root, code);
  if (code) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/** Makes every show/hide password toggle in root work (they are rendered hidden). */
export function passwordToggles(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-action="toggle-password"]')) {
    button.hidden = false;
    button.onclick = () => {
      const input = document.getElementById(button.getAttribute('aria-controls')!) as HTMLInputElement;
      const show = input.type == 'password';
      input.type = show ? 'text' : 'password';
      button.setAttribute('aria-pressed', '' + show);
      button.textContent = button.getAttribute(show ? 'data-label-hide' : 'data-label-show');
    };
  }
}

/** Client-side check of a password before sending it: a catalogue code, or undefined when fine. */
export const passwordProblem = (value: string) => (!value ? 'password-empty' : value.length < 6 ? 'password-short' : undefined);
