// Renders the demo catalogue's service photos: flat illustrations per category, composed as SVG from
// the category's palette and icon artwork (@ant-design/icons-svg, MIT, plus a few shapes drawn here)
// and encoded as WebP with sharp. Run after changing the artwork: `npm run render-photos -w @khidma/demo-data`.
// Deterministic: the same script writes the same files, so the committed photos never drift.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import iconSet from '@ant-design/icons-svg';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../photos/', import.meta.url));
const WIDTH = 960;
const HEIGHT = 540;
/** Must match PHOTOS_PER_CATEGORY in src/photos.ts. */
const PER_CATEGORY = 6;

/** Shapes the icon set lacks, in its 64-960 coordinate box. */
const SHAPES = {
  leaf: [
    { d: 'M840 160C520 150 230 260 200 560c-10 110 30 200 90 260 60-140 170-280 330-380-130 120-230 250-290 400 80 40 190 50 300 10 270-100 250-450 210-690z', fill: 'primary' },
  ],
  paw: [
    { d: 'M512 520c-120 0-250 150-250 260 0 70 60 100 130 90 50-7 80-30 120-30s70 23 120 30c70 10 130-20 130-90 0-110-130-260-250-260z', fill: 'primary' },
    { d: 'M330 300a70 90 0 1 0 140 0a70 90 0 1 0-140 0zM554 300a70 90 0 1 0 140 0a70 90 0 1 0-140 0zM170 470a62 78 0 1 0 124 0a62 78 0 1 0-124 0zM730 470a62 78 0 1 0 124 0a62 78 0 1 0-124 0z', fill: 'secondary' },
  ],
  dumbbell: [
    { d: 'M330 470h364v84H330z', fill: 'secondary' },
    { d: 'M200 330h90a30 30 0 0 1 30 30v304a30 30 0 0 1-30 30h-90a30 30 0 0 1-30-30V360a30 30 0 0 1 30-30zM734 330h90a30 30 0 0 1 30 30v304a30 30 0 0 1-30 30h-90a30 30 0 0 1-30-30V360a30 30 0 0 1 30-30zM100 420h60v184h-60a20 20 0 0 1-20-20V440a20 20 0 0 1 20-20zM864 420h60a20 20 0 0 1 20 20v144a20 20 0 0 1-20 20h-60z', fill: 'primary' },
  ],
  drop: [{ d: 'M512 120C430 260 260 440 260 620a252 252 0 0 0 504 0c0-180-170-360-252-500z', fill: 'primary' }],
  roller: [
    { d: 'M220 180h520a40 40 0 0 1 40 40v120a40 40 0 0 1-40 40H220a40 40 0 0 1-40-40V220a40 40 0 0 1 40-40z', fill: 'primary' },
    { d: 'M780 260h60a30 30 0 0 1 30 30v170a30 30 0 0 1-30 30H540v80h-56V470a30 30 0 0 1 30-30h300V316h-34z', fill: 'secondary' },
    { d: 'M470 560h84v300a42 42 0 0 1-84 0z', fill: 'primary' },
  ],
  tree: [
    { d: 'M480 640h64v250h-64z', fill: 'secondary' },
    { d: 'M512 110c-150 0-260 120-250 260-70 40-100 120-80 190 30 100 130 140 220 120 30 40 70 60 110 60s80-20 110-60c90 20 190-20 220-120 20-70-10-150-80-190 10-140-100-260-250-260z', fill: 'primary' },
  ],
};

/** Per category: the hero artwork (varied by photo) and the small ones around it. */
const ART = {
  cleaning: { scene: 'indoor', heroes: ['ClearOutlined', 'HomeTwoTone', 'SkinTwoTone'], small: ['StarFilled', 'drop', 'CheckCircleTwoTone', 'SafetyCertificateTwoTone'] },
  plumbing: { scene: 'indoor', heroes: ['ToolTwoTone', 'drop', 'FireTwoTone'], small: ['SettingTwoTone', 'drop', 'HomeTwoTone', 'CheckCircleTwoTone'] },
  electrical: { scene: 'indoor', heroes: ['ThunderboltTwoTone', 'BulbTwoTone', 'ApiTwoTone'], small: ['PoweroffOutlined', 'BulbTwoTone', 'SafetyCertificateTwoTone', 'SettingTwoTone'] },
  delivery: { scene: 'outdoor', heroes: ['TruckOutlined', 'GiftTwoTone', 'ShoppingTwoTone'], small: ['EnvironmentTwoTone', 'InboxOutlined', 'ClockCircleTwoTone', 'RocketTwoTone'] },
  maintenance: { scene: 'indoor', heroes: ['BuildTwoTone', 'ToolTwoTone', 'HomeTwoTone'], small: ['KeyOutlined', 'SettingTwoTone', 'CheckCircleTwoTone', 'ToolTwoTone'] },
  painting: { scene: 'indoor', heroes: ['roller', 'BgColorsOutlined', 'HighlightTwoTone'], small: ['EditTwoTone', 'drop', 'StarFilled', 'HomeTwoTone'] },
  gardening: { scene: 'outdoor', heroes: ['tree', 'leaf', 'SunOutlined'], small: ['drop', 'leaf', 'CloudTwoTone', 'SunOutlined'] },
  tutoring: { scene: 'indoor', heroes: ['BookTwoTone', 'ReadOutlined', 'CalculatorTwoTone'], small: ['EditTwoTone', 'GlobalOutlined', 'BulbTwoTone', 'TrophyTwoTone'] },
  automotive: { scene: 'outdoor', heroes: ['CarTwoTone', 'DashboardTwoTone', 'ToolTwoTone'], small: ['drop', 'ThunderboltTwoTone', 'SettingTwoTone', 'SafetyCertificateTwoTone'] },
  petcare: { scene: 'outdoor', heroes: ['paw', 'HeartTwoTone', 'HomeTwoTone'], small: ['paw', 'HeartTwoTone', 'SmileTwoTone', 'StarFilled'] },
  fitness: { scene: 'outdoor', heroes: ['dumbbell', 'TrophyTwoTone', 'HeartTwoTone'], small: ['ClockCircleTwoTone', 'FireTwoTone', 'dumbbell', 'CrownTwoTone'] },
  tech: { scene: 'indoor', heroes: ['LaptopOutlined', 'WifiOutlined', 'MobileTwoTone'], small: ['CloudServerOutlined', 'PrinterTwoTone', 'CameraTwoTone', 'DesktopOutlined'] },
};

/** Category colours (src/catalogue.ts) and a warm or cool accent that sits well beside each. */
const PALETTES = {
  cleaning: ['#0EA5E9', '#FBBF24'], plumbing: ['#3B82F6', '#22D3EE'], electrical: ['#F59E0B', '#6366F1'],
  delivery: ['#10B981', '#F97316'], maintenance: ['#6366F1', '#F59E0B'], painting: ['#EC4899', '#14B8A6'],
  gardening: ['#22C55E', '#FACC15'], tutoring: ['#8B5CF6', '#F472B6'], automotive: ['#EF4444', '#0EA5E9'],
  petcare: ['#F97316', '#22C55E'], fitness: ['#14B8A6', '#F43F5E'], tech: ['#64748B', '#38BDF8'],
};

const hex = (color) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
/** `color` moved towards white (amount > 0) or black (amount < 0). */
function shade(color, amount) {
  const target = amount > 0 ? 255 : 0;
  const mixed = hex(color).map((c) => Math.round(c + (target - c) * Math.abs(amount)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The paths of an icon or shape, coloured, in its own 1024 box. */
function artwork(name, primary, secondary) {
  if (SHAPES[name]) {
    return SHAPES[name].map((p) => `<path d="${p.d}" fill="${p.fill === 'primary' ? primary : secondary}"/>`).join('');
  }
  const definition = iconSet[name];
  if (!definition) throw new Error(`No icon ${name}`);
  const tree = typeof definition.icon === 'function' ? definition.icon(primary, secondary) : definition.icon;
  return tree.children
    .filter((child) => child.tag === 'path')
    .map((child) => `<path d="${child.attrs.d}" fill="${child.attrs.fill ?? primary}"/>`)
    .join('');
}

/** `name` drawn `size` pixels wide centred on (x, y). */
const place = (name, x, y, size, primary, secondary) =>
  `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${size / 896}) translate(-64 -64)">${artwork(name, primary, secondary)}</g>`;

/** A four-pointed sparkle. */
const sparkle = (x, y, r, fill) =>
  `<path d="M${x} ${y - r}Q${x + r * 0.18} ${y - r * 0.18} ${x + r} ${y}Q${x + r * 0.18} ${y + r * 0.18} ${x} ${y + r}Q${x - r * 0.18} ${y + r * 0.18} ${x - r} ${y}Q${x - r * 0.18} ${y - r * 0.18} ${x} ${y - r}z" fill="${fill}"/>`;

function indoor(main, accent, n) {
  const wall = shade(main, 0.9);
  const floor = shade(main, 0.72);
  const windowX = n % 2 === 0 ? 640 : 90;
  return `
    <rect width="${WIDTH}" height="${HEIGHT}" fill="${wall}"/>
    <rect y="392" width="${WIDTH}" height="148" fill="${floor}"/>
    <rect y="384" width="${WIDTH}" height="10" fill="${shade(main, 0.6)}"/>
    <g opacity="0.9">
      <rect x="${windowX}" y="70" width="220" height="210" rx="18" fill="#ffffff"/>
      <rect x="${windowX + 14}" y="84" width="92" height="88" rx="8" fill="${shade(accent, 0.7)}"/>
      <rect x="${windowX + 114}" y="84" width="92" height="88" rx="8" fill="${shade(accent, 0.6)}"/>
      <rect x="${windowX + 14}" y="178" width="92" height="88" rx="8" fill="${shade(accent, 0.6)}"/>
      <rect x="${windowX + 114}" y="178" width="92" height="88" rx="8" fill="${shade(accent, 0.75)}"/>
    </g>
    <ellipse cx="${n % 2 === 0 ? 300 : 660}" cy="470" rx="250" ry="38" fill="${shade(main, 0.58)}" opacity="0.55"/>
    <g transform="translate(${n % 2 === 0 ? 110 : 830} 300)">
      <rect x="-34" y="40" width="68" height="80" rx="12" fill="${shade(accent, -0.1)}"/>
      <ellipse cx="-18" cy="10" rx="26" ry="48" fill="${shade('#22C55E', -0.15)}" transform="rotate(-22 -18 10)"/>
      <ellipse cx="20" cy="4" rx="26" ry="54" fill="#22C55E" transform="rotate(18 20 4)"/>
    </g>`;
}

function outdoor(main, accent, n) {
  const sunX = n % 2 === 0 ? 790 : 170;
  return `
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${shade(main, 0.78)}"/><stop offset="1" stop-color="${shade(accent, 0.88)}"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="110" r="64" fill="${shade('#FACC15', 0.35)}"/>
    <circle cx="${sunX}" cy="110" r="44" fill="#FACC15"/>
    <g fill="#ffffff" opacity="0.85">
      <ellipse cx="${sunX > 480 ? 250 : 700}" cy="95" rx="70" ry="22"/><ellipse cx="${sunX > 480 ? 290 : 740}" cy="78" rx="44" ry="26"/>
    </g>
    <path d="M0 400Q240 300 480 380T960 350V540H0z" fill="${shade(main, 0.45)}"/>
    <path d="M0 450Q300 390 600 450T960 430V540H0z" fill="${shade(main, 0.25)}"/>
    <rect y="500" width="${WIDTH}" height="40" fill="${shade(main, 0.1)}" opacity="0.5"/>`;
}

/** Where the hero and its companions stand in photo `n`. */
const LAYOUTS = [
  { hero: [480, 270], small: [[260, 200], [700, 200], [700, 360]] },
  { hero: [330, 280], small: [[600, 160], [680, 320], [560, 420]] },
  { hero: [630, 280], small: [[360, 160], [280, 320], [400, 420]] },
  { hero: [480, 250], small: [[250, 330], [710, 330], [480, 460]] },
  { hero: [360, 270], small: [[620, 220], [760, 330], [580, 400]] },
  { hero: [600, 270], small: [[340, 220], [200, 330], [380, 400]] },
];

function compose(slug, n) {
  const art = ART[slug];
  const [main, accent] = PALETTES[slug];
  const layout = LAYOUTS[n % LAYOUTS.length];
  const outside = art.scene === 'outdoor' ? n % 3 !== 2 : n % 3 === 2 && slug !== 'tech';
  const heroName = art.heroes[n % art.heroes.length];
  const [hx, hy] = layout.hero;
  const heroSize = 250;
  const tile = n % 2 === 0
    ? `<rect x="${hx - 150}" y="${hy - 150}" width="300" height="300" rx="56" fill="#ffffff" filter="url(#shadow)"/>`
    : `<circle cx="${hx}" cy="${hy}" r="160" fill="#ffffff" filter="url(#shadow)"/>`;
  const smalls = layout.small
    .map(([x, y], i) => {
      const name = art.small[(n + i) % art.small.length];
      const fill = i === 1 ? shade(accent, 0.15) : '#ffffff';
      const primary = i === 1 ? '#ffffff' : shade(main, -0.15);
      const secondary = i === 1 ? shade(accent, 0.6) : shade(main, 0.75);
      return `<circle cx="${x}" cy="${y}" r="54" fill="${fill}" filter="url(#shadow)"/>${place(name, x, y, 62, primary, secondary)}`;
    })
    .join('');
  const sparkles = [
    [hx + 170, hy - 150, 16], [hx - 190, hy + 120, 12], [hx + 200, hy + 60, 9], [hx - 150, hy - 170, 10],
  ]
    .map(([x, y, r], i) => sparkle(x, y, r, i % 2 ? '#ffffff' : accent))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs><filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
      <feDropShadow dx="0" dy="10" stdDeviation="14" flood-color="${shade(main, -0.6)}" flood-opacity="0.22"/>
    </filter></defs>
    ${outside ? outdoor(main, accent, n) : indoor(main, accent, n)}
    <circle cx="${hx}" cy="${hy}" r="205" fill="${shade(accent, 0.55)}" opacity="0.45"/>
    ${tile}
    ${place(heroName, hx, hy, heroSize, main, shade(main, 0.7))}
    ${smalls}
    ${sparkles}
  </svg>`;
}

/**
 * The demo provider application's ID card: plainly a specimen (no real person, no real number), so
 * the admin's review shows a document like an applicant's without anyone's identity in the repo.
 */
function idCardSpecimen() {
  const lines = [
    [300, 190, 30, 700, 'HASHEMITE KINGDOM OF JORDAN'],
    [300, 250, 26, 400, 'Name: Rami Khoury'],
    [300, 295, 26, 400, 'Date of birth: 14 / 06 / 1990'],
    [300, 340, 26, 400, 'National no.: 0000000000'],
    [300, 385, 26, 400, 'Expires: 31 / 12 / 2031'],
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#e6ede9"/>
    <rect x="60" y="60" width="840" height="420" rx="28" fill="#ffffff" stroke="#0f766e" stroke-width="6"/>
    <rect x="60" y="60" width="840" height="80" rx="28" fill="#0f766e"/>
    <rect x="60" y="110" width="840" height="30" fill="#0f766e"/>
    <text x="480" y="112" font-family="sans-serif" font-size="34" font-weight="700" fill="#ffffff" text-anchor="middle">IDENTITY CARD</text>
    <rect x="100" y="170" width="170" height="220" rx="12" fill="#cbd5e1"/>
    <circle cx="185" cy="245" r="48" fill="#94a3b8"/>
    <path d="M115 380c10-70 50-100 70-100s60 30 70 100z" fill="#94a3b8"/>
    ${lines.map(([x, y, size, weight, text]) => `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" font-weight="${weight}" fill="#1f2933">${text}</text>`).join('')}
    <text x="480" y="330" font-family="sans-serif" font-size="120" font-weight="800" fill="#dc2626" opacity="0.28" text-anchor="middle" transform="rotate(-14 480 330)">SPECIMEN</text>
  </svg>`;
}

await mkdir(OUT, { recursive: true });
await writeFile(`${OUT}id-card-specimen.webp`, await sharp(Buffer.from(idCardSpecimen())).webp({ quality: 80 }).toBuffer());
let total = 0;
for (const slug of Object.keys(ART)) {
  for (let n = 0; n < PER_CATEGORY; n++) {
    const webp = await sharp(Buffer.from(compose(slug, n)))
      .webp({ quality: 78, effort: 6, smartSubsample: true })
      .toBuffer();
    await writeFile(`${OUT}${slug}-${n + 1}.webp`, webp);
    total += webp.length;
  }
}
process.stdout.write(`Wrote ${Object.keys(ART).length * PER_CATEGORY} photos, ${Math.round(total / 1024)} KB in all\n`);
