/** Placeholder wired into the route table; replaced by the real screen. */
export function TakeQuizPage() {
  
  return <div data-testid="TakeQuizPage" />;
}
