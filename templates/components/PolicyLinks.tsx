import type { ReactNode } from 'react';
import { useI18n, type SiteInfo } from 'sitegen';

/**
 * Links a policy message may contain, as rich-text tags: `<privacy>privacy policy</privacy>`.
 * The words inside the tag are translated; the target is fixed here, so a translation can
 * never point somewhere else. E-mail addresses sit only in the href, which keeps every visible
 * text node translatable.
 */
const PAGES = {
  tos: '/tos',
  privacy: '/privacy_and_cookie_policy',
  community: '/community_privacy_policy',
  history: '/community_privacy_policy/history',
  copyright: '/copyright_policy',
  license: '/license',
  support: '/support-center',
  download: '/getalightmotion',
} as const;

/** Contact addresses: names of entries in sitegen.config.ts `links`. */
const MAILBOXES = {
  mailPrivacy: 'privacyEmail',
  mailLegal: 'legalEmail',
  mailCopyright: 'copyrightEmail',
  mailSupport: 'supportEmail',
} as const;

export function contactEmail(site: SiteInfo, name: keyof typeof MAILBOXES): string {
  const address = site.links[MAILBOXES[name]];
  if (!address) throw new Error(`sitegen.config.ts has no links.${MAILBOXES[name]}: add the contact address there`);
  return address;
}

type Tag = (chunks: ReactNode[]) => ReactNode;

export function usePolicyLinks(): Record<string, Tag> {
  const { localePath, site } = useI18n();
  const tags: Record<string, Tag> = {};
  for (const [name, path] of Object.entries(PAGES)) {
    tags[name] = (chunks) => <a href={localePath(path)}>{chunks}</a>;
  }
  for (const name of Object.keys(MAILBOXES) as (keyof typeof MAILBOXES)[]) {
    tags[name] = (chunks) => <a href={`mailto:${contactEmail(site, name)}`}>{chunks}</a>;
  }
  return tags;
}
