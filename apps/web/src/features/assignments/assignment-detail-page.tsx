/** Placeholder wired into the route table; replaced by the real screen. */
export function AssignmentDetailPage() {
  
  return <div data-testid="AssignmentDetailPage" />;
}
