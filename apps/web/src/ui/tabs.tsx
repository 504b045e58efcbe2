import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { focusRing } from './focus-ring';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn('inline-flex w-full items-center gap-1 rounded-xl bg-slate-100 p-1', className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'flex-1 cursor-pointer rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900',
        'data-[state=active]:bg-white data-[state=active]:text-primary data-[state=active]:shadow-sm',
        focusRing,
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...rest} />;
}

/** A tab row that scrolls sideways on narrow screens instead of squeezing its labels (use with ScrollableTabsTrigger). */
export function ScrollableTabsList({
  className,
  wrapperClassName,
  ...rest
}: ComponentProps<typeof TabsPrimitive.List> & { wrapperClassName?: string }) {
  return (
    <div className={cn('overflow-x-auto', wrapperClassName)}>
      <TabsList className={cn('w-max min-w-full justify-start', className)} {...rest} />
    </div>
  );
}

export function ScrollableTabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsTrigger className={cn('flex-none px-3 whitespace-nowrap sm:flex-1', className)} {...rest} />;
}
