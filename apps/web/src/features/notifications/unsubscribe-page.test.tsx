import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes } from '@lp/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Reply, renderScreen, restoreFetch, stubApi, type ApiStub } from '../../testing/app-harness';
import { UnsubscribePage } from './unsubscribe-page';

jest.setTimeout(30_000);

let api: ApiStub;
let subscribed: boolean;

beforeEach(() => {
  api = stubApi();
  subscribed = true;
  // signed out: the reader of an e-mail often is
  api.on(identityRoutes.me, () => new Reply(401, { detail: 'Not signed in', code: 'UNAUTHENTICATED', errors: [] }));
  api.on(gamificationRoutes.unsubscribeLink, (call) =>
    call.query.get('token') === 'good'
      ? { type: 'answer_posted' as const, category: 'community' as const, subscribed }
      : new Reply(400, {
          detail: 'This unsubscribe link is not valid. You can turn e-mails off in your account settings.',
          code: 'INVALID_UNSUBSCRIBE_LINK',
          errors: [],
        }),
  );
  api.on(gamificationRoutes.unsubscribe, () => {
    subscribed = false;
    return {
      type: 'answer_posted' as const,
      category: 'community' as const,
      subscribed: false,
      message: 'You will no longer receive these e-mails.',
    };
  });
});
afterEach(restoreFetch);

const open = (search: string) =>
  renderScreen(<UnsubscribePage />, { path: `/unsubscribe${search}`, pattern: '/unsubscribe', guard: 'public' });

describe('UnsubscribePage', () => {
  it('asks before it unsubscribes, posts once on the button, and says what stopped', async () => {
    open('?token=good');
    expect(await screen.findByTestId('unsubscribe-question')).toHaveProperty(
      'textContent',
      'Stop e-mails about “New answer to your question”?',
    );
    // opening the link changed nothing
    expect(api.callsTo(gamificationRoutes.unsubscribe)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('unsubscribe-confirm'));
    await waitFor(() => expect(screen.getByTestId('unsubscribe-done').textContent).toContain('You will no longer receive e-mails about'));
    const [post] = api.callsTo(gamificationRoutes.unsubscribe);
    expect(post!.query.get('token')).toBe('good');
    expect(screen.getByTestId('unsubscribe-settings').getAttribute('href')).toBe('/account-settings');
  });

  it('says so at once when the e-mails were already stopped', async () => {
    subscribed = false;
    open('?token=good');
    expect(await screen.findByTestId('unsubscribe-done')).toBeTruthy();
    expect(screen.queryByTestId('unsubscribe-confirm')).toBeNull();
  });

  it("shows the server's word for an altered link, and a missing token without asking", async () => {
    open('?token=bad');
    expect((await screen.findByTestId('unsubscribe-invalid')).textContent).toBe(
      'This unsubscribe link is not valid. You can turn e-mails off in your account settings.',
    );
    expect(screen.queryByTestId('unsubscribe-confirm')).toBeNull();
  });

  it('offers no button without a token, and asks the server nothing', async () => {
    open('');
    expect(await screen.findByTestId('unsubscribe-invalid')).toBeTruthy();
    expect(api.callsTo(gamificationRoutes.unsubscribeLink)).toHaveLength(0);
  });

  it('keeps the button when the unsubscribe fails, with the failure said', async () => {
    api.on(
      gamificationRoutes.unsubscribe,
      () => new Reply(503, { detail: 'Service unavailable', code: 'SERVICE_UNAVAILABLE', errors: [] }),
    );
    open('?token=good');
    await userEvent.click(await screen.findByTestId('unsubscribe-confirm'));
    expect(await screen.findByTestId('unsubscribe-error')).toBeTruthy();
    expect(screen.getByTestId('unsubscribe-confirm')).toBeTruthy();
  });
});
