import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import '../../i18n';
import { FormField } from '../form-field';
import { Input } from '../input';
import { useContractForm } from './use-contract-form';

const InviteRequest = z.object({
  email: z.email('Enter a valid email'),
  details: z.object({ note: z.string().max(20, 'Note is too long') }),
});

/** A form the way a feature writes one: a failed call goes to applyServerError. */
function InviteForm({ send }: { send: (body: z.output<typeof InviteRequest>) => Promise<void> }) {
  const form = useContractForm(InviteRequest, { defaultValues: { email: '', details: { note: '' } } });
  const submit = form.submit(async (body) => {
    try {
      await send(body);
    } catch (error) {
      form.applyServerError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormField label="Email" error={form.errorText('email')}>
        {(field) => <Input {...field} {...form.register('email')} />}
      </FormField>
      <FormField label="Note" error={form.errorText('details.note')}>
        {(field) => <Input {...field} {...form.register('details.note')} />}
      </FormField>
      {form.formError && <p data-testid="form-error">{form.formError}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

async function fillAndSend(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('useContractForm', () => {
  it("says the contract's message on the field and sends nothing while the form breaks it", async () => {
    const send = jest.fn(() => Promise.resolve());
    render(<InviteForm send={send} />);
    await fillAndSend('not-an-email');
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields, nested paths included, and the rest on the form", async () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', [
      { path: 'email', message: 'Email is already invited' },
      { path: 'details.note', message: 'Note has a bad word' },
      { path: 'team_id', message: 'Team is closed' },
    ]);
    render(<InviteForm send={() => Promise.reject(refused)} />);
    await fillAndSend('ada@example.com');
    expect(await screen.findByText('Email is already invited')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Note').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Note has a bad word')).toBeTruthy();
    expect(screen.getByTestId('form-error').textContent).toBe('Team is closed');
  });

  it('shows an error without fields as the form error, in the text of its code', async () => {
    render(<InviteForm send={() => Promise.reject(new ApiError(404, 'USER_NOT_FOUND', 'no row for ada@example.com'))} />);
    await fillAndSend('ada@example.com');
    expect((await screen.findByTestId('form-error')).textContent).toBe('User not found');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
  });

  it('clears the form error when the form is sent again', async () => {
    const send = jest
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', null))
      .mockResolvedValueOnce(undefined);
    render(<InviteForm send={send} />);
    await fillAndSend('ada@example.com');
    expect(await screen.findByTestId('form-error')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
