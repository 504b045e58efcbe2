/** Placeholder wired into the route table; replaced by the real screen. */
export function QuizReviewPage() {
  
  return <div data-testid="QuizReviewPage" />;
}
