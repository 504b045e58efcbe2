import { useMemo, type ComponentProps } from 'react';
import { Select } from '../../ui';
import { timeZoneOptions } from './time-zones';

/** A native select of the IANA time zones the browser knows (typing a letter jumps through them). */
export function TimeZoneSelect({ value, ...rest }: Omit<ComponentProps<typeof Select>, 'children' | 'value'> & { value: string }) {
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select value={value} {...rest}>
      {options.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, ' ')}
        </option>
      ))}
    </Select>
  );
}
