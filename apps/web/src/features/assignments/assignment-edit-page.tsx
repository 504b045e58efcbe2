/** Placeholder wired into the route table; replaced by the real screen. */
export function AssignmentEditPage() {
  
  return <div data-testid="AssignmentEditPage" />;
}
