import type { PolicySection } from './PolicyDocument.tsx';

/**
 * The Community Privacy Policy's structure and its version history, shared by
 * pages/community_privacy_policy.tsx and pages/community_privacy_policy/history.tsx so that every
 * history entry links to a section that really exists.
 */
export const COMMUNITY_SECTIONS = [
  { id: 'what-this-covers', paragraphs: 1 },
  { id: 'what-you-share', paragraphs: 1, items: 4, note: true },
  { id: 'who-can-see', paragraphs: 2 },
  { id: 'how-we-use', paragraphs: 1, items: 3 },
  { id: 'remixes', paragraphs: 1 },
  { id: 'removing-content', paragraphs: 1, items: 3 },
  { id: 'moderation', paragraphs: 1 },
  { id: 'contact', paragraphs: 1 },
] as const satisfies readonly PolicySection[];

export type CommunitySectionId = (typeof COMMUNITY_SECTIONS)[number]['id'];

export interface CommunityVersion {
  /** ISO date the version took effect; also its message key under `history.versions` and its anchor. */
  date: string;
  /** One entry per change (`change1`..`changeN`): the section of the current policy it concerns. */
  changes: readonly CommunitySectionId[];
}

/** Newest first; the first one is the version in force. */
export const COMMUNITY_VERSIONS: readonly CommunityVersion[] = [
  { date: '2025-03-01', changes: ['remixes', 'removing-content', 'removing-content'] },
  { date: '2023-09-15', changes: ['who-can-see', 'moderation'] },
  { date: '2022-06-01', changes: ['what-you-share'] },
];

export const COMMUNITY_EFFECTIVE = COMMUNITY_VERSIONS[0].date;
