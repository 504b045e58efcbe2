import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import '../../i18n';
import { FormField } from '../form-field';
import { Input } from '../input';
import { FieldMessage } from './field-message';
import { formSchemaOf } from './form-schema';
import { useContractForm } from './use-contract-form';

/** A contract that takes numbers and a list, filled from a form that holds text. */
const PriceRequest = z.object({
  price: z.number({ error: 'Price is required' }).min(0, 'Price cannot be negative'),
  tags: z.array(z.string().max(5, 'Tag is too long')).min(1, 'Add a tag'),
});
interface PriceForm {
  price: string;
  tags: string[];
}
const priceBody = (values: PriceForm) => ({
  price: values.price.trim() === '' ? undefined : Number(values.price),
  tags: values.tags.filter((tag) => tag.trim() !== ''),
});

function PriceForm({ send }: { send: (body: z.output<typeof PriceRequest>) => void }) {
  const form = useContractForm(formSchemaOf(priceBody, PriceRequest), { defaultValues: { price: '', tags: ['', ''] } });
  return (
    <form onSubmit={form.submit(send)} noValidate>
      <FormField label="Price" error={form.errorText('price')}>
        {(field) => <Input {...field} {...form.register('price')} />}
      </FormField>
      <Input aria-label="Tag 1" {...form.register('tags.0')} />
      <FieldMessage message={form.errorText('tags')} testId="tags-error" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('formSchemaOf', () => {
  it("checks the body the form makes and says the contract's messages on the fields of the same names", async () => {
    const send = jest.fn();
    render(<PriceForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price is required')).toBeTruthy();
    expect(screen.getByTestId('tags-error').textContent).toBe('Add a tag');
    expect(send).not.toHaveBeenCalled();
  });

  it('says the first message under a list (tags.0) on the list, and sends the body, not the text', async () => {
    const send = jest.fn();
    render(<PriceForm send={send} />);
    await userEvent.type(screen.getByLabelText('Price'), '12.5');
    await userEvent.type(screen.getByLabelText('Tag 1'), 'far too long');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('tags-error')).textContent).toBe('Tag is too long');
    await userEvent.clear(screen.getByLabelText('Tag 1'));
    await userEvent.type(screen.getByLabelText('Tag 1'), 'math');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith({ price: 12.5, tags: ['math'] }, expect.anything());
  });
});
