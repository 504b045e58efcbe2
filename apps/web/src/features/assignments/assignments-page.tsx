/** Placeholder wired into the route table; replaced by the real screen. */
export function AssignmentsPage() {
  
  return <div data-testid="AssignmentsPage" />;
}
