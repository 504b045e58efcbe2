/** Placeholder wired into the route table; replaced by the real screen. */
export function QuizCreatePage({ variant }: { variant: 'instructor' | 'institution' }) {
  void variant;
  return <div data-testid="QuizCreatePage" />;
}
