import { z } from 'zod';

/**
 * A form whose fields are not the body it sends (prices typed as text, blank lines dropped):
 * its values become the body by `toBody`, and the contract's schema checks that body, so its
 * messages land on the fields of the same names.
 */
export function formSchemaOf<Values, Contract extends z.ZodType>(toBody: (values: Values) => unknown, contract: Contract) {
  return z.preprocess((values: Values) => toBody(values), contract);
}
