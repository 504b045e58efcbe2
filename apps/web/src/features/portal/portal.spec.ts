import { describe, expect, it } from '@jest/globals';
import type { Portal } from '@lp/contracts';
import { ApiError } from '../../api/api-error';
import { derivePlatformHost, portalSubdomainOf } from '../../config/platform-host';
import { alreadyTriedSwitch, autoSwitchTarget, isUnknownPortal, rememberSwitchTry } from './portal-logic';
import { applyThemeVariables, luminance, parseHex, themeVariables } from './theme';

const portal = (over: Partial<Portal>): Portal => ({
  institution_id: 'i1',
  name: 'Acme Academy',
  subdomain: 'acme',
  role: 'learner',
  is_primary: false,
  is_current: false,
  ...over,
});

describe('platform host', () => {
  it('takes everything after the first label of a host with three or more labels', () => {
    expect(derivePlatformHost('acme.learnhub.example')).toBe('learnhub.example');
    expect(derivePlatformHost('Acme.LearnHub.co.uk')).toBe('learnhub.co.uk');
  });

  it('keeps a two-label host, localhost and IP addresses as they are', () => {
    expect(derivePlatformHost('learnhub.example')).toBe('learnhub.example');
    expect(derivePlatformHost('localhost')).toBe('localhost');
    expect(derivePlatformHost('127.0.0.1')).toBe('127.0.0.1');
    expect(derivePlatformHost('::1')).toBe('::1');
  });

  it('reads <sub>.localhost as a portal of localhost', () => {
    expect(derivePlatformHost('acme.localhost')).toBe('localhost');
    expect(portalSubdomainOf('acme.localhost', 'localhost')).toBe('acme');
  });

  it('finds the portal subdomain of a host under the platform host', () => {
    expect(portalSubdomainOf('acme.learnhub.example', 'learnhub.example')).toBe('acme');
    expect(portalSubdomainOf('learnhub.example', 'learnhub.example')).toBeNull();
    expect(portalSubdomainOf('www.learnhub.example', 'learnhub.example')).toBeNull();
    expect(portalSubdomainOf('a.b.learnhub.example', 'learnhub.example')).toBeNull();
    expect(portalSubdomainOf('other.example', 'learnhub.example')).toBeNull();
    expect(portalSubdomainOf('127.0.0.1', '127.0.0.1')).toBeNull();
  });
});

describe('automatic switch on a portal host', () => {
  it("switches to the host's institution when the user may enter it and it is not current", () => {
    const portals = [portal({ institution_id: 'own', is_current: true, is_primary: true }), portal({ institution_id: 'host' })];
    expect(autoSwitchTarget(portals, 'host')).toBe('host');
  });

  it('stays when the portal is already current, not offered, or the host is unknown', () => {
    expect(autoSwitchTarget([portal({ institution_id: 'host', is_current: true })], 'host')).toBeNull();
    expect(autoSwitchTarget([portal({ institution_id: 'own', is_current: true })], 'host')).toBeNull();
    expect(autoSwitchTarget([portal({ institution_id: 'host' })], null)).toBeNull();
  });

  it('tries one switch per portal in a tab', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(alreadyTriedSwitch(storage, 'host')).toBe(false);
    rememberSwitchTry(storage, 'host');
    expect(alreadyTriedSwitch(storage, 'host')).toBe(true);
    expect(alreadyTriedSwitch(storage, 'other')).toBe(false);
  });

  it('reads a 404 of the branding as an unknown portal', () => {
    expect(isUnknownPortal(new ApiError(404, 'PORTAL_NOT_FOUND', 'Portal not found'))).toBe(true);
    expect(isUnknownPortal(new ApiError(500, 'INTERNAL', null))).toBe(false);
    expect(isUnknownPortal(new Error('network'))).toBe(false);
  });
});

describe('white-label theme', () => {
  it('parses #rrggbb colours only', () => {
    expect(parseHex('#1e40af')).toEqual([30, 64, 175]);
    expect(parseHex('1e40af')).toBeNull();
    expect(parseHex('#fff')).toBeNull();
    expect(parseHex(null)).toBeNull();
  });

  it("sets the theme's variables from the institution's colours", () => {
    const vars = themeVariables({ primary_color: '#1E40AF', secondary_color: '#F59E0B' });
    expect(vars['--color-primary']).toBe('#1e40af');
    expect(vars['--color-secondary']).toBe('#f59e0b');
    expect(Object.keys(vars)).toHaveLength(8);
    // a light secondary carries dark text, as the product's cyan does
    expect(luminance(parseHex(vars['--color-secondary-foreground']) ?? [255, 255, 255])).toBeLessThan(0.1);
  });

  it('darkens a primary too light for white text until it reads', () => {
    const vars = themeVariables({ primary_color: '#fde047', secondary_color: null });
    const primary = parseHex(vars['--color-primary']);
    expect(primary).not.toBeNull();
    expect(1.05 / (luminance(primary ?? [0, 0, 0]) + 0.05)).toBeGreaterThanOrEqual(4.5);
    expect(vars['--color-secondary']).toBeUndefined();
  });

  it("leaves the product's colours for missing or malformed values", () => {
    expect(themeVariables({ primary_color: null, secondary_color: 'blue' })).toEqual({});
  });

  it('removes the variables it does not set, so the product colours come back', () => {
    const set = new Map<string, string>();
    const style = { setProperty: (k: string, v: string) => void set.set(k, v), removeProperty: (k: string) => (set.delete(k), '') };
    applyThemeVariables(style, themeVariables({ primary_color: '#1e40af', secondary_color: '#f59e0b' }));
    expect(set.size).toBe(8);
    applyThemeVariables(style, {});
    expect(set.size).toBe(0);
  });
});
