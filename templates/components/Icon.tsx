import './Icon.css';

/**
 * Decorative line icons (24 x 24, stroked with currentColor). Always aria-hidden: the text or the
 * accessible name of the surrounding link or button says what it means.
 */
const STROKE: Record<string, string> = {
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  arrowLeft: 'M19 12H5M11 6l-6 6 6 6',
  layers: 'M12 3l9 5-9 5-9-5 9-5M3 12.5l9 5 9-5M3 16.5l9 5 9-5',
  keyframe: 'M12 4l5 5-5 5-5-5 5-5M3 19h18M12 14v5',
  sparkles: 'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3M18 15l.9 2.1L21 18l-2.1.9L18 21l-.9-2.1L15 18l2.1-.9L18 15',
  pen: 'M4 20l4-1 11-11-3-3L5 16l-1 4M14 7l3 3M4 20c3-4 7-3 9-1',
  blend: 'M9 5a6 6 0 1 0 0 12a6 6 0 1 0 0-12M15 7a6 6 0 1 0 0 12a6 6 0 1 0 0-12',
  share: 'M12 15V3M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6',
  plus: 'M12 5v14M5 12h14',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M16 16l4.5 4.5',
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2M11 18h2',
  tablet: 'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2M11 18h2',
  laptop: 'M5 5h14v10H5zM2 19h20',
  ticket: 'M3 8a2 2 0 0 0 0 4v4h18v-4a2 2 0 0 1 0-4V4H3v4M14 4v12',
  film: 'M4 4h16v16H4zM8 4v16M16 4v16M4 9h4M4 15h4M16 9h4M16 15h4',
  type: 'M5 6V4h14v2M12 4v16M9 20h6',
  download: 'M12 3v12M7 10l5 5 5-5M5 20h14',
};

/** Brand marks are filled shapes. */
const FILL: Record<string, string> = {
  apple:
    'M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.3.8c1.4 0 2.2-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.8-1.1-2.8-4.2M14 5.3c.7-.8 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4',
  googlePlay: 'M4 2.8v18.4c0 .6.6.9 1.1.6l9.7-9.2L5.1 2.2c-.5-.3-1.1 0-1.1.6M16.3 10.6l2.7 1.5c.7.4.7 1.4 0 1.8l-2.7 1.5-2.9-2.8 2.9-2M15.5 9.5L6.6 3.5l8.2 7.8.7-1.8M15.5 16.5l-.7-1.8-8.2 7.8 8.9-6',
  facebook: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8',
  instagram:
    'M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2m0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4h-9M12 7a5 5 0 1 1 0 10a5 5 0 0 1 0-10m0 2a3 3 0 1 0 0 6a3 3 0 0 0 0-6m5.3-3.3a1 1 0 1 1 0 2a1 1 0 0 1 0-2',
  twitter: 'M3 3h5l4 5.6L16.8 3H20l-6.5 7.5L21 21h-5l-4.4-6.1L6.3 21H3l7-8L3 3',
  youtube:
    'M21.6 7.2c-.2-.9-.9-1.6-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4c-.9.2-1.6.9-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8c.2.9.9 1.6 1.8 1.8 1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4c.9-.2 1.6-.9 1.8-1.8.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8M10 15V9l5.2 3-5.2 3',
};

export type IconName = keyof typeof STROKE | keyof typeof FILL;

/** Icons that point somewhere, mirrored in right-to-left languages. */
const DIRECTIONAL = new Set(['arrowRight', 'arrowLeft']);

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  const fill = FILL[name];
  const classes = ['icon', DIRECTIONAL.has(name) ? 'icon-directional' : '', className].filter(Boolean).join(' ');
  return (
    <svg className={classes} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {fill ? (
        <path d={fill} fill="currentColor" fillRule="evenodd" />
      ) : (
        <path d={STROKE[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}
