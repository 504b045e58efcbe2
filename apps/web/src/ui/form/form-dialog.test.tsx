import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../i18n';
import { FormDialog, type FormDialogProps } from './form-dialog';

function renderDialog(props: Partial<FormDialogProps> = {}) {
  const onClose = jest.fn();
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      title="Invite a member"
      description="They get an email."
      submitLabel="Invite"
      testId="invite-dialog"
      formTestId="invite-form"
      submitTestId="invite-submit"
      errorTestId="invite-error"
      {...props}
    >
      <input aria-label="Email" />
    </FormDialog>,
  );
  return { onClose, onSubmit };
}

describe('FormDialog', () => {
  it('submits its form from the submit button; Cancel closes without submitting', async () => {
    const { onClose, onSubmit } = renderDialog();
    const dialog = screen.getByTestId('invite-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Invite a member' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('invite-submit'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('cannot be submitted again while the call is pending', async () => {
    const { onSubmit } = renderDialog({ pending: true });
    const submit = screen.getByTestId('invite-submit');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the form's error under its title, and no alert while there is none", () => {
    renderDialog({ error: null, errorTitle: 'Could not invite.' });
    expect(screen.queryByTestId('invite-error')).toBeNull();
  });

  it("shows the form's error with its title when the call failed", () => {
    renderDialog({ error: 'The team is closed.', errorTitle: 'Could not invite.' });
    const alert = screen.getByTestId('invite-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Could not invite. The team is closed.');
  });

  it('closes on Escape like any dialog', async () => {
    const { onClose } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
