/**
 * Sign in with Google through Google Identity Services (a lazy chunk of /applycode, loaded on the
 * click on "Continue with Google"): `google.accounts.id.initialize` with the site's client id and
 * a callback, then `prompt()`. The callback's ID token is the credential for signInWithIdp.
 *
 * When the prompt cannot show (the visitor closed it before and Google holds it back for a while,
 * no Google session in this browser...) or is closed, Google's own button takes the place of
 * ours in `[data-google-button]`: a click on it opens Google's window, and its credential arrives
 * later, through `late`. The prompt not shown is `popup-blocked`, closed `popup-closed-by-user`,
 * and an origin the client id does not allow `unauthorized-domain`.
 */
import { loadScript } from './load-script.ts';

/** The parts of a prompt notification used here (all are functions of the GIS API). */
interface Moment {
  isNotDisplayed(): boolean;
  getNotDisplayedReason(): string;
  isSkippedMoment(): boolean;
}

declare const google: {
  accounts: {
    id: {
      initialize(config: object): void;
      prompt(listener: (moment: Moment) => void): void;
      renderButton(parent: HTMLElement, options: object): void;
    };
  };
};

export interface GoogleOptions {
  clientId: string;
  /** `[data-google-button]`, right after our own Google button. */
  slot: HTMLElement;
  /** The page's language, for Google's button. */
  locale: string;
  /** Receives a credential that comes after the prompt gave up (from Google's own button). */
  late: (credential: Record<string, string>) => void;
}

/** The pending prompt's outcome: resolved by the callback, rejected by the moment listener. */
let pending: { resolve(c: Record<string, string>): void; reject(code: string): void } | undefined;
let started = false;

export default async function googleCredential(o: GoogleOptions): Promise<Record<string, string>> {
  await loadScript('https://accounts.google.com/gsi/client');
  const id = google.accounts.id;
  if (!started) {
    started = true;
    id.initialize({
      client_id: o.clientId,
      ux_mode: 'popup',
      use_fedcm_for_prompt: true,
      callback(answer: { credential: string }) {
        const credential = { id_token: answer.credential, providerId: 'google.com' };
        if (pending) pending.resolve(credential);
        else o.late(credential);
        pending = undefined;
      },
    });
  }
  return new Promise((resolve, reject) => {
    pending = { resolve, reject };
    id.prompt((moment) => {
      const code = moment.isNotDisplayed()
        ? moment.getNotDisplayedReason() == 'unregistered_origin' ? 'unauthorized-domain' : 'popup-blocked'
        : moment.isSkippedMoment() ? 'popup-closed-by-user' : '';
      if (!code || !pending) return;
      pending = undefined;
      if (o.slot.hidden) {
        id.renderButton(o.slot, { theme: 'outline', size: 'large', shape: 'pill', text: 'continue_with', locale: o.locale });
        o.slot.hidden = false;
        (o.slot.previousElementSibling as HTMLElement).hidden = true;
      }
      reject(code);
    });
  });
}
