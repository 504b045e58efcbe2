/** Placeholder wired into the route table; replaced by the real screen. */
export function QuizPreviewPage() {
  
  return <div data-testid="QuizPreviewPage" />;
}
