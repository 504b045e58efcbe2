import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, Reply, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { AccountSettingsPage } from './account-settings-page';
import { applicationServerKey, PUSH_SERVICE_WORKER } from './browser-push-control';
import { learner, preferences } from './fixtures.testing';

jest.setTimeout(30_000);

// The browser's own push machinery (Notification, ServiceWorkerContainer, PushManager) does not
// exist in jsdom: these stand-ins play the browser, not any of our services.
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.test/send/abc';

class FakeSubscription {
  unsubscribed = false;
  readonly endpoint = ENDPOINT;
  constructor(readonly options: { applicationServerKey: Uint8Array }) {}
  toJSON() {
    return { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: `B${'Q'.repeat(86)}`, auth: 'A'.repeat(22) } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    browser.subscription = null;
    return true;
  }
}

interface FakeBrowser {
  permission: NotificationPermission;
  /** what the permission prompt answers */
  answer: NotificationPermission;
  registered: string[];
  subscription: FakeSubscription | null;
}
let browser: FakeBrowser;
let serverSubscriptions: Array<{ endpoint: string; keys: { p256dh: string; auth: string } }>;
let api: ApiStub;

function installPush(supported: boolean) {
  const w = window as unknown as Record<string, unknown>;
  const nav = navigator as unknown as Record<string, unknown>;
  delete w.PushManager;
  delete w.Notification;
  delete nav.serviceWorker;
  if (!supported) return;
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: async (options: { applicationServerKey: Uint8Array }) => (browser.subscription = new FakeSubscription(options)),
  };
  const registration = { pushManager };
  w.PushManager = function PushManager() {};
  w.Notification = {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => (browser.permission = browser.answer),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string) => (browser.registered.push(url), registration),
      getRegistration: async () => (browser.registered.length || browser.subscription ? registration : undefined),
    },
  });
}

beforeEach(() => {
  browser = { permission: 'default', answer: 'granted', registered: [], subscription: null };
  serverSubscriptions = [];
  api = stubApi()
    .on(gamificationRoutes.notificationPreferences, () => preferences())
    .on(gamificationRoutes.pushPublicKey, () => ({ enabled: true, public_key: PUBLIC_KEY, subscriptions: serverSubscriptions.length }))
    .on(gamificationRoutes.subscribePush, (call) => {
      serverSubscriptions.push(call.body as (typeof serverSubscriptions)[number]);
      return { message: 'Browser notifications are on in this browser', subscriptions: serverSubscriptions.length };
    })
    .on(gamificationRoutes.unsubscribePush, (call) => {
      const endpoint = call.query.get('endpoint');
      serverSubscriptions = serverSubscriptions.filter((s) => s.endpoint !== endpoint);
      return { message: 'Browser notifications are off in this browser', subscriptions: serverSubscriptions.length };
    });
});
afterEach(() => {
  restoreFetch();
  installPush(false);
});

const open = async () => {
  signIn(api, identityRoutes.me, learner);
  renderScreen(<AccountSettingsPage />, { path: '/account-settings' });
  return screen.findByTestId('browser-push');
};

describe('browser notifications in the notification channels card', () => {
  it('turns on: asks permission, registers the service worker, subscribes with the server key and hands the subscription over', async () => {
    installPush(true);
    const control = await open();
    await waitFor(() => expect(control.getAttribute('data-state')).toBe('off'));
    expect(
      within(control).getByText('The Push switches below take effect only once browser notifications are on in a browser.'),
    ).toBeTruthy();
    // nothing is registered before the person asks
    expect(browser.registered).toEqual([]);

    await userEvent.click(within(control).getByRole('button', { name: 'Enable browser notifications' }));
    await waitFor(() => expect(control.getAttribute('data-state')).toBe('on'));
    expect(browser.registered).toEqual([PUSH_SERVICE_WORKER]);
    expect([...browser.subscription!.options.applicationServerKey]).toEqual([...applicationServerKey(PUBLIC_KEY)]);
    expect(serverSubscriptions).toEqual([{ endpoint: ENDPOINT, expirationTime: null, keys: browser.subscription!.toJSON().keys }]);
    expect(within(control).getByText('On in this browser: notifications pop up here even when LearnHub is not open.')).toBeTruthy();
    expect(within(control).queryByTestId('browser-push-hint')).toBeNull();

    await userEvent.click(within(control).getByRole('button', { name: 'Turn off browser notifications' }));
    await waitFor(() => expect(control.getAttribute('data-state')).toBe('off'));
    expect(serverSubscriptions).toEqual([]);
    expect(browser.subscription).toBeNull();
  });

  it('says so when the browser blocks notifications at the prompt, and offers no button', async () => {
    installPush(true);
    browser.answer = 'denied';
    const control = await open();
    await userEvent.click(await within(control).findByRole('button', { name: 'Enable browser notifications' }));
    await waitFor(() => expect(control.getAttribute('data-state')).toBe('denied'));
    expect(
      within(control).getByText(
        "Browser notifications are blocked in this browser. Allow them for this site in the browser's settings, then come back.",
      ),
    ).toBeTruthy();
    expect(within(control).queryByRole('button')).toBeNull();
    expect(serverSubscriptions).toEqual([]);
  });

  it('says a browser without push is not supported, and where the Push switches go instead', async () => {
    installPush(false);
    serverSubscriptions = [{ endpoint: 'https://push.example.test/other', keys: { p256dh: 'x', auth: 'y' } }];
    const control = await open();
    await waitFor(() => expect(control.getAttribute('data-state')).toBe('unsupported'));
    expect(within(control).getByText('Browser notifications are not supported in this browser.')).toBeTruthy();
    expect(within(control).queryByRole('button')).toBeNull();
    await within(control).findByText(
      'The Push switches below reach the 1 browser where you turned browser notifications on, not this one.',
    );
  });

  it('takes the browser subscription back and says why when the server refuses it', async () => {
    installPush(true);
    api.on(gamificationRoutes.subscribePush, () => new Reply(503, { detail: 'x', code: 'PUSH_UNAVAILABLE', errors: [] }));
    const control = await open();
    await userEvent.click(await within(control).findByRole('button', { name: 'Enable browser notifications' }));
    expect((await within(control).findByRole('alert')).textContent).toBe(
      'Browser notifications could not be turned on. Browser notifications are not available on this server.',
    );
    expect(control.getAttribute('data-state')).toBe('off');
    expect(browser.subscription).toBeNull();
  });
});
