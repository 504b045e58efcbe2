/** Placeholder wired into the route table; replaced by the real screen. */
export function QuizInfoPage() {
  
  return <div data-testid="QuizInfoPage" />;
}
