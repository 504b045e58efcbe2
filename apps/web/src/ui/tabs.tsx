import * as TabsPrimitive from '@radix-ui/react-tabs';
import { useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
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

/** Which ends of a sideways scroller have more beyond them (kept up to date on scroll and resize). */
function useOverflowEdges<T extends HTMLElement>(): [RefObject<T | null>, { start: boolean; end: boolean }] {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      // 1px of slack: zoomed pages report fractional scroll positions
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return [ref, edges];
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d={direction === 'left' ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A tab row that scrolls sideways on narrow screens instead of squeezing its labels (use with
 * ScrollableTabsTrigger). A fade at an edge with more tabs beyond it shows that the row scrolls;
 * tabs snap into place, and the arrow keys still move between them (the focused tab scrolls into view).
 */
export function ScrollableTabsList({
  className,
  wrapperClassName,
  ...rest
}: ComponentProps<typeof TabsPrimitive.List> & { wrapperClassName?: string }) {
  const [scroller, edges] = useOverflowEdges<HTMLDivElement>();
  const fade = 'pointer-events-none absolute inset-y-0 flex w-12 items-center text-slate-500 transition-opacity duration-150';
  return (
    <div className={cn('relative', wrapperClassName)} data-testid="scrollable-tabs" data-more-start={edges.start} data-more-end={edges.end}>
      <div ref={scroller} className="snap-x snap-mandatory scroll-px-2 overflow-x-auto [scrollbar-width:thin]">
        <TabsList className={cn('w-max min-w-full justify-start', className)} {...rest} />
      </div>
      <span
        aria-hidden="true"
        className={cn(
          fade,
          'left-0 justify-start bg-gradient-to-r from-white via-white/80 to-transparent',
          edges.start ? 'opacity-100' : 'opacity-0',
        )}
      >
        <Chevron direction="left" />
      </span>
      <span
        aria-hidden="true"
        className={cn(
          fade,
          'right-0 justify-end bg-gradient-to-l from-white via-white/80 to-transparent',
          edges.end ? 'opacity-100' : 'opacity-0',
        )}
      >
        <Chevron direction="right" />
      </span>
    </div>
  );
}

export function ScrollableTabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsTrigger className={cn('flex-none snap-start px-3 whitespace-nowrap sm:flex-1', className)} {...rest} />;
}
