/** Placeholder wired into the route table; replaced by the real screen. */
export function TestSessionPage() {
  
  return <div data-testid="TestSessionPage" />;
}
