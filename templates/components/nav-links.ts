/** The site's navigation, shared by the header and the footer so that they never disagree. */
export interface NavLink {
  path: string;
  /** Optional fragment on that page. */
  hash?: string;
  /** Message key of the link text. */
  label: string;
}

export const HEADER_LINKS: readonly NavLink[] = [
  // The download page is the header's call-to-action button, so the menu links to the features.
  { path: '/', hash: '#features', label: 'header.nav.features' },
  { path: '/promo', label: 'header.nav.promo' },
  { path: '/jobs', label: 'header.nav.jobs' },
  { path: '/support-center', label: 'header.nav.support' },
];

export const FOOTER_GROUPS: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: 'footer.productHeading',
    links: [
      { path: '/getalightmotion', label: 'footer.links.download' },
      { path: '/promo', label: 'footer.links.promo' },
      { path: '/applycode', label: 'footer.links.applyCode' },
    ],
  },
  {
    heading: 'footer.companyHeading',
    links: [
      { path: '/jobs', label: 'footer.links.jobs' },
      { path: '/support-center', label: 'footer.links.support' },
      { path: '/bsptransfernotice', label: 'footer.links.transferNotice' },
    ],
  },
];

export const LEGAL_LINKS: readonly NavLink[] = [
  { path: '/tos', label: 'footer.links.tos' },
  { path: '/privacy_and_cookie_policy', label: 'footer.links.privacy' },
  { path: '/copyright_policy', label: 'footer.links.copyright' },
  { path: '/license', label: 'footer.links.license' },
  { path: '/community_privacy_policy', label: 'footer.links.communityPrivacy' },
];

export const SOCIAL_LINKS = ['facebook', 'instagram', 'twitter', 'youtube'] as const;
