/** The drag handle's six dots. */
export function GripIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
      {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
    </svg>
  );
}

export function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={up ? 'M10 15V5M5 10l5-5 5 5' : 'M10 5v10M5 10l5 5 5-5'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
