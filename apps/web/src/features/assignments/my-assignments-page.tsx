/** Placeholder wired into the route table; replaced by the real screen. */
export function MyAssignmentsPage() {
  
  return <div data-testid="MyAssignmentsPage" />;
}
