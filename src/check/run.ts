import type { FindingList } from './findings.ts';
import type { AllowList } from './key-sets.ts';

/** State shared by one check run. */
export interface Run {
  /** The reference locale's code (the site's default locale): what messages compare a translation with. */
  reference: string;
  findings: FindingList;
  /** Keys whose translation may equal en (`untranslated` in the config), per locale. */
  allow: AllowList;
  /** Arguments every message receives, which a translation may use even where en does not. */
  globals: ReadonlySet<string>;
  /** Key -> the value names the code passes for it (rendering the pages); undefined without pages. */
  passed?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The keys pages name in their `head`; undefined without pages. */
  heads?: ReadonlySet<string>;
  /** en message -> its visible words (see visible-words.ts), counted once per run. */
  words: Map<string, number>;
}
