import type { Branding } from '@lp/contracts';

/**
 * White-label colours as the theme's CSS variables (index.css @theme): the ui kit's classes
 * (bg-primary, text-primary-strong, bg-secondary-soft, ...) read these, so setting them on the
 * document root re-colours every screen without touching a component.
 */
export const THEME_VARIABLES = [
  '--color-primary',
  '--color-primary-hover',
  '--color-primary-strong',
  '--color-primary-soft',
  '--color-secondary',
  '--color-secondary-hover',
  '--color-secondary-foreground',
  '--color-secondary-soft',
] as const;
export type ThemeVariable = (typeof THEME_VARIABLES)[number];

type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{6})$/i;

export function parseHex(value: string | null | undefined): Rgb | null {
  const match = value ? HEX.exec(value.trim()) : null;
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `weight` of `other` mixed into `rgb` (0: rgb, 1: other). */
const mix = (rgb: Rgb, other: Rgb, weight: number): Rgb => [
  rgb[0] + (other[0] - rgb[0]) * weight,
  rgb[1] + (other[1] - rgb[1]) * weight,
  rgb[2] + (other[2] - rgb[2]) * weight,
];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The variables an institution's colours set; a colour that is missing or not #rrggbb leaves
 * the product's own. The primary carries white text (buttons), so a primary too light for that
 * is darkened until white on it reads (4.5:1); the secondary carries dark text, as the
 * product's cyan does.
 */
export function themeVariables(branding: Pick<Branding, 'primary_color' | 'secondary_color'>): Partial<Record<ThemeVariable, string>> {
  const vars: Partial<Record<ThemeVariable, string>> = {};
  const primary = parseHex(branding.primary_color);
  if (primary) {
    let base = primary;
    for (let step = 0; step < 10 && 1.05 / (luminance(base) + 0.05) < 4.5; step++) base = mix(base, BLACK, 0.12);
    vars['--color-primary'] = toHex(base);
    vars['--color-primary-hover'] = toHex(mix(base, BLACK, 0.15));
    vars['--color-primary-strong'] = toHex(mix(base, BLACK, 0.3));
    vars['--color-primary-soft'] = toHex(mix(primary, WHITE, 0.9));
  }
  const secondary = parseHex(branding.secondary_color);
  if (secondary) {
    vars['--color-secondary'] = toHex(secondary);
    vars['--color-secondary-hover'] = toHex(mix(secondary, WHITE, 0.2));
    vars['--color-secondary-foreground'] = luminance(secondary) > 0.18 ? toHex(mix(secondary, BLACK, 0.75)) : '#ffffff';
    vars['--color-secondary-soft'] = toHex(mix(secondary, WHITE, 0.9));
  }
  return vars;
}

/** Sets the variables on an element (the document root), removing the ones not given: the product's own come back. */
export function applyThemeVariables(
  style: Pick<CSSStyleDeclaration, 'setProperty' | 'removeProperty'>,
  vars: Partial<Record<ThemeVariable, string>>,
): void {
  for (const name of THEME_VARIABLES) {
    const value = vars[name];
    if (value) style.setProperty(name, value);
    else style.removeProperty(name);
  }
}
