/** Placeholder wired into the route table; replaced by the real screen. */
export function LearningProgressPage() {
  
  return <div data-testid="LearningProgressPage" />;
}
