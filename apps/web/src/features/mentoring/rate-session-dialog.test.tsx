import { describe, expect, it, jest } from '@jest/globals';
import type { MentoringSession } from '@lp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../i18n';
import { ToastContext } from '../../ui/toast-context';
import { RateSessionDialog } from './rate-session-dialog';

const session = {
  id: '00000000-0000-4000-8000-000000000042',
  title: 'Portfolio review',
  mentor_name: 'Ada Mentor',
} as MentoringSession;

function renderDialog() {
  const sent: { url: string; body: unknown }[] = [];
  // the gateway as far as this dialog needs it: the call is recorded and answered with the rated session
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return { ok: true, status: 200, text: async () => JSON.stringify(session) } as Response;
  }) as typeof fetch;
  const toast = jest.fn();
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={{ toast }}>
        <RateSessionDialog session={session} onClose={onClose} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  return { sent, onClose };
}

// typing into a dialog in jsdom is slow on a loaded machine
jest.setTimeout(30_000);

describe('Rate Session', () => {
  it('asks for stars before sending anything', async () => {
    const { sent } = renderDialog();
    await userEvent.click(screen.getByTestId('rate-submit'));
    expect(await screen.findByText('Choose 1 to 5 stars')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the stars and the trimmed review, then closes', async () => {
    const { sent, onClose } = renderDialog();
    await userEvent.click(screen.getByTestId('rate-submit'));
    await screen.findByText('Choose 1 to 5 stars');
    await userEvent.click(screen.getByTestId('rate-star-4'));
    await waitFor(() => expect(screen.queryByText('Choose 1 to 5 stars')).toBeNull());
    await userEvent.type(screen.getByTestId('rate-review'), '  Clear and kind  ');
    await userEvent.click(screen.getByTestId('rate-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ url: expect.stringContaining(`/sessions/${session.id}/rate`), body: { rating: 4, review: 'Clear and kind' } }]);
  });
});
