/** Placeholder wired into the route table; replaced by the real screen. */
export function QuizCentrePage() {
  
  return <div data-testid="QuizCentrePage" />;
}
