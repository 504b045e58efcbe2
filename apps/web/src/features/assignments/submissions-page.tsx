/** Placeholder wired into the route table; replaced by the real screen. */
export function SubmissionsPage() {
  
  return <div data-testid="SubmissionsPage" />;
}
