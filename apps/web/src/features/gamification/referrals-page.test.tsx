import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { gamificationRoutes, identityRoutes, type MyReferralsResponse } from '@lp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, restoreFetch, signIn, stubApi, type ApiStub } from '../../testing/app-harness';
import { learner, userId } from './fixtures.testing';
import { ReferralsPage } from './referrals-page';

jest.setTimeout(30_000);

const LINK = 'http://localhost:3000/?ref=ABCD2345';
let api: ApiStub;
let answer: MyReferralsResponse;
let writeText: jest.Mock<(text: string) => Promise<void>>;

const none: MyReferralsResponse = {
  code: null,
  link: null,
  referrals: [],
  reward: { amount_minor: 500, currency: 'USD', xp: 100 },
  earned_minor: 0,
};

beforeEach(() => {
  answer = none;
  writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  api = stubApi()
    .on(gamificationRoutes.myReferrals, () => answer)
    .on(gamificationRoutes.generateReferral, () => {
      answer = { ...answer, code: 'ABCD2345', link: LINK };
      return { code: 'ABCD2345', link: LINK };
    });
  signIn(api, identityRoutes.me, learner);
});
afterEach(() => {
  restoreFetch();
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(navigator, 'share');
});

const open = () => renderScreen(<ReferralsPage />, { path: '/referrals' });

describe('ReferralsPage', () => {
  it('explains the reward, makes a code on Generate, and shows the link', async () => {
    open();
    const reward = await screen.findByTestId('referral-reward');
    expect(reward.textContent).toContain('you get $5.00 in your wallet and 100 XP');
    expect(screen.getByRole('heading', { name: 'Nobody has joined through your link yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Generate my code' }));
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ABCD2345');
    expect((screen.getByLabelText('Your referral link') as HTMLInputElement).value).toBe(LINK);
    expect(api.callsTo(gamificationRoutes.generateReferral)).toHaveLength(1);
  });

  it('copies the link with Copy link, and shares through the share sheet when the browser has one', async () => {
    answer = { ...none, code: 'ABCD2345', link: LINK };
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    const share = jest.fn(async (_: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]![0].url).toBe(LINK);
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('says so when the link cannot be copied', async () => {
    answer = { ...none, code: 'ABCD2345', link: LINK };
    writeText.mockRejectedValue(new Error('denied'));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('The link could not be copied: select it and copy it yourself.')).toBeTruthy();
  });

  it('lists the people referred with the masked e-mail, status, date and reward', async () => {
    answer = {
      ...none,
      code: 'ABCD2345',
      link: LINK,
      earned_minor: 500,
      referrals: [
        {
          id: userId(1),
          referred_email: 'al***@gmail.com',
          status: 'completed',
          created_at: '2026-11-20T09:00:00.000Z',
          completed_at: '2026-11-21T09:00:00.000Z',
          reward_claimed: true,
          reward_note: null,
        },
        {
          id: userId(2),
          referred_email: 'bo***@example.com',
          status: 'pending',
          created_at: '2026-11-25T09:00:00.000Z',
          completed_at: null,
          reward_claimed: false,
          reward_note: null,
        },
        {
          id: userId(3),
          referred_email: 'cy***@example.com',
          status: 'completed',
          created_at: '2026-11-26T09:00:00.000Z',
          completed_at: '2026-11-26T10:00:00.000Z',
          reward_claimed: false,
          reward_note: 'The monthly limit of 10 rewards was reached',
        },
        {
          id: userId(4),
          referred_email: 'di***@example.com',
          status: 'completed',
          created_at: '2026-11-27T08:00:00.000Z',
          completed_at: '2026-11-27T09:00:00.000Z',
          reward_claimed: false,
          reward_note: null,
        },
      ],
    };
    open();
    const list = await screen.findByTestId('referral-list');
    const rows = within(list).getAllByTestId('referral-row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent))).toEqual([
      ['al***@gmail.com', 'Completed', 'November 20, 2026', 'Paid'],
      ['bo***@example.com', 'Pending', 'November 25, 2026', 'After their first lesson'],
      ['cy***@example.com', 'Completed', 'November 26, 2026', 'The monthly limit of 10 rewards was reached'],
      // completed, and the wallet credit still on its way through billing
      ['di***@example.com', 'Completed', 'November 27, 2026', 'Being paid'],
    ]);
    expect(screen.getByTestId('referral-earned').textContent).toBe('Earned so far: $5.00');
  });
});
