/** Placeholder wired into the route table; replaced by the real screen. */
export function QuizBuilderPage() {
  
  return <div data-testid="QuizBuilderPage" />;
}
