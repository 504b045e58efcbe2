import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../../i18n';
import { emptyGroupForm, type GroupBody } from '../forms';
import { GroupFields, GroupFormAlert, useGroupForm } from './group-form';

/** The form as the create dialog and the Settings tab hold it. */
function Harness({ mode, onSubmit }: { mode: 'create' | 'manage'; onSubmit: (body: GroupBody) => void }) {
  const { form, error } = useGroupForm(emptyGroupForm, mode);
  return (
    <form onSubmit={form.submit(onSubmit)} noValidate>
      <GroupFields form={form} />
      <GroupFormAlert error={error} serverError={null} />
      <button type="submit">Save</button>
    </form>
  );
}

async function fillRequired() {
  await userEvent.type(screen.getByTestId('group-form-name'), ' Algebra ');
  await userEvent.type(screen.getByTestId('group-form-description'), 'Weekly practice');
  await userEvent.selectOptions(screen.getByTestId('group-form-category'), 'Academic Support');
}

// typing into a form in jsdom is slow on a loaded machine
jest.setTimeout(30_000);

describe('the study group form', () => {
  it("says the spec's fill-in text for a blank required field, create and manage alike in their words", async () => {
    const onSubmit = jest.fn();
    const { unmount } = render(<Harness mode="create" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('group-form-error')).textContent).toBe('Please fill in all fields');
    unmount();
    render(<Harness mode="manage" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('group-form-error')).textContent).toBe('Please fill in all required fields');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("keeps max members within the contract's 5-100 in its words, and sends the checked body", async () => {
    const onSubmit = jest.fn();
    render(<Harness mode="create" onSubmit={onSubmit} />);
    await fillRequired();
    const max = screen.getByTestId('group-form-max-members');
    expect((max as HTMLInputElement).value).toBe('50');
    await userEvent.clear(max);
    await userEvent.type(max, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('group-form-error')).textContent).toBe('Max members cannot exceed 100');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(max);
    await userEvent.type(max, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Algebra',
      description: 'Weekly practice',
      category: 'academic_support',
      max_members: 12,
      privacy: 'public',
    });
    expect(screen.queryByTestId('group-form-error')).toBeNull();
  });
});
