import { useI18n } from 'sitegen';
import './EditorIllustration.css';

/**
 * The app's editor drawn in SVG: a phone with a canvas of animated shapes above a timeline of
 * layers and keyframes. One image with a translated description, so no raster screenshot has to
 * be made per language.
 */
export function EditorIllustration() {
  const { t } = useI18n();
  const rows = [
    { y: 392, color: '#7b5cff', keys: [36, 96, 170] },
    { y: 418, color: '#ff4f9a', keys: [60, 128] },
    { y: 444, color: '#27d7f0', keys: [30, 110, 150, 196] },
    { y: 470, color: '#ffb020', keys: [84, 176] },
  ];
  return (
    <svg className="editor-illustration" viewBox="0 0 280 540" role="img" aria-label={t('home.illustration')}>
      <rect x="6" y="6" width="268" height="528" rx="38" fill="#1c1a30" stroke="#3a3657" strokeWidth="2" />
      <rect x="18" y="18" width="244" height="504" rx="28" fill="#0e0d1b" />
      <rect x="110" y="26" width="60" height="8" rx="4" fill="#2a2742" />
      {/* canvas */}
      <rect x="30" y="56" width="220" height="280" rx="12" fill="#17152b" />
      <circle cx="104" cy="150" r="46" fill="#7b5cff" opacity="0.9" className="editor-illustration__orbit" />
      <circle cx="104" cy="150" r="46" fill="none" stroke="#b3a1ff" strokeDasharray="4 6" opacity="0.6" transform="translate(-24 12)" />
      <rect x="146" y="176" width="70" height="70" rx="14" fill="#ff4f9a" className="editor-illustration__spin" />
      <path d="M48 300c40-60 90-20 120-70s50-40 64-36" fill="none" stroke="#27d7f0" strokeWidth="3" strokeLinecap="round" />
      <circle cx="232" cy="194" r="6" fill="#27d7f0" />
      <rect x="44" y="80" width="76" height="10" rx="5" fill="#ffb020" />
      {/* toolbar */}
      <g fill="#2a2742">
        <rect x="30" y="348" width="40" height="24" rx="8" />
        <rect x="78" y="348" width="40" height="24" rx="8" />
        <rect x="126" y="348" width="40" height="24" rx="8" />
        <rect x="210" y="348" width="40" height="24" rx="8" fill="#5b3df5" />
      </g>
      {/* timeline */}
      {rows.map((row) => (
        <g key={row.y}>
          <rect x="30" y={row.y} width="14" height="14" rx="3" fill={row.color} />
          <rect x="52" y={row.y + 5} width="198" height="4" rx="2" fill="#2a2742" />
          {row.keys.map((k) => (
            <rect key={k} x={52 + k - 5} y={row.y + 2} width="10" height="10" fill={row.color} transform={`rotate(45 ${52 + k} ${row.y + 7})`} />
          ))}
        </g>
      ))}
      <rect x="150" y="382" width="2" height="112" fill="#fff" />
      <path d="M144 378h14l-7 8z" fill="#fff" />
    </svg>
  );
}
